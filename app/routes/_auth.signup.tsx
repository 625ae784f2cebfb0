import { getFormProps, getInputProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useSearchParams } from "@remix-run/react";
import { useEffect, useState } from "react";
import { useZodForm } from "~/components/forms/use-zod-form";
import { Trans, useTranslation } from "react-i18next";
import { AuthCard } from "~/components/auth/auth-card";
import { CheckboxField, Field, FormErrors } from "~/components/ui/field";
import { StatusButton } from "~/components/ui/status-button";
import { signUp } from "~/modules/auth/auth.server";
import { billingAccount } from "~/modules/billing/account.server";
import { HOME_AFTER_SIGN_IN, requireAnonymous } from "~/modules/auth/guards.server";
import { leadToSetupWhileOpen } from "~/modules/settings/setup-state.server";
import { signupSchema } from "~/modules/auth/schemas";
import { rethrowUnlessAppError } from "~/modules/errors/app-error";
import { replyInvalid, replyWithError } from "~/modules/forms/reply.server";
import { sessionClient } from "~/modules/http/context";
import { getRequestT } from "~/modules/i18n/i18n.server";
import { redirectWithToast } from "~/modules/toast/toast.server";
import type { RouteHandle } from "~/utils/page-title";
import { safeRedirect } from "~/modules/http/redirect";

export const handle: RouteHandle = { title: "auth.signup.title" };

export async function loader({ request }: LoaderFunctionArgs) {
  await leadToSetupWhileOpen();
  await requireAnonymous(request);
  // The trial is a paid plan's: a server without billing promises none (decision 63).
  return { billing: (await billingAccount(null)).enabled };
}

const secretFields = ["password", "confirmPassword"];

export async function action({ request, context }: ActionFunctionArgs) {
  const submission = parseWithZod(await request.formData(), { schema: signupSchema });
  if (submission.status !== "success") return replyInvalid(submission, { hideFields: secretFields });
  const { t, locale } = await getRequestT(request);
  try {
    const { email, password, timezone, redirectTo } = submission.value;
    const { cookie } = await signUp({ email, password, timezone, locale }, sessionClient(request, context));
    return redirectWithToast(
      safeRedirect(redirectTo, HOME_AFTER_SIGN_IN),
      { color: "success", title: t("auth.signup.welcome"), description: t("auth.signup.checkInbox", { email }) },
      { headers: { "Set-Cookie": cookie } },
    );
  } catch (error) {
    rethrowUnlessAppError(error);
    return replyWithError(request, submission, error, { hideFields: secretFields });
  }
}

export default function SignupPage() {
  const { t } = useTranslation();
  const lastResult = useActionData<typeof action>()?.result;
  const { billing } = useLoaderData<typeof loader>();
  const [searchParams] = useSearchParams();
  const [timezone, setTimezone] = useState("");
  // The browser knows the user's time zone; without JavaScript the account starts on UTC.
  useEffect(() => setTimezone(Intl.DateTimeFormat().resolvedOptions().timeZone ?? ""), []);
  // An invitation's page sends its address along: the account it needs is made with it.
  const [form, fields] = useZodForm("signup", signupSchema, lastResult, { defaultValue: { email: (searchParams.get("email") ?? "").slice(0, 254) } });
  // Someone who already has an account signs in instead and still lands where they were going.
  const redirectTo = searchParams.get("redirectTo") ?? "";
  const loginHref = redirectTo ? `/login?${new URLSearchParams({ redirectTo })}` : "/login";

  return (
    <AuthCard
      title={t("auth.signup.title")}
      description={t("auth.signup.description")}
      footer={
        <p>
          {t("auth.signup.haveAccount")}{" "}
          <Link to={loginHref} className="font-medium text-primary hover:underline">
            {t("nav.signIn")}
          </Link>
        </p>
      }
    >
      <Form method="post" {...getFormProps(form)} noValidate className="flex flex-col gap-5">
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <input type="hidden" name="timezone" value={timezone} />
        <Field
          label={t("auth.fields.email")}
          inputProps={{ ...getInputProps(fields.email, { type: "email" }), autoComplete: "email", autoFocus: true }}
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
        <CheckboxField
          label={
            <Trans
              i18nKey="auth.signup.acceptTerms"
              components={{
                terms: <Link to="/terms" className="font-medium text-primary underline-offset-2 hover:underline" />,
                privacy: <Link to="/privacy" className="font-medium text-primary underline-offset-2 hover:underline" />,
              }}
            />
          }
          inputProps={getInputProps(fields.acceptTerms, { type: "checkbox" })}
          errors={fields.acceptTerms.errors}
        />
        <FormErrors id={form.errorId} errors={form.errors} />
        <StatusButton className="w-full" pendingLabel={t("common.loading")}>
          {t("auth.signup.submit")}
        </StatusButton>
        {billing ? <p className="text-center text-xs text-muted-foreground">{t("auth.signup.trialNote")}</p> : null}
      </Form>
    </AuthCard>
  );
}
