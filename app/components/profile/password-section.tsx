import { getFormProps, getInputProps, type SubmissionResult } from "@conform-to/react";
import { Form, useLocation } from "@remix-run/react";
import { useZodForm } from "~/components/forms/use-zod-form";
import { useTranslation } from "react-i18next";
import { Field, FormErrors } from "~/components/ui/field";
import { StatusButton } from "~/components/ui/status-button";
import { changePasswordSchema } from "~/modules/auth/schemas";
import { ProfileSection } from "./section";

export function PasswordSection({ lastResult }: { lastResult?: SubmissionResult<string[]> }) {
  // A saved change redirects back here: with JavaScript the page stays, so the form starts afresh on
  // each arrival (a refusal answers without navigating and keeps what the form shows).
  return <PasswordForm key={useLocation().key} lastResult={lastResult} />;
}

function PasswordForm({ lastResult }: { lastResult?: SubmissionResult<string[]> }) {
  const { t } = useTranslation();
  const [form, fields] = useZodForm("change-password", changePasswordSchema, lastResult);
  return (
    <ProfileSection id="password" title={t("profile.password.title")} description={t("profile.password.description")}>
      <Form method="post" {...getFormProps(form)} noValidate className="flex flex-col gap-4">
        <Field
          label={t("auth.fields.currentPassword")}
          inputProps={{ ...getInputProps(fields.currentPassword, { type: "password" }), autoComplete: "current-password" }}
          errors={fields.currentPassword.errors}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <Field
            label={t("auth.fields.newPassword")}
            inputProps={{ ...getInputProps(fields.newPassword, { type: "password" }), autoComplete: "new-password" }}
            errors={fields.newPassword.errors}
          />
          <Field
            label={t("auth.fields.confirmNewPassword")}
            inputProps={{ ...getInputProps(fields.confirmNewPassword, { type: "password" }), autoComplete: "new-password" }}
            errors={fields.confirmNewPassword.errors}
          />
        </div>
        <FormErrors id={form.errorId} errors={form.errors} />
        <div>
          <StatusButton name="intent" value="changePassword">
            {t("profile.password.submit")}
          </StatusButton>
        </div>
      </Form>
    </ProfileSection>
  );
}
