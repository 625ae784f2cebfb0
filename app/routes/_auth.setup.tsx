import { getFormProps, getInputProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, useActionData } from "@remix-run/react";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { AuthCard } from "~/components/auth/auth-card";
import { useZodForm } from "~/components/forms/use-zod-form";
import { Field, FormErrors } from "~/components/ui/field";
import { StatusButton } from "~/components/ui/status-button";
import { rethrowUnlessAppError } from "~/modules/errors/app-error";
import { replyInvalid, replyWithError } from "~/modules/forms/reply.server";
import { sessionClient } from "~/modules/http/context";
import { getRequestT } from "~/modules/i18n/i18n.server";
import { setupSchema } from "~/modules/auth/schemas";
import { claimSetup } from "~/modules/auth/setup.server";
import { isSetupOpen } from "~/modules/settings/setup-state.server";
import { redirectWithToast } from "~/modules/toast/toast.server";
import type { RouteHandle } from "~/utils/page-title";

export const handle: RouteHandle = { title: "setup.title" };

// Only while the server has no account (decision 61); afterwards the page is gone.
export async function loader(_: LoaderFunctionArgs) {
  if (!(await isSetupOpen())) throw redirect("/login");
  return null;
}

const secretFields = ["password", "confirmPassword", "code"];

export async function action({ request, context }: ActionFunctionArgs) {
  const submission = parseWithZod(await request.formData(), { schema: setupSchema });
  if (submission.status !== "success") return replyInvalid(submission, { hideFields: secretFields });
  const { t, locale } = await getRequestT(request);
  try {
    const { email, password, code, timezone } = submission.value;
    const { cookie } = await claimSetup({ email, password, code, timezone, locale }, sessionClient(request, context));
    return redirectWithToast(
      "/admin/settings",
      { color: "success", title: t("setup.welcome"), description: t("setup.nextSteps") },
      { headers: { "Set-Cookie": cookie } },
    );
  } catch (error) {
    rethrowUnlessAppError(error);
    return replyWithError(request, submission, error, { hideFields: secretFields });
  }
}

export default function SetupPage() {
  const { t } = useTranslation();
  const lastResult = useActionData<typeof action>()?.result;
  const [timezone, setTimezone] = useState("");
  useEffect(() => setTimezone(Intl.DateTimeFormat().resolvedOptions().timeZone ?? ""), []);
  const [form, fields] = useZodForm("setup", setupSchema, lastResult);
  return (
    <AuthCard title={t("setup.title")} description={t("setup.description")}>
      <Form method="post" {...getFormProps(form)} noValidate className="flex flex-col gap-5">
        <input type="hidden" name="timezone" value={timezone} />
        <Field
          label={t("setup.codeLabel")}
          hint={t("setup.codeHint")}
          inputProps={{
            ...getInputProps(fields.code, { type: "text" }),
            autoComplete: "off",
            autoCapitalize: "characters",
            spellCheck: false,
            autoFocus: true,
          }}
          errors={fields.code.errors}
        />
        <Field
          label={t("auth.fields.email")}
          inputProps={{ ...getInputProps(fields.email, { type: "email" }), autoComplete: "email" }}
          errors={fields.email.errors}
        />
        <Field
          label={t("auth.fields.password")}
          hint={t("auth.signup.passwordHint")}
          inputProps={{ ...getInputProps(fields.password, { type: "password" }), autoComplete: "new-password" }}
          errors={fields.password.errors}
        />
        <Field
          label={t("auth.fields.confirmPassword")}
          inputProps={{ ...getInputProps(fields.confirmPassword, { type: "password" }), autoComplete: "new-password" }}
          errors={fields.confirmPassword.errors}
        />
        <FormErrors id={form.errorId} errors={form.errors} />
        <StatusButton className="w-full" pendingLabel={t("common.loading")}>
          {t("setup.submit")}
        </StatusButton>
      </Form>
    </AuthCard>
  );
}
