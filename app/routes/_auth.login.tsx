import { getFormProps, getInputProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useSearchParams } from "@remix-run/react";
import { useZodForm } from "~/components/forms/use-zod-form";
import { useTranslation } from "react-i18next";
import { AuthCard } from "~/components/auth/auth-card";
import { Field, FormErrors } from "~/components/ui/field";
import { StatusButton } from "~/components/ui/status-button";
import { signIn } from "~/modules/auth/auth.server";
import { HOME_AFTER_SIGN_IN, requireAnonymous } from "~/modules/auth/guards.server";
import { leadToSetupWhileOpen } from "~/modules/settings/setup-state.server";
import { loginSchema } from "~/modules/auth/schemas";
import { rethrowUnlessAppError } from "~/modules/errors/app-error";
import { replyInvalid, replyWithError } from "~/modules/forms/reply.server";
import { sessionClient } from "~/modules/http/context";
import type { RouteHandle } from "~/utils/page-title";
import { safeRedirect } from "~/modules/http/redirect";

export const handle: RouteHandle = { title: "auth.login.title" };

export async function loader({ request }: LoaderFunctionArgs) {
  await leadToSetupWhileOpen();
  await requireAnonymous(request);
  return null;
}

export async function action({ request, context }: ActionFunctionArgs) {
  const submission = parseWithZod(await request.formData(), { schema: loginSchema });
  if (submission.status !== "success") return replyInvalid(submission, { hideFields: ["password"] });
  try {
    const { cookie } = await signIn(submission.value, sessionClient(request, context));
    return redirect(safeRedirect(submission.value.redirectTo, HOME_AFTER_SIGN_IN), { headers: { "Set-Cookie": cookie } });
  } catch (error) {
    rethrowUnlessAppError(error);
    return replyWithError(request, submission, error, { hideFields: ["password"] });
  }
}

export default function LoginPage() {
  const { t } = useTranslation();
  const lastResult = useActionData<typeof action>()?.result;
  const [searchParams] = useSearchParams();
  const redirectTo = searchParams.get("redirectTo") ?? "";
  const [form, fields] = useZodForm("login", loginSchema, lastResult);
  const signupHref = redirectTo ? `/signup?${new URLSearchParams({ redirectTo })}` : "/signup";

  return (
    <AuthCard
      title={t("auth.login.title")}
      description={t("auth.login.description")}
      footer={
        <p>
          {t("auth.login.noAccount")}{" "}
          <Link to={signupHref} className="font-medium text-primary hover:underline">
            {t("nav.signUp")}
          </Link>
        </p>
      }
    >
      <Form method="post" {...getFormProps(form)} noValidate className="flex flex-col gap-5">
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <Field
          label={t("auth.fields.email")}
          inputProps={{ ...getInputProps(fields.email, { type: "email" }), autoComplete: "email", autoFocus: true }}
          errors={fields.email.errors}
        />
        <Field
          label={t("auth.fields.password")}
          labelAside={
            <Link to="/forgot-password" className="text-xs font-medium text-primary hover:underline">
              {t("auth.login.forgotPassword")}
            </Link>
          }
          inputProps={{ ...getInputProps(fields.password, { type: "password" }), autoComplete: "current-password" }}
          errors={fields.password.errors}
        />
        <FormErrors id={form.errorId} errors={form.errors} />
        <StatusButton className="w-full" pendingLabel={t("common.loading")}>
          {t("auth.login.submit")}
        </StatusButton>
      </Form>
    </AuthCard>
  );
}
