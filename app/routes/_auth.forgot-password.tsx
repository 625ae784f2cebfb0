import { getFormProps, getInputProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData } from "@remix-run/react";
import { useZodForm } from "~/components/forms/use-zod-form";
import { useTranslation } from "react-i18next";
import { AuthCard } from "~/components/auth/auth-card";
import { Field, FormErrors } from "~/components/ui/field";
import { StatusButton } from "~/components/ui/status-button";
import { requestPasswordReset } from "~/modules/auth/auth.server";
import { forgotPasswordSchema } from "~/modules/auth/schemas";
import { rethrowUnlessAppError } from "~/modules/errors/app-error";
import { replyInvalid, replyWithError } from "~/modules/forms/reply.server";
import { sessionClient } from "~/modules/http/context";
import { getRequestT } from "~/modules/i18n/i18n.server";
import { redirectWithToast } from "~/modules/toast/toast.server";
import type { RouteHandle } from "~/utils/page-title";

export const handle: RouteHandle = { title: "auth.forgot.title" };

export async function action({ request, context }: ActionFunctionArgs) {
  const submission = parseWithZod(await request.formData(), { schema: forgotPasswordSchema });
  if (submission.status !== "success") return replyInvalid(submission);
  try {
    await requestPasswordReset(submission.value.email, sessionClient(request, context));
  } catch (error) {
    rethrowUnlessAppError(error);
    return replyWithError(request, submission, error);
  }
  const { t } = await getRequestT(request);
  // The same answer whether or not the address has an account.
  return redirectWithToast("/login", { color: "info", title: t("auth.forgot.sentTitle"), description: t("auth.forgot.sent") });
}

export default function ForgotPasswordPage() {
  const { t } = useTranslation();
  const lastResult = useActionData<typeof action>()?.result;
  const [form, fields] = useZodForm("forgot-password", forgotPasswordSchema, lastResult);
  return (
    <AuthCard
      title={t("auth.forgot.title")}
      description={t("auth.forgot.description")}
      footer={
        <Link to="/login" className="font-medium text-primary hover:underline">
          {t("auth.forgot.backToSignIn")}
        </Link>
      }
    >
      <Form method="post" {...getFormProps(form)} noValidate className="flex flex-col gap-5">
        <Field
          label={t("auth.fields.email")}
          inputProps={{ ...getInputProps(fields.email, { type: "email" }), autoComplete: "email", autoFocus: true }}
          errors={fields.email.errors}
        />
        <FormErrors id={form.errorId} errors={form.errors} />
        <StatusButton className="w-full">{t("auth.forgot.submit")}</StatusButton>
      </Form>
    </AuthCard>
  );
}
