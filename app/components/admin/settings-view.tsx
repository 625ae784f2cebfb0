import { Form, Link } from "@remix-run/react";
import { useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { PlatformIcon } from "~/components/posts/platform-icon";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { FormErrors } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { StatusButton } from "~/components/ui/status-button";
import { Textarea } from "~/components/ui/textarea";
import type { StoredSettingKey } from "~/core/settings/stored-settings";
import { formErrorsOf, type FormReply } from "~/modules/forms/reply";
import type { SettingsOverview } from "~/modules/settings/overview.server";
import type { SettingView } from "~/modules/settings/settings.server";
import { useHydrated } from "~/utils/use-hydrated";

// The checklist of decision 61: the same on the first visit after setup and later on.

function SourceBadge({ setting }: { setting: SettingView }) {
  const { t } = useTranslation();
  const tone = setting.source === "environment" ? "info" : setting.source === "stored" ? "success" : "neutral";
  if (setting.source === "default" && !setting.hasValue) return <Badge>{t("setup.settings.source.unset")}</Badge>;
  return <Badge tone={tone}>{t(`setup.settings.source.${setting.source}`)}</Badge>;
}

/** One setting's input: read-only when the environment sets it, a secret never shown back. */
function SettingField({
  setting,
  label,
  name,
  type = "text",
  placeholder,
}: {
  setting: SettingView;
  label: string;
  name?: string;
  type?: string;
  placeholder?: string;
}) {
  const { t } = useTranslation();
  const id = `setting-${setting.key}`;
  const fromEnvironment = setting.source === "environment";
  const hintId = `${id}-hint`;
  const hint = setting.secret
    ? fromEnvironment
      ? t("setup.settings.secretFromEnv")
      : setting.source === "stored"
        ? t("setup.settings.secretSaved")
        : null
    : fromEnvironment
      ? t("setup.settings.envVariable", { name: setting.key })
      : null;
  return (
    <div className="flex flex-col gap-2">
      {/* A long label wraps beside its badge, which stays on the right. */}
      <div className="flex items-start justify-between gap-3">
        <Label htmlFor={id} className="min-w-0 pt-0.5 leading-snug">
          {label}
        </Label>
        <SourceBadge setting={setting} />
      </div>
      <Input
        id={id}
        name={name ?? setting.key}
        type={setting.secret ? "password" : type}
        autoComplete="off"
        // Disabled fields are not sent: an environment value is never overwritten.
        disabled={fromEnvironment}
        defaultValue={setting.secret ? "" : (setting.value ?? "")}
        placeholder={setting.secret && setting.hasValue ? "••••••••" : placeholder}
        aria-describedby={hint ? hintId : undefined}
      />
      {hint ? (
        <p id={hintId} className="text-xs text-muted-foreground">
          {hint}
        </p>
      ) : null}
    </div>
  );
}

function Section({ id, title, description, aside, children }: { id: string; title: string; description: string; aside?: ReactNode; children: ReactNode }) {
  return (
    // On a wide screen the title and its explanation sit beside the fields, which keep a readable width.
    <Card id={id} className="scroll-mt-20 lg:grid lg:scroll-mt-36 lg:grid-cols-[minmax(0,17rem)_minmax(0,1fr)]">
      <CardHeader className="p-4 sm:p-6 lg:pr-0">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <CardTitle className="text-lg">{title}</CardTitle>
          {aside}
        </div>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4 px-4 pb-4 sm:px-6 sm:pb-6 lg:pt-6 lg:pl-10">{children}</CardContent>
    </Card>
  );
}

function SaveRow({ intent, reply, children }: { intent: string; reply: FormReply | undefined; children?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <>
      <FormErrors errors={formErrorsOf(reply, intent)} />
      <div className="flex flex-wrap gap-2">
        <StatusButton name="intent" value={intent} pendingLabel={t("common.loading")}>
          {t("setup.settings.save")}
        </StatusButton>
        {children}
      </div>
    </>
  );
}

/** A secret saved here (not the environment's) can be cleared, after a confirmation. */
function ClearButton({ setting }: { setting: SettingView }) {
  const { t } = useTranslation();
  if (setting.source !== "stored") return null;
  // Red, as the confirmation it leads to, so it reads as an action rather than a note; it wraps on a phone.
  return (
    <Form method="post" action="/admin/settings">
      <input type="hidden" name="key" value={setting.key} />
      <Button
        type="submit"
        name="intent"
        value="clear"
        variant="ghost"
        size="sm"
        className="-ml-3 h-auto min-h-8 py-1.5 text-left whitespace-normal text-error hover:bg-error/10"
      >
        <span>
          {t("setup.settings.clear")} <span className="font-mono wrap-anywhere">({setting.key})</span>
        </span>
      </Button>
    </Form>
  );
}

/** Inside the section's form, beside Save: tests what is saved (extra fields are ignored). */
function TestButton({ intent, label }: { intent: string; label: string }) {
  const { t } = useTranslation();
  return (
    <StatusButton name="intent" value={intent} variant="outline" pendingLabel={t("setup.settings.networks.testing")}>
      {label}
    </StatusButton>
  );
}

function CopyField({ id, label, value }: { id: string; label: string; value: string }) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const [copied, setCopied] = useState(false);
  return (
    <div className="flex flex-col gap-2">
      <Label htmlFor={id} className="leading-snug">
        {label}
      </Label>
      <div className="flex items-start gap-2">
        {/* The whole URL, wrapped on a narrow screen: it is pasted elsewhere, so it must be read in full. */}
        <Textarea
          id={id}
          readOnly
          value={value}
          rows={1}
          spellCheck={false}
          className="field-sizing-content min-h-10 resize-none py-[9px] font-mono text-xs leading-5 break-all sm:text-xs"
          onFocus={(event) => event.currentTarget.select()}
        />
        {/* Without JavaScript the field is there to select and copy by hand. */}
        {hydrated ? (
          <Button type="button" variant="outline" onClick={() => void navigator.clipboard?.writeText(value).then(() => setCopied(true))} aria-live="polite">
            {copied ? t("setup.settings.networks.copied") : t("setup.settings.networks.copy")}
          </Button>
        ) : null}
      </div>
    </div>
  );
}

