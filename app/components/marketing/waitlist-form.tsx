import { getFormProps, getInputProps } from "@conform-to/react";
import { useFetcher } from "@remix-run/react";
import { CheckCircle2, Users } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Honeypot } from "~/components/marketing/honeypot";
import { useZodForm } from "~/components/forms/use-zod-form";
import { Field, FormErrors } from "~/components/ui/field";
import { StatusButton } from "~/components/ui/status-button";
import { resultFor, succeeded, type FormReply } from "~/modules/forms/reply";
import { waitlistSchema } from "~/modules/marketing/schemas";
import { waitlistCountForms, waitlistCountText } from "./waitlist-count";

/**
 * The VIP waitlist form. Without JavaScript it posts and the page comes back with the thanks and
 * the new count; with it, it submits in place (a fetcher) and the count updates the same way.
 */
export function WaitlistForm({ copy, count, answer }: { copy: { title: string; description: string; perk: string }; count: number; answer?: FormReply }) {
  const { t, i18n } = useTranslation();
  const fetcher = useFetcher<FormReply>();
  const latest = fetcher.data ?? answer;
  const joined = succeeded(latest, "waitlist");
  const [form, fields] = useZodForm("waitlist-form", waitlistSchema, resultFor(latest, "waitlist"));
  return (
    <section id="waitlist" aria-labelledby="waitlist-title" className="scroll-mt-24 rounded-2xl border bg-card p-6 shadow-sm sm:p-8">
      <div className="flex flex-col gap-2">
        {copy.perk ? <p className="w-fit rounded-full bg-accent px-3 py-1 text-xs font-semibold text-accent-foreground">{copy.perk}</p> : null}
        <h2 id="waitlist-title" className="text-2xl font-semibold tracking-tight">
          {copy.title}
        </h2>
        <p className="text-muted-foreground">{copy.description}</p>
      </div>
      {joined ? (
        <p role="status" className="mt-6 flex items-start gap-3 rounded-xl bg-success/10 p-4 text-sm">
          <CheckCircle2 aria-hidden className="mt-0.5 size-5 shrink-0 text-success" />
          {t("marketing.waitlist.thanks")}
        </p>
      ) : (
        <fetcher.Form
          method="post"
          action="/?index"
          {...getFormProps(form)}
          noValidate
          data-waitlist-form
          data-thanks={t("marketing.waitlist.thanks")}
          className="mt-6 grid gap-4 sm:grid-cols-[1fr_1fr_auto] sm:items-start"
        >
          <Field
            label={t("marketing.waitlist.fullName")}
            inputProps={{ ...getInputProps(fields.fullName, { type: "text" }), autoComplete: "name" }}
            errors={fields.fullName.errors}
          />
          <Field
            label={t("marketing.waitlist.email")}
            inputProps={{ ...getInputProps(fields.email, { type: "email" }), autoComplete: "email" }}
            errors={fields.email.errors}
          />
          <Honeypot />
          <StatusButton name="intent" value="waitlist" className="sm:mt-6" pending={fetcher.state !== "idle" || undefined}>
            {t("marketing.waitlist.submit")}
          </StatusButton>
          <div className="sm:col-span-3" data-waitlist-errors>
            <FormErrors id={form.errorId} errors={form.errors} />
          </div>
        </fetcher.Form>
      )}
      <p className="mt-4 flex items-center gap-2 text-sm text-muted-foreground" aria-live="polite">
        <Users aria-hidden className="size-4" />
        <span data-testid="waitlist-count" data-forms={JSON.stringify(waitlistCountForms(i18n))}>
          {waitlistCountText(t, count)}
        </span>
      </p>
    </section>
  );
}
