import { getFormProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData } from "@remix-run/react";
import { ArrowRight, PenLine, Sparkles } from "lucide-react";
import { useTranslation } from "react-i18next";
import { StepCard } from "~/components/create/step-card";
import { stepPath } from "~/modules/posts/wizard-steps";
import { useZodForm } from "~/components/forms/use-zod-form";
import { ErrorList, FormErrors } from "~/components/ui/field";
import { StatusButton } from "~/components/ui/status-button";
import { assertAiAvailable } from "~/modules/ai/ai-access.server";
import { requireMember } from "~/modules/auth/guards.server";
import { rethrowUnlessAppError } from "~/modules/errors/app-error";
import { getPageParams } from "~/modules/http/route-errors.server";
import { replyInvalid, replyWithError } from "~/modules/forms/reply.server";
import { postParams } from "~/modules/http/params.server";
import { saveStep } from "~/modules/posts/compose.server";
import { methodFormSchema } from "~/modules/posts/schemas";
import { cn } from "~/utils/cn";
import { useWizardData } from "./_dashboard.create.$postId";

export async function action({ request, params }: ActionFunctionArgs) {
  const { user, actor } = await requireMember(request, "write");
  const { postId } = getPageParams(params, postParams);
  const submission = parseWithZod(await request.formData(), { schema: methodFormSchema });
  if (submission.status !== "success") return replyInvalid(submission);
  try {
    // The plan is checked here too, not only by the disabled option.
    if (submission.value.method === "ai") await assertAiAvailable(user.id);
    await saveStep(actor, postId, "content", { source: submission.value.method });
  } catch (error) {
    rethrowUnlessAppError(error);
    return replyWithError(request, submission, error);
  }
  return redirect(stepPath(postId, "content"));
}

export default function MethodStep() {
  const { t } = useTranslation();
  const { post, ai } = useWizardData();
  const lastResult = useActionData<typeof action>()?.result;
  const [form, fields] = useZodForm("method", methodFormSchema, lastResult, { defaultValue: { method: post.source } });
  const options = [
    { value: "manual", icon: PenLine, disabled: false },
    { value: "ai", icon: Sparkles, disabled: ai !== "available" },
  ] as const;
  return (
    <Form method="post" {...getFormProps(form)} noValidate>
      <StepCard
        title={t("create.method.title")}
        description={t("create.method.description")}
        backTo={stepPath(post.id, "platforms")}
        actions={
          <StatusButton>
            {t("create.next")}
            <ArrowRight aria-hidden />
          </StatusButton>
        }
      >
        <fieldset className="flex flex-col gap-3">
          <legend className="sr-only">{t("create.method.title")}</legend>
          <div className="grid gap-3 sm:grid-cols-2">
            {options.map(({ value, icon: Icon, disabled }) => (
              <label
                key={value}
                className={cn(
                  "flex cursor-pointer flex-col gap-3 rounded-xl border bg-card p-5 shadow-xs transition-colors hover:border-primary has-[:checked]:border-primary has-[:checked]:bg-accent has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-ring",
                  disabled && "cursor-not-allowed opacity-70 hover:border-border",
                )}
              >
                <span className="flex items-center gap-3">
                  <input
                    type="radio"
                    name={fields.method.name}
                    value={value}
                    defaultChecked={fields.method.initialValue === value}
                    disabled={disabled}
                    className="size-4 accent-primary"
                    aria-describedby={`method-${value}-hint`}
                  />
                  <Icon aria-hidden className="size-5 text-primary" />
                  <span className="font-medium">{t(`create.method.${value}.label`)}</span>
                </span>
                <span id={`method-${value}-hint`} className="text-sm text-muted-foreground">
                  {value === "ai" && ai === "unconfigured"
                    ? t("create.method.ai.unconfigured")
                    : value === "ai" && ai === "paid_plan_required"
                      ? t("create.method.ai.paidPlanRequired")
                      : t(`create.method.${value}.hint`)}
                </span>
                {value === "ai" && ai === "paid_plan_required" ? (
                  <Link to="/pricing" className="text-sm font-medium text-primary hover:underline">
                    {t("create.method.ai.upgrade")}
                  </Link>
                ) : null}
              </label>
            ))}
          </div>
          <ErrorList id={fields.method.errorId} errors={fields.method.errors} />
        </fieldset>
        <FormErrors id={form.errorId} errors={form.errors} />
      </StepCard>
    </Form>
  );
}
