import { getFormProps, getInputProps, type SubmissionResult } from "@conform-to/react";
import { Form, Link, useLocation } from "@remix-run/react";
import { BookOpen, Check, Copy, KeyRound, Trash2 } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useZodForm } from "~/components/forms/use-zod-form";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { ConfirmButton } from "~/components/ui/confirm-button";
import { ErrorList, Field, FormErrors } from "~/components/ui/field";
import { Label } from "~/components/ui/label";
import { StatusButton } from "~/components/ui/status-button";
import { Textarea } from "~/components/ui/textarea";
import type { ApiTokenView } from "~/modules/api-tokens/api-tokens.server";
import { createApiTokenSchema, EXPIRY_CHOICES } from "~/modules/api-tokens/schemas";
import { API_SCOPES, type ApiScope } from "~/modules/api-tokens/scopes";
import { useFormatDate } from "~/utils/use-format-date";
import { useHydrated } from "~/utils/use-hydrated";
import { ProfileSection } from "./section";

export const API_PAGE = "/profile/api";
export const API_DOCS = "/docs/api/automate";
export const revokeTokenPath = (tokenId: string) => `${API_PAGE}/tokens/${tokenId}/revoke`;

const SCOPE_KEYS = { "posts:read": "postsRead", "posts:write": "postsWrite", "channels:read": "channelsRead" } as const satisfies Record<ApiScope, string>;

export function ScopeBadges({ scopes }: { scopes: readonly ApiScope[] }) {
  return (
    <ul className="flex flex-wrap gap-1">
      {scopes.map((scope) => (
        <li key={scope}>
          <Badge tone="primary" className="font-mono">
            {scope}
          </Badge>
        </li>
      ))}
    </ul>
  );
}

/** The token's dates: created, expiry ("Never", a date, or an "Expired" badge), last use. */
function TokenDates({ token, now }: { token: ApiTokenView; now: string }) {
  const { t } = useTranslation();
  const format = useFormatDate();
  const expired = token.expiresAt !== null && token.expiresAt <= now;
  return (
    <dl className="flex flex-col gap-1 text-xs text-muted-foreground sm:flex-row sm:flex-wrap sm:gap-x-4">
      <div>
        <dt className="sr-only">{t("apiTokens.page.createdLabel")}</dt>
        <dd>{t("apiTokens.page.created", { date: format(token.createdAt, "date") })}</dd>
      </div>
      <div>
        <dt className="sr-only">{t("apiTokens.page.expiry")}</dt>
        <dd className="flex items-center gap-1">
          {expired ? <Badge tone="error">{t("apiTokens.page.expired")}</Badge> : null}
          {token.expiresAt === null
            ? t("apiTokens.page.neverExpires")
            : t(expired ? "apiTokens.page.expiredOn" : "apiTokens.page.expires", { date: format(token.expiresAt, "date") })}
        </dd>
      </div>
      <div>
        <dt className="sr-only">{t("apiTokens.page.lastUsedLabel")}</dt>
        <dd>{token.lastUsedAt === null ? t("apiTokens.page.neverUsed") : t("apiTokens.page.lastUsed", { date: format(token.lastUsedAt) })}</dd>
      </div>
    </dl>
  );
}

export function TokenList({ tokens, now }: { tokens: ApiTokenView[]; now: string }) {
  const { t } = useTranslation();
  if (tokens.length === 0) {
    return (
      <ProfileSection id="tokens" title={t("apiTokens.page.listTitle")}>
        <div className="flex flex-col items-start gap-3 rounded-lg border border-dashed p-4">
          <KeyRound aria-hidden className="size-6 text-primary" />
          <p className="font-medium">{t("apiTokens.page.emptyTitle")}</p>
          <p className="text-sm text-muted-foreground">{t("apiTokens.page.empty")}</p>
          <DocsLink />
        </div>
      </ProfileSection>
    );
  }
  return (
    <ProfileSection id="tokens" title={t("apiTokens.page.listTitle")}>
      <ul className="flex flex-col divide-y rounded-lg border">
        {tokens.map((token) => (
          <li key={token.id} className="flex flex-col gap-2 p-3 sm:flex-row sm:items-start sm:justify-between sm:gap-4">
            <div className="flex min-w-0 flex-col gap-2">
              <div className="flex min-w-0 flex-wrap items-center gap-x-3 gap-y-1">
                <span className="truncate font-medium">{token.name}</span>
                <code className="text-xs text-muted-foreground" title={t("apiTokens.page.prefixLabel")}>
                  {token.prefix}…
                </code>
              </div>
              <ScopeBadges scopes={token.scopes} />
              <TokenDates token={token} now={now} />
            </div>
            <RevokeButton token={token} />
          </li>
        ))}
      </ul>
      <p className="mt-4 text-sm text-muted-foreground">
        {t("apiTokens.page.docsHint")} <DocsLink inline />
      </p>
    </ProfileSection>
  );
}

