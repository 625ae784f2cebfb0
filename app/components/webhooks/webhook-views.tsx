import { getCollectionProps, getFormProps, getInputProps } from "@conform-to/react";
import { Form, Link, useNavigation } from "@remix-run/react";
import { History, Plus, Send, Trash2 } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useZodForm } from "~/components/forms/use-zod-form";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { ErrorList, Field, FormErrors } from "~/components/ui/field";
import { StatusButton } from "~/components/ui/status-button";
import { Textarea } from "~/components/ui/textarea";
import { resultFor, type FormReply } from "~/modules/forms/reply";
import { WEBHOOK_EVENT_TYPES } from "~/modules/webhook-events/types";
import { webhookFormSchema } from "~/modules/webhooks/schemas";
import { useFormatDate } from "~/utils/use-format-date";
import { useHydrated } from "~/utils/use-hydrated";

export interface WebhookItem {
  id: string;
  url: string;
  events: string[];
  createdAt: string;
  lastStatus: "delivered" | "failed" | null;
}

/** The result of the last attempt, as a badge. */
export function StatusBadge({ status }: { status: "delivered" | "failed" | null }) {
  const { t } = useTranslation();
  if (status === null) return <Badge tone="neutral">{t("webhooks.list.never")}</Badge>;
  return <Badge tone={status === "delivered" ? "success" : "error"}>{t(status === "delivered" ? "webhooks.list.delivered" : "webhooks.list.failed")}</Badge>;
}

/** An event type's name in the page's language (a type we do not know is shown as it is). */
export function useEventLabel() {
  const { t } = useTranslation();
  return (type: string) => ((WEBHOOK_EVENT_TYPES as readonly string[]).includes(type) || type === "ping" ? t(`webhooks.events.${type as "ping"}`) : type);
}

/** A new webhook's secret, shown once: selectable by hand, copied with a button when JavaScript runs. */
export function SecretOnce({ secret }: { secret: string }) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const [copied, setCopied] = useState(false);
  return (
    <Card role="region" aria-labelledby="webhook-secret-title" className="border-primary">
      <CardHeader>
        <CardTitle id="webhook-secret-title">{t("webhooks.secret.title")}</CardTitle>
        <CardDescription>{t("webhooks.secret.description")}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-2 sm:flex-row sm:items-start">
        <Textarea
          aria-label={t("webhooks.secret.label")}
          readOnly
          value={secret}
          rows={1}
          spellCheck={false}
          className="field-sizing-content min-h-10 resize-none py-[9px] font-mono text-xs leading-5 break-all sm:text-xs"
          onFocus={(event) => event.currentTarget.select()}
        />
        {hydrated ? (
          <Button type="button" variant="outline" onClick={() => void navigator.clipboard?.writeText(secret).then(() => setCopied(true))} aria-live="polite">
            {copied ? t("webhooks.secret.copied") : t("webhooks.secret.copy")}
          </Button>
        ) : null}
      </CardContent>
    </Card>
  );
}

/** The add form: an address and the events to send there. Posts to the page (no JavaScript needed). */
export function AddWebhookForm({ reply, className }: { reply?: FormReply; className?: string }) {
  const { t } = useTranslation();
  const label = useEventLabel();
  const navigation = useNavigation();
  const [form, fields] = useZodForm("webhook-add", webhookFormSchema, resultFor(reply, "add"), {
    defaultValue: { url: "", events: ["post.published", "post.failed"] },
  });
  const events = getCollectionProps(fields.events, { type: "checkbox", options: [...WEBHOOK_EVENT_TYPES] });
  const busy = navigation.state !== "idle" && navigation.formData?.get("intent") === "add";
  return (
    <Card className={className} role="region" aria-labelledby="webhook-add-title">
      <CardHeader>
        <CardTitle id="webhook-add-title">{t("webhooks.add.title")}</CardTitle>
      </CardHeader>
      <CardContent>
        <Form method="post" {...getFormProps(form)} noValidate className="flex flex-col gap-4">
          <Field
            label={t("webhooks.add.url")}
            hint={t("webhooks.add.urlHint")}
            errors={fields.url.errors}
            inputProps={{ ...getInputProps(fields.url, { type: "url" }), placeholder: "https://example.com/plume", autoComplete: "off", required: false }}
          />
          <fieldset aria-describedby={fields.events.errors?.length ? fields.events.errorId : undefined} className="flex flex-col gap-2">
            <legend className="mb-2 text-sm font-medium">{t("webhooks.events.label")}</legend>
            {events.map(({ key, ...props }) => (
              <label key={key} className="flex items-center gap-2 text-sm">
                <input {...props} className="size-4 accent-primary" />
                {label(props.value)}
              </label>
            ))}
            <ErrorList id={fields.events.errorId} errors={fields.events.errors} />
          </fieldset>
          <FormErrors id={form.errorId} errors={form.errors} />
          <StatusButton name="intent" value="add" pending={busy || undefined}>
            <Plus aria-hidden />
            {t("webhooks.add.submit")}
          </StatusButton>
        </Form>
      </CardContent>
    </Card>
  );
}

/** The user's webhooks, each with its events, last result, and what can be done with it. */
export function WebhookList({ webhooks, className }: { webhooks: WebhookItem[]; className?: string }) {
  const { t } = useTranslation();
  const label = useEventLabel();
  const formatDate = useFormatDate();
  const navigation = useNavigation();
  return (
    <Card className={className} role="region" aria-labelledby="webhook-list-title">
      <CardHeader>
        <CardTitle id="webhook-list-title">{t("webhooks.list.title")}</CardTitle>
      </CardHeader>
      <CardContent>
        {webhooks.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t("webhooks.list.empty")}</p>
        ) : (
          <ul className="flex flex-col divide-y">
            {webhooks.map((hook) => {
              const testing = navigation.state !== "idle" && navigation.formData?.get("webhookId") === hook.id;
              return (
                <li key={hook.id} className="flex flex-col gap-3 py-4 first:pt-0 last:pb-0" data-testid="webhook">
                  <div className="flex flex-wrap items-center justify-between gap-2">
                    <span className="min-w-0 font-mono text-sm wrap-anywhere">{hook.url}</span>
                    <StatusBadge status={hook.lastStatus} />
                  </div>
                  <p className="text-xs text-muted-foreground">
                    {hook.events.map(label).join(" · ")} — {t("webhooks.list.created", { date: formatDate(hook.createdAt, "date") })}
                  </p>
                  <div className="flex flex-wrap gap-2">
                    <Form method="post">
                      <input type="hidden" name="webhookId" value={hook.id} />
                      <StatusButton name="intent" value="test" variant="outline" size="sm" pending={testing || undefined}>
                        <Send aria-hidden />
                        {t("webhooks.list.test")}
                      </StatusButton>
                    </Form>
                    <Button asChild variant="outline" size="sm">
                      <Link to={`/webhooks/${hook.id}`}>
                        <History aria-hidden />
                        {t("webhooks.list.attempts")}
                      </Link>
                    </Button>
                    <Button asChild variant="ghost" size="sm" className="text-error hover:bg-error/10">
                      <Link to={`/webhooks/${hook.id}/delete`}>
                        <Trash2 aria-hidden />
                        {t("webhooks.list.delete")}
                      </Link>
                    </Button>
                  </div>
                </li>
              );
            })}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
