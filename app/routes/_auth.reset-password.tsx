import { getFormProps, getInputProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useZodForm } from "~/components/forms/use-zod-form";
import { useTranslation } from "react-i18next";
import { AuthCard } from "~/components/auth/auth-card";
import { Button } from "~/components/ui/button";
import { ErrorList, Field } from "~/components/ui/field";
import { StatusButton } from "~/components/ui/status-button";
import { isResetTokenUsable, resetPassword } from "~/modules/auth/auth.server";
import { resetPasswordSchema } from "~/modules/auth/schemas";
import { rethrowUnlessAppError } from "~/modules/errors/app-error";
import { replyInvalid, replyWithError } from "~/modules/forms/reply.server";
import { getRequestT } from "~/modules/i18n/i18n.server";
import { redirectWithToast } from "~/modules/toast/toast.server";
import type { RouteHandle } from "~/utils/page-title";

export const handle: RouteHandle = { title: "auth.reset.title" };

export async function loader({ request }: LoaderFunctionArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  return { token, usable: token.length > 0 && (await isResetTokenUsable(token)) };
}

const secretFields = ["password", "confirmPassword"];

export async function action({ request }: ActionFunctionArgs) {
  const submission = parseWithZod(await request.formData(), { schema: resetPasswordSchema });
  if (submission.status !== "success") return replyInvalid(submission, { hideFields: secretFields });
  try {
    await resetPassword(submission.value.token, submission.value.password);
  } catch (error) {
    rethrowUnlessAppError(error);
    return replyWithError(request, submission, error, { hideFields: secretFields });
  }
  const { t } = await getRequestT(request);
  return redirectWithToast("/login", { color: "success", title: t("auth.reset.doneTitle"), description: t("auth.reset.done") });
}

export default function ResetPasswordPage() {
  const { t } = useTranslation();
  const { token, usable } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>()?.result;
  const [form, fields] = useZodForm("reset-password", resetPasswordSchema, lastResult);

  if (!usable) {
    return (
      <AuthCard title={t("auth.reset.title")} description={t("auth.reset.invalidLink")}>
        <Button asChild className="w-full">
          <Link to="/forgot-password">{t("auth.reset.requestNew")}</Link>
        </Button>
      </AuthCard>
    );
  }

  return (
    <AuthCard title={t("auth.reset.title")} description={t("auth.reset.description")}>
      <Form method="post" {...getFormProps(form)} noValidate className="flex flex-col gap-5">
        <input type="hidden" name="token" value={token} />
        <Field
          label={t("auth.fields.newPassword")}
          hint={t("auth.signup.passwordHint")}
          inputProps={{ ...getInputProps(fields.password, { type: "password" }), autoComplete: "new-password", autoFocus: true }}
          errors={fields.password.errors}
        />
        <Field
          label={t("auth.fields.confirmPassword")}
          inputProps={{ ...getInputProps(fields.confirmPassword, { type: "password" }), autoComplete: "new-password" }}
          errors={fields.confirmPassword.errors}
        />
        <ErrorList id={form.errorId} errors={[...(form.errors ?? []), ...(fields.token.errors ?? [])]} className="rounded-md bg-error/10 p-3" />
        <StatusButton className="w-full">{t("auth.reset.submit")}</StatusButton>
      </Form>
    </AuthCard>
  );
}
