import { useFetcher } from "@remix-run/react";
import { TriangleAlert, Users, X } from "lucide-react";
import { useTranslation } from "react-i18next";
import { PlatformIcon } from "~/components/posts/platform-icon";
import { Card } from "~/components/ui/card";
import { handleLabel } from "~/modules/connections/account-label";
import type { ChannelChoice } from "~/modules/connections/connection.server";
import type { FormReply } from "~/modules/forms/reply";
import type { QueueSlotView } from "~/modules/queue/queue.server";
import { formatSlotDate, formatSlotTime, weekdayNames, type SkippedDay } from "~/modules/queue/slot-notes";
import { cn } from "~/utils/cn";

type Accounts = Record<string, ChannelChoice>;

/** The week, Monday first: each day's slots in time order, or "No time". */
export function SlotWeek({ slots, accounts, skipped }: { slots: QueueSlotView[]; accounts: Accounts; skipped: Record<string, SkippedDay> }) {
  const { t, i18n } = useTranslation();
  const days = weekdayNames(i18n.language);
  return (
    <Card role="region" aria-labelledby="queue-week-title">
      <div className="flex flex-wrap items-baseline justify-between gap-2 border-b px-4 py-3 sm:px-6">
        <h2 id="queue-week-title" className="text-base font-semibold">
          {t("queue.slots.week")}
        </h2>
        <p className="text-sm text-muted-foreground">{t("queue.slots.count", { count: slots.length })}</p>
      </div>
      <ol className="divide-y">
        {days.map((name, index) => {
          const weekday = index + 1;
          const ofDay = slots.filter((slot) => slot.weekday === weekday);
          return (
            // On a phone a day's slots go under its name (a slot needs the width); a day without any stays on one line.
            <li
              key={weekday}
              data-weekday={weekday}
              className={cn("flex gap-2 px-4 py-3 sm:flex-row sm:items-start sm:gap-4 sm:px-6", ofDay.length ? "flex-col" : "flex-row items-start gap-3")}
            >
              <h3 className={cn("shrink-0 text-sm font-medium capitalize sm:w-28 sm:pt-2", ofDay.length ? "" : "w-24 pt-2")}>{name}</h3>
              {ofDay.length === 0 ? (
                <p className="pt-2 text-sm text-muted-foreground">{t("queue.slots.noSlot")}</p>
              ) : (
                <ul className="flex min-w-0 flex-1 flex-wrap gap-2">
                  {ofDay.map((slot) => (
                    <SlotItem
                      key={slot.id}
                      slot={slot}
                      dayName={name}
                      account={slot.channelId ? accounts[slot.channelId] : undefined}
                      skipped={skipped[slot.id]}
                    />
                  ))}
                </ul>
              )}
            </li>
          );
        })}
      </ol>
    </Card>
  );
}

/** Who a slot is for: every account, or one account by its network's icon and handle. */
function SlotAccount({ account }: { account: ChannelChoice | undefined }) {
  const { t } = useTranslation();
  if (!account) {
    return (
      <span className="flex min-w-0 items-center gap-1 text-muted-foreground">
        <Users aria-hidden className="size-3.5 shrink-0" />
        <span className="truncate">{t("queue.slots.everyAccount")}</span>
      </span>
    );
  }
  return (
    <span className="flex min-w-0 items-center gap-1 text-muted-foreground" title={account.displayName}>
      <PlatformIcon platform={account.network} className="size-3.5 shrink-0" />
      <span className="sr-only">{t(`composer.network.${account.network}`)}</span>
      <span className="truncate">{handleLabel(account) ?? account.displayName}</span>
    </span>
  );
}

function accountName(account: ChannelChoice | undefined, everyAccount: string) {
  return account ? `${handleLabel(account) ?? account.displayName}` : everyAccount;
}

/** One slot: its time, its account, the day its time is skipped if any, and a remove button. */
function SlotItem({ slot, dayName, account, skipped }: { slot: QueueSlotView; dayName: string; account?: ChannelChoice; skipped?: SkippedDay }) {
  const { t, i18n } = useTranslation();
  const fetcher = useFetcher<FormReply>();
  const time = formatSlotTime(slot.time, i18n.language);
  const removing = fetcher.state !== "idle";
  return (
    <li
      data-slot={slot.id}
      className={cn("flex max-w-full flex-col gap-1 rounded-lg border bg-background py-1 pr-1 pl-3 text-sm transition-opacity", removing && "opacity-50")}
    >
      <div className="flex min-w-0 items-center gap-2">
        <span className="font-semibold whitespace-nowrap tabular-nums">{time}</span>
        <SlotAccount account={account} />
        <fetcher.Form method="post" action="/queue" className="ml-auto shrink-0">
          <input type="hidden" name="slotId" value={slot.id} />
          <button
            type="submit"
            name="intent"
            value="remove"
            disabled={removing}
            aria-label={t("queue.slots.remove", { day: dayName, time, account: accountName(account, t("queue.slots.everyAccount")) })}
            className="grid size-7 cursor-pointer place-items-center rounded-md text-muted-foreground hover:bg-muted hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring"
          >
            <X aria-hidden className="size-4" />
          </button>
        </fetcher.Form>
      </div>
      {skipped ? (
        <p className="flex max-w-xs items-start gap-1 pr-2 pb-1 text-xs text-warning">
          <TriangleAlert aria-hidden className="mt-px size-3.5 shrink-0" />
          {t("queue.slots.skipped", { date: formatSlotDate(skipped.date, i18n.language), time: formatSlotTime(skipped.movedTo, i18n.language) })}
        </p>
      ) : null}
    </li>
  );
}