function DocsLink({ inline = false }: { inline?: boolean }) {
  const { t } = useTranslation();
  return (
    <Link
      to={API_DOCS}
      className={
        inline
          ? "font-medium text-primary underline-offset-4 hover:underline"
          : "inline-flex items-center gap-2 text-sm font-medium text-primary hover:underline"
      }
    >
      {inline ? null : <BookOpen aria-hidden className="size-4" />}
      {t("apiTokens.page.docsLink")}
    </Link>
  );
}

/** Asks first: a dialog once the page is interactive, a confirmation page without JavaScript. */
function RevokeButton({ token }: { token: ApiTokenView }) {
  const { t } = useTranslation();
  return (
    <ConfirmButton
      path={revokeTokenPath(token.id)}
      icon={Trash2}
      label={t("apiTokens.page.revoke")}
      name={t("apiTokens.page.revokeToken", { name: token.name })}
      title={t("apiTokens.page.revokeTitle", { name: token.name })}
      description={t("apiTokens.page.revokeBody")}
      className="self-start"
    />
  );
}

export function CreateTokenForm({ lastResult, max, createdId }: { lastResult?: SubmissionResult<string[]>; max: number; createdId?: string }) {
  // A created token answers in place: the form starts afresh after each creation and each arrival.
  return <CreateForm key={`${useLocation().key}-${createdId ?? ""}`} lastResult={lastResult} max={max} />;
}

function CreateForm({ lastResult, max }: { lastResult?: SubmissionResult<string[]>; max: number }) {
  const { t } = useTranslation();
  const [form, fields] = useZodForm("create-token", createApiTokenSchema, lastResult?.status === "success" ? undefined : lastResult);
  // What was sent comes back after a refusal: one value is a string, several a list.
  const sent = fields.scopes.initialValue;
  const chosen = new Set<unknown>(Array.isArray(sent) ? sent : [sent]);
  // An unknown value is reported on its item (scopes[0]): shown once, under the group.
  const scopeErrors = [...new Set(Object.values(fields.scopes.allErrors).flat())];
  const expiry = typeof fields.expiresInDays.initialValue === "string" ? fields.expiresInDays.initialValue : "30";
  return (
    <ProfileSection id="create" title={t("apiTokens.page.createTitle")} description={t("apiTokens.page.createDescription")}>
      <Form method="post" action={API_PAGE} {...getFormProps(form)} noValidate className="flex flex-col gap-4">
        <Field
          label={t("apiTokens.page.name")}
          hint={t("apiTokens.page.nameHint")}
          inputProps={{ ...getInputProps(fields.name, { type: "text" }), autoComplete: "off", maxLength: 200 }}
          errors={fields.name.errors}
        />
        <fieldset className="flex flex-col gap-2" aria-describedby={scopeErrors.length ? fields.scopes.errorId : undefined}>
          <legend className="mb-1 text-sm font-medium">{t("apiTokens.page.scopes")}</legend>
          {API_SCOPES.map((scope) => {
            const id = `${fields.scopes.id}-${scope.replace(":", "-")}`;
            return (
              <div key={scope} className="flex items-start gap-2">
                <input
                  id={id}
                  type="checkbox"
                  name={fields.scopes.name}
                  value={scope}
                  defaultChecked={chosen.has(scope)}
                  aria-describedby={`${id}-hint`}
                  className="mt-0.5 size-4 shrink-0 cursor-pointer rounded border-input accent-primary"
                />
                <div className="flex min-w-0 flex-col">
                  <label htmlFor={id} className="font-mono text-sm leading-snug">
                    {scope}
                  </label>
                  <span id={`${id}-hint`} className="text-xs text-muted-foreground">
                    {t(`apiTokens.page.scope.${SCOPE_KEYS[scope]}`)}
                  </span>
                </div>
              </div>
            );
          })}
          <ErrorList id={fields.scopes.errorId} errors={scopeErrors} />
        </fieldset>
        <div className="flex flex-col gap-2">
          <Label htmlFor={fields.expiresInDays.id}>{t("apiTokens.page.expiry")}</Label>
          <select
            id={fields.expiresInDays.id}
            name={fields.expiresInDays.name}
            defaultValue={expiry}
            aria-invalid={fields.expiresInDays.errors ? true : undefined}
            className="h-10 rounded-md border border-input bg-background px-3 text-sm sm:max-w-60"
          >
            {EXPIRY_CHOICES.map((days) => (
              <option key={days} value={String(days)}>
                {t("apiTokens.page.expiryDays", { count: days })}
              </option>
            ))}
            <option value="">{t("apiTokens.page.expiryNever")}</option>
          </select>
          <ErrorList errors={fields.expiresInDays.errors} />
        </div>
        <FormErrors id={form.errorId} errors={form.errors} />
        <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:gap-4">
          <StatusButton name="intent" value="create">
            <KeyRound aria-hidden />
            {t("apiTokens.page.submit")}
          </StatusButton>
          <p className="text-xs text-muted-foreground">{t("apiTokens.page.limit", { max })}</p>
        </div>
      </Form>
    </ProfileSection>
  );
}

