import { getFormProps, getInputProps, type SubmissionResult } from "@conform-to/react";
import { Form, Link } from "@remix-run/react";
import { ExternalLink, Link2 } from "lucide-react";
import { useTranslation } from "react-i18next";
import { useZodForm } from "~/components/forms/use-zod-form";
import { PlatformIcon } from "~/components/posts/platform-icon";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader } from "~/components/ui/card";
import { Field, FormErrors } from "~/components/ui/field";
import { StatusButton } from "~/components/ui/status-button";
import { appPasswordFormSchema } from "~/modules/connections/schemas";
import type { NetworkId } from "~/core/platforms/platforms";

/**
 * Connecting a network with an app password (Bluesky): a plain form that posts and redirects, so it
 * works without JavaScript. Never asks for the account's main password, and says where to make an
 * app password.
 */
export function AppPasswordForm({
  network,
  helpUrl,
  reconnect,
  lastResult,
}: {
  network: NetworkId;
  helpUrl: string;
  reconnect: boolean;
  lastResult?: SubmissionResult<string[]>;
}) {
  const { t } = useTranslation();
  const platform = t(`platforms.${network}`);
  const [form, fields] = useZodForm("app-password", appPasswordFormSchema, lastResult);
  return (
    <Card className="mx-auto w-full max-w-xl">
      <CardHeader>
        <h1 className="flex items-center gap-2 text-lg leading-tight font-semibold">
          <PlatformIcon platform={network} className="size-5" />
          {reconnect ? t("profile.appPassword.reconnectTitle", { platform }) : t("profile.appPassword.title", { platform })}
        </h1>
        <CardDescription>{t("profile.appPassword.description", { platform })}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <p className="rounded-md bg-muted p-3 text-sm">
          <strong>{t("profile.appPassword.neverMain", { platform })}</strong>{" "}
          <a href={helpUrl} target="_blank" rel="noreferrer noopener" className="inline-flex items-center gap-1 underline">
            {t("profile.appPassword.helpLink", { platform })}
            <ExternalLink aria-hidden className="size-3" />
          </a>
        </p>
        <Form method="post" {...getFormProps(form)} noValidate className="flex flex-col gap-4">
          <Field
            label={t("profile.appPassword.identifier")}
            hint={t("profile.appPassword.identifierHint")}
            inputProps={{ ...getInputProps(fields.identifier, { type: "text" }), autoComplete: "username", spellCheck: false, autoCapitalize: "none" }}
            errors={fields.identifier.errors}
          />
          <Field
            label={t("profile.appPassword.appPassword")}
            hint={t("profile.appPassword.appPasswordHint")}
            inputProps={{ ...getInputProps(fields.appPassword, { type: "password" }), autoComplete: "off" }}
            errors={fields.appPassword.errors}
          />
          <Field
            label={t("profile.appPassword.service")}
            hint={t("profile.appPassword.serviceHint")}
            inputProps={{ ...getInputProps(fields.service, { type: "url" }), autoComplete: "off" }}
            errors={fields.service.errors}
          />
          <FormErrors id={form.errorId} errors={form.errors} />
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button asChild variant="ghost">
              <Link to="/profile#connections">{t("common.cancel")}</Link>
            </Button>
            <StatusButton>
              <Link2 aria-hidden />
              {t("profile.appPassword.submit")}
            </StatusButton>
          </div>
        </Form>
      </CardContent>
    </Card>
  );
}
