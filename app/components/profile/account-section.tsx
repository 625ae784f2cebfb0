import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { useZodForm } from "~/components/forms/use-zod-form";
import { ErrorList } from "~/components/ui/field";
import { Label } from "~/components/ui/label";
import { StatusButton } from "~/components/ui/status-button";
import { timezoneFormSchema } from "~/modules/users/schemas";
import type { UserProfile } from "~/modules/users/user.server";
import { Badge } from "~/components/ui/badge";
import { ProfileSection } from "./section";

export function AccountSection({ profile, timeZones, lastResult }: { profile: UserProfile; timeZones: string[]; lastResult?: SubmissionResult<string[]> }) {
  const { t, i18n } = useTranslation();
  const [form, fields] = useZodForm("timezone", timezoneFormSchema, lastResult, { defaultValue: { timezone: profile.timezone } });
  const memberSince = new Intl.DateTimeFormat(i18n.language, { dateStyle: "long", timeZone: profile.timezone }).format(new Date(profile.createdAt));
  return (
    <ProfileSection id="account" title={t("profile.account.title")} description={t("profile.account.description")}>
      <dl className="grid gap-4 sm:grid-cols-2">
        <div className="flex flex-col gap-1">
          <dt className="text-sm text-muted-foreground">{t("auth.fields.email")}</dt>
          <dd className="flex flex-wrap items-center gap-2 font-medium break-all">
            {profile.email}
            {profile.verified ? <Badge tone="success">{t("profile.account.verified")}</Badge> : <Badge tone="warning">{t("profile.account.unverified")}</Badge>}
          </dd>
        </div>
        <div className="flex flex-col gap-1">
          <dt className="text-sm text-muted-foreground">{t("profile.account.role")}</dt>
          <dd className="font-medium">{t(`profile.account.roles.${profile.role}`)}</dd>
        </div>
        <div className="flex flex-col gap-1">
          <dt className="text-sm text-muted-foreground">{t("profile.account.memberSince")}</dt>
          <dd className="font-medium">{memberSince}</dd>
        </div>
      </dl>
      {profile.verified ? null : (
        <Form method="post" className="mt-4 flex flex-wrap items-center gap-3 rounded-md bg-warning/10 p-3 text-sm">
          <p className="flex-1">{t("profile.account.verifyPrompt")}</p>
          <StatusButton name="intent" value="resendVerification" variant="outline" size="sm">
            {t("profile.account.resendVerification")}
          </StatusButton>
        </Form>
      )}
      <Form method="post" {...getFormProps(form)} className="mt-6 flex flex-col gap-2 border-t pt-6">
        <Label htmlFor={fields.timezone.id}>{t("profile.account.timezone")}</Label>
        <p id={`${fields.timezone.id}-hint`} className="text-xs text-muted-foreground">
          {t("profile.account.timezoneHint")}
        </p>
        <div className="flex flex-wrap gap-2">
          <select
            id={fields.timezone.id}
            name={fields.timezone.name}
            defaultValue={fields.timezone.initialValue ?? profile.timezone}
            aria-describedby={`${fields.timezone.id}-hint`}
            aria-invalid={fields.timezone.errors ? true : undefined}
            className="h-10 min-w-0 flex-1 rounded-md border border-input bg-background px-3 text-sm"
          >
            {timeZones.map((zone) => (
              <option key={zone} value={zone}>
                {zone.replace(/_/g, " ")}
              </option>
            ))}
          </select>
          <StatusButton name="intent" value="updateTimezone" variant="outline">
            {t("common.save")}
          </StatusButton>
        </div>
        <ErrorList errors={fields.timezone.errors} />
      </Form>
    </ProfileSection>
  );
}
