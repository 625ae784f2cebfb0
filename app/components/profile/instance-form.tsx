import { getFormProps, getInputProps, type SubmissionResult } from "@conform-to/react";
import { Form, Link } from "@remix-run/react";
import { ArrowRight } from "lucide-react";
import { useTranslation } from "react-i18next";
import { useZodForm } from "~/components/forms/use-zod-form";
import { PlatformIcon } from "~/components/posts/platform-icon";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader } from "~/components/ui/card";
import { Field, FormErrors } from "~/components/ui/field";
import { StatusButton } from "~/components/ui/status-button";
import { instanceFormSchema } from "~/modules/connections/schemas";
import type { NetworkId } from "~/core/platforms/platforms";

/**
 * Connecting a network where each server is its own provider (Mastodon, decision 57): the user names
 * their instance, then goes on to its consent page. A plain form that posts and redirects, so it
 * works without JavaScript; reconnecting comes prefilled with the account's instance.
 */
export function InstanceForm({
  network,
  instance,
  reconnect,
  lastResult,
}: {
  network: NetworkId;
  instance: string;
  reconnect: boolean;
  lastResult?: SubmissionResult<string[]>;
}) {
  const { t } = useTranslation();
  const [form, fields] = useZodForm("instance", instanceFormSchema, lastResult, { defaultValue: { instance } });
  return (
    <Card className="mx-auto w-full max-w-xl">
      <CardHeader>
        <h1 className="flex items-center gap-2 text-lg leading-tight font-semibold">
          <PlatformIcon platform={network} className="size-5" />
          {reconnect ? t("profile.instance.reconnectTitle") : t("profile.instance.title")}
        </h1>
        <CardDescription>{t("profile.instance.description")}</CardDescription>
      </CardHeader>
      <CardContent>
        <Form method="post" {...getFormProps(form)} noValidate className="flex flex-col gap-4">
          <Field
            label={t("profile.instance.address")}
            hint={t("profile.instance.addressHint")}
            inputProps={{
              ...getInputProps(fields.instance, { type: "text" }),
              autoComplete: "url",
              inputMode: "url",
              spellCheck: false,
              autoCapitalize: "none",
              placeholder: "mastodon.social",
            }}
            errors={fields.instance.errors}
          />
          <FormErrors id={form.errorId} errors={form.errors} />
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button asChild variant="ghost">
              <Link to="/profile#connections">{t("common.cancel")}</Link>
            </Button>
            <StatusButton>
              {t("profile.instance.submit")}
              <ArrowRight aria-hidden />
            </StatusButton>
          </div>
        </Form>
      </CardContent>
    </Card>
  );
}