/** The new token, shown this once: from the action's answer, never stored where it could come back. */
export function NewTokenNotice({ token }: { token: ApiTokenView & { token: string } }) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const [copied, setCopied] = useState(false);
  return (
    <section
      aria-labelledby="new-token-title"
      role="status"
      className="flex flex-col gap-3 rounded-lg border border-success/40 bg-success/5 p-4"
      id="new-token"
    >
      <h2 id="new-token-title" className="font-semibold">
        {t("apiTokens.page.newTitle", { name: token.name })}
      </h2>
      <p className="text-sm font-medium text-warning">{t("apiTokens.page.newWarning")}</p>
      <Label htmlFor="new-token-value">{t("apiTokens.page.newLabel")}</Label>
      <div className="flex flex-col gap-2 sm:flex-row sm:items-start">
        <Textarea
          id="new-token-value"
          readOnly
          value={token.token}
          rows={1}
          spellCheck={false}
          autoComplete="off"
          className="field-sizing-content min-h-10 resize-none py-[9px] font-mono text-xs leading-5 break-all sm:text-xs"
          onFocus={(event) => event.currentTarget.select()}
        />
        {/* Without JavaScript the field is there to select and copy by hand. */}
        {hydrated ? (
          <Button
            type="button"
            variant="outline"
            aria-live="polite"
            onClick={() => void navigator.clipboard?.writeText(token.token).then(() => setCopied(true))}
          >
            {copied ? <Check aria-hidden /> : <Copy aria-hidden />}
            {copied ? t("apiTokens.page.copied") : t("apiTokens.page.copy")}
          </Button>
        ) : null}
      </div>
      <ScopeBadges scopes={token.scopes} />
      <div>
        <Button asChild variant="outline" size="sm">
          <Link to={API_PAGE}>{t("apiTokens.page.done")}</Link>
        </Button>
      </div>
    </section>
  );
}

/** The profile's way in: where a user looks for "API" or "tokens". */
export function ApiAccessSection() {
  const { t } = useTranslation();
  return (
    <ProfileSection id="api-access" title={t("apiTokens.page.title")} description={t("apiTokens.page.profileLinkHint")}>
      <Link to={API_PAGE} className="flex items-center gap-2 rounded-md px-2 py-2 text-sm font-medium hover:bg-muted">
        <KeyRound aria-hidden className="size-4 text-primary" />
        {t("apiTokens.page.profileLink")}
      </Link>
    </ProfileSection>
  );
}
