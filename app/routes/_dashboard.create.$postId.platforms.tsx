import { getFormProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { Form, useActionData } from "@remix-run/react";
import { ArrowRight } from "lucide-react";
import { useTranslation } from "react-i18next";
import { PlatformPicker } from "~/components/create/platform-picker";
import { StepCard } from "~/components/create/step-card";
import { stepPath } from "~/components/create/steps";
import { useZodForm } from "~/components/forms/use-zod-form";
import { FormErrors } from "~/components/ui/field";
import { StatusButton } from "~/components/ui/status-button";
import { requireUser } from "~/modules/auth/guards.server";
import { isAppError } from "~/modules/errors/app-error";
import { replyInvalid, replyWithError } from "~/modules/forms/reply.server";
import { saveStep } from "~/modules/posts/compose.server";
import { platformsFormSchema } from "~/modules/posts/schemas";
import { useWizardData } from "./_dashboard.create.$postId";

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const postId = params.postId ?? "";
  const submission = parseWithZod(await request.formData(), { schema: platformsFormSchema });
  if (submission.status !== "success") return replyInvalid(submission);
  try {
    await saveStep(user.id, postId, "method", { platforms: submission.value.platforms });
  } catch (error) {
    if (!isAppError(error)) throw error;
    return replyWithError(request, submission, error);
  }
  return redirect(stepPath(postId, "method"));
}

export default function PlatformsStep() {
  const { t } = useTranslation();
  const { post, connected } = useWizardData();
  const lastResult = useActionData<typeof action>()?.result;
  const [form, fields] = useZodForm("platforms", platformsFormSchema, lastResult, { defaultValue: { platforms: post.platforms } });
  return (
    <Form method="post" {...getFormProps(form)} noValidate>
      <StepCard
        title={t("create.platforms.title")}
        description={t("create.platforms.description")}
        backTo={null}
        actions={
          <StatusButton>
            {t("create.next")}
            <ArrowRight aria-hidden />
          </StatusButton>
        }
      >
        <PlatformPicker field={fields.platforms} connected={connected} />
        <FormErrors id={form.errorId} errors={form.errors} />
      </StepCard>
    </Form>
  );
}