function ConfirmClear({ settingKey }: { settingKey: StoredSettingKey }) {
  const { t } = useTranslation();
  return (
    <div
      id="confirm-clear"
      role="alertdialog"
      aria-labelledby="confirm-clear-text"
      // Below the sticky header when the page scrolls to it.
      className="flex scroll-mt-20 flex-col gap-3 rounded-lg border border-error/40 bg-error/5 p-4 lg:scroll-mt-36"
    >
      <p id="confirm-clear-text" className="text-sm">
        {t("setup.settings.confirmClear", { setting: settingKey })}
      </p>
      <Form method="post" action="/admin/settings" className="flex flex-wrap gap-2">
        <input type="hidden" name="key" value={settingKey} />
        <input type="hidden" name="confirmed" value="yes" />
        <StatusButton name="intent" value="clear" variant="destructive" pendingLabel={t("common.loading")}>
          {t("setup.settings.confirmClearButton")}
        </StatusButton>
        <Button asChild variant="outline">
          <Link to="/admin/settings">{t("setup.settings.cancel")}</Link>
        </Button>
      </Form>
    </div>
  );
}

export function SettingsView({
  overview,
  confirmClear,
  reply,
}: {
  overview: SettingsOverview;
  confirmClear: StoredSettingKey | null;
  reply: FormReply | undefined;
}) {
  const { t } = useTranslation();
  const { site, readyNetworks, oauthNetworks, mail, ai, optional } = overview;
  return (
    <div className="flex max-w-5xl flex-col gap-6">
      <div>
        <h2 className="text-xl font-semibold tracking-tight">{t("setup.settings.title")}</h2>
        <p className="mt-1 text-sm text-muted-foreground">{t("setup.settings.description")}</p>
      </div>
      {confirmClear ? <ConfirmClear settingKey={confirmClear} /> : null}

      <Section id="site" title={t("setup.settings.site.title")} description={t("setup.settings.site.description")}>
        <Form method="post" className="flex flex-col gap-4">
          <SettingField setting={site.name} label={t("setup.settings.site.name")} />
          <SettingField setting={site.url} label={t("setup.settings.site.url")} type="url" placeholder="https://plume.example.com" />
          {site.url.source !== "environment" ? <p className="text-xs text-muted-foreground">{t("setup.settings.site.urlHint")}</p> : null}
          <SaveRow intent="site" reply={reply} />
        </Form>
      </Section>

      <Section id="networks" title={t("setup.settings.networks.title")} description={t("setup.settings.networks.description")}>
        <ul className="flex flex-col gap-3">
          {readyNetworks.map((network) => (
            <li key={network} className="flex items-start gap-3 rounded-lg border p-3" data-network={network}>
              <span className="grid size-8 shrink-0 place-items-center rounded-lg bg-muted">
                <PlatformIcon platform={network} className="size-4" />
              </span>
              <div className="flex min-w-0 flex-1 flex-col gap-1">
                <div className="flex flex-wrap items-center gap-2">
                  <h3 className="font-medium">{t(`platforms.${network}`)}</h3>
                  <Badge tone="success">{t("setup.settings.networks.ready")}</Badge>
                </div>
                <p className="text-sm text-muted-foreground">
                  {t(network === "bluesky" ? "setup.settings.networks.readyBluesky" : "setup.settings.networks.readyMastodon")}
                </p>
              </div>
            </li>
          ))}
          {oauthNetworks.map(({ network, configured, redirectUrl, clientId, clientSecret }) => (
            <li key={network} className="flex flex-col gap-4 rounded-lg border p-3" data-network={network}>
              <div className="flex items-start gap-3">
                <span className="grid size-8 shrink-0 place-items-center rounded-lg bg-muted">
                  <PlatformIcon platform={network} className="size-4" />
                </span>
                <div className="flex min-w-0 flex-1 flex-col gap-1">
                  <div className="flex flex-wrap items-center gap-2">
                    <h3 className="font-medium">{t(`platforms.${network}`)}</h3>
                    <Badge tone={configured ? "success" : "warning"}>
                      {configured ? t("setup.settings.networks.configured") : t("setup.settings.networks.notConfigured")}
                    </Badge>
                  </div>
                  <p className="text-sm text-muted-foreground">
                    {t(network === "linkedin" ? "setup.settings.networks.consoleLinkedin" : "setup.settings.networks.consoleTwitter")}
                  </p>
                </div>
              </div>
              <CopyField id={`redirect-${network}`} label={t("setup.settings.networks.redirectUrl")} value={redirectUrl} />
              <Form method="post" className="flex flex-col gap-4">
                <input type="hidden" name="network" value={network} />
                <SettingField setting={clientId} name="clientId" label={t("setup.settings.networks.clientId")} />
                <SettingField setting={clientSecret} name="clientSecret" label={t("setup.settings.networks.clientSecret")} />
                <SaveRow intent="network" reply={reply}>
                  <TestButton intent="test-network" label={t("setup.settings.networks.test")} />
                </SaveRow>
              </Form>
              <ClearButton setting={clientSecret} />
            </li>
          ))}
        </ul>
      </Section>

      <Section id="mail" title={t("setup.settings.mail.title")} description={t("setup.settings.mail.description")}>
        <Form method="post" className="flex flex-col gap-4">
          <SettingField setting={mail.smtpUrl} label={t("setup.settings.mail.smtpUrl")} />
          <SettingField setting={mail.from} label={t("setup.settings.mail.from")} />
          <SaveRow intent="mail" reply={reply}>
            <TestButton intent="test-mail" label={t("setup.settings.mail.test")} />
          </SaveRow>
        </Form>
        <ClearButton setting={mail.smtpUrl} />
      </Section>

      <Section id="ai" title={t("setup.settings.ai.title")} description={t("setup.settings.ai.description")}>
        <Form method="post" className="flex flex-col gap-4">
          <SettingField setting={ai.baseUrl} label={t("setup.settings.ai.baseUrl")} type="url" />
          <SettingField setting={ai.apiKey} label={t("setup.settings.ai.apiKey")} />
          <SettingField setting={ai.model} label={t("setup.settings.ai.model")} />
          <SaveRow intent="ai" reply={reply}>
            <TestButton intent="test-ai" label={t("setup.settings.ai.test")} />
          </SaveRow>
        </Form>
        <ClearButton setting={ai.apiKey} />
      </Section>

      <Section id="optional" title={t("setup.settings.optional.title")} description={t("setup.settings.optional.description")}>
        <dl className="flex flex-col divide-y text-sm">
          <div className="grid grid-cols-[minmax(0,1fr)_auto] items-center gap-x-2 py-2">
            <dt>{t("setup.settings.optional.billing")}</dt>
            <dd className="flex items-center gap-2">
              <code className="text-xs text-muted-foreground">STRIPE_SECRET_KEY</code>
              <Badge tone={optional.billing ? "success" : "neutral"}>
                {optional.billing ? t("setup.settings.optional.on") : t("setup.settings.optional.off")}
              </Badge>
            </dd>
          </div>
          <div className="grid grid-cols-[minmax(0,1fr)_auto] items-center gap-x-2 gap-y-0.5 py-2">
            <dt>{t("setup.settings.optional.analytics")}</dt>
            <dd className="flex items-center gap-2">
              <code className="text-xs text-muted-foreground">POSTHOG_KEY</code>
              <Badge tone={optional.analytics ? "success" : "neutral"}>
                {optional.analytics ? t("setup.settings.optional.on") : t("setup.settings.optional.off")}
              </Badge>
            </dd>
            {/* Under its name, so the row keeps its shape on a phone. */}
            <dd className="col-span-2">
              <Link to="/debug-posthog" className="text-xs font-medium text-primary hover:underline">
                {t("setup.settings.optional.analyticsTest")}
              </Link>
            </dd>
          </div>
        </dl>
      </Section>
    </div>
  );
}
