import { Link } from "@remix-run/react";
import { CalendarClock, Globe, Link2 } from "lucide-react";
import { useTranslation } from "react-i18next";

/** The zone the times are read in, where to change it, and that a time stays put on the clock. */
export function TimeZoneNote({ timezone }: { timezone: string }) {
  const { t } = useTranslation();
  return (
    <section aria-label={t("profile.account.timezone")} className="flex gap-3 rounded-xl border bg-card p-4 text-sm shadow-xs">
      <Globe aria-hidden className="mt-0.5 size-5 shrink-0 text-primary" />
      <div className="flex flex-col gap-1">
        <p>
          <span className="font-medium">{t("queue.slots.timezone", { zone: timezone.replace(/_/g, " ") })}</span>{" "}
          <Link to="/profile#account" className="font-medium text-primary underline-offset-4 hover:underline">
            {t("queue.slots.changeTimezone")}
          </Link>
        </p>
        <p className="text-muted-foreground">{t("queue.slots.wallClock")}</p>
      </div>
    </section>
  );
}

/** No account connected: times for every account still work, and apply once one is. */
export function NoAccountsNote() {
  const { t } = useTranslation();
  return (
    <p className="flex flex-wrap items-center gap-x-3 gap-y-1 rounded-xl bg-info/10 p-4 text-sm">
      <span>{t("queue.slots.noAccounts")}</span>
      <Link to="/profile#connections" className="inline-flex items-center gap-1 font-medium text-primary underline-offset-4 hover:underline">
        <Link2 aria-hidden className="size-4" />
        {t("queue.slots.connect")}
      </Link>
    </p>
  );
}

/** No slot yet: what a queue is, and the first slot the form suggests. */
export function QueueEmpty() {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="queue-empty-title" className="flex flex-col items-center gap-3 rounded-xl border border-dashed px-6 py-12 text-center">
      <span className="grid size-12 place-items-center rounded-full bg-accent text-accent-foreground">
        <CalendarClock aria-hidden className="size-6" />
      </span>
      <h2 id="queue-empty-title" className="text-lg font-semibold">
        {t("queue.slots.empty.title")}
      </h2>
      <p className="max-w-md text-sm text-muted-foreground">{t("queue.slots.empty.text")}</p>
      <p className="max-w-md text-sm font-medium">{t("queue.slots.empty.suggest")}</p>
    </section>
  );
}
