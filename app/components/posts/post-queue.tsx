import { Form, Link } from "@remix-run/react";
import type { TFunction } from "i18next";
import { ArrowUpToLine, CalendarClock, ChevronLeft, ChevronRight, Settings2, Shuffle } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { StatusButton } from "~/components/ui/status-button";
import type { QueueChannelView, QueueEntry, QueueViewData } from "~/modules/queue/queue-view";
import { cn } from "~/utils/cn";
import { useListNavigation } from "~/utils/list-navigation";
import { formatterFor, useFormatDate } from "~/utils/use-format-date";
import { PlatformIconRef } from "./platform-icon";
import { usePlatformNames } from "./post-card";

/** The slots editor's page. */
export const QUEUE_SLOTS_HREF = "/queue";

/** "Friday, November 27" for a plain calendar date (read at noon UTC: the same day in any language). */
function useDayTitle() {
  const { i18n } = useTranslation();
  return (date: string) => formatterFor(i18n.language, "weekday", "UTC").format(new Date(`${date}T12:00:00Z`));
}

/** No slot at all: what the queue is, and where to set it up. */
function QueueEmptyState() {
  const { t } = useTranslation();
  return (
    <section className="flex flex-col items-center gap-4 rounded-xl border border-dashed px-6 py-16 text-center">
      <span className="grid size-12 place-items-center rounded-full bg-accent text-accent-foreground">
        <CalendarClock aria-hidden className="size-6" />
      </span>
      <h2 className="text-lg font-semibold">{t("queue.view.emptyTitle")}</h2>
      <p className="max-w-md text-sm text-muted-foreground">{t("queue.view.emptyText")}</p>
      <Button asChild>
        <Link to={QUEUE_SLOTS_HREF}>
          <Settings2 aria-hidden />
          {t("queue.view.editSlots")}
        </Link>
      </Button>
    </section>
  );
}

/** Names every "Move to top" button with the line's link: one label on the page, not one per line. */
const MOVE_LABEL_ID = "queue-move-label";
/** Its icon, drawn once and pointed at by every button (a page holds dozens). */
const MOVE_ICON_ID = "queue-move-icon";

/**
 * One line: a plain function of what its channel's column already holds (no hooks, a plain anchor):
 * a queue view renders a hundred of them, and each hook or <Link> costs on every visit (decision 39).
 */
function queueLine(entry: QueueEntry, channelId: string, t: TFunction, formatTime: (at: string) => string) {
  const time = formatTime(entry.at);
  const key = entry.kind === "post" ? entry.postId : `free-${entry.at}`;
  if (entry.kind === "free") {
    return (
      <li key={key} className="flex items-center gap-3 rounded-lg border border-dashed px-3 py-2 text-sm text-muted-foreground">
        <time dateTime={entry.at} className="w-16 shrink-0 whitespace-nowrap tabular-nums">
          {time}
        </time>
        <span aria-label={t("queue.view.freeAt", { time })}>{t("queue.view.free")}</span>
      </li>
    );
  }
  const text = entry.text || t("posts.untitled");
  const linkId = `q-${channelId}-${entry.postId}`;
  return (
    <li key={key} className={cn("flex items-center gap-3 rounded-lg border bg-card px-3 py-2 text-sm", !entry.atSlot && "border-info/40")}>
      <time dateTime={entry.at} className="w-16 shrink-0 font-medium whitespace-nowrap tabular-nums">
        {time}
      </time>
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <a id={linkId} href={`/posts/${entry.postId}`} data-discover="true" className="truncate hover:underline">
          {text}
        </a>
        {!entry.atSlot || entry.status !== "scheduled" ? (
          <span className="flex flex-wrap gap-1">
            {entry.atSlot ? null : (
              <Badge tone="info">
                <span title={t("queue.view.offSlotTitle")}>{t("queue.view.offSlot")}</span>
              </Badge>
            )}
            {entry.status !== "scheduled" ? (
              <Badge tone={entry.status === "published" ? "success" : "primary"}>{t(`posts.status.${entry.status as "published"}`)}</Badge>
            ) : null}
          </span>
        ) : null}
      </div>
      {entry.canMoveToTop ? (
        // A submit button of the queue's one form: it sends its own name and value only.
        <button
          type="submit"
          name="top"
          value={entry.postId}
          aria-labelledby={`${MOVE_LABEL_ID} ${linkId}`}
          title={t("queue.view.moveToTop")}
          className="grid size-8 shrink-0 cursor-pointer place-items-center rounded-md text-muted-foreground hover:bg-muted hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring"
        >
          <svg aria-hidden className="size-4">
            <use href={`#${MOVE_ICON_ID}`} />
          </svg>
        </button>
      ) : null}
    </li>
  );
}

function QueueChannel({ channel }: { channel: QueueChannelView }) {
  const { t } = useTranslation();
  const dayTitle = useDayTitle();
  const platformNames = usePlatformNames();
  const formatDate = useFormatDate();
  const formatTime = (at: string) => formatDate(at, "time");
  const onListClick = useListNavigation();
  const headingId = `queue-channel-${channel.id}`;
  return (
    <section aria-labelledby={headingId} className="flex min-w-0 flex-col gap-3 rounded-xl border bg-muted/30 p-3 sm:p-4">
      <h3 id={headingId} className="flex items-center gap-2 font-semibold">
        <PlatformIconRef platform={channel.network} className="size-4 shrink-0" />
        <span className="sr-only">{platformNames[channel.network]}: </span>
        <span className="truncate">{channel.name}</span>
        {channel.needsReconnect ? <Badge tone="warning">{t("queue.view.needsReconnect")}</Badge> : null}
      </h3>
      {channel.days.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t("queue.view.noSlotInDays")}</p>
      ) : (
        <ol className="flex flex-col gap-4" onClick={onListClick}>
          {channel.days.map((day) => (
            <li key={day.date} className="flex flex-col gap-1.5">
              <h4 className="text-xs font-semibold text-muted-foreground uppercase">{dayTitle(day.date)}</h4>
              <ul className="flex flex-col gap-1.5">{day.entries.map((entry) => queueLine(entry, channel.id, t, formatTime))}</ul>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

/** The coming slots, channel by channel (a column each on wide screens), with Shuffle and Move to top. */
export function PostQueue({
  queue,
  moreHref,
  earlierHref,
  laterHref,
}: {
  queue: QueueViewData;
  moreHref: string | null;
  earlierHref: string | null;
  laterHref: string | null;
}) {
  const { t } = useTranslation();
  const dayTitle = useDayTitle();
  const lastDay = new Date(Date.parse(`${queue.from}T12:00:00Z`) + (queue.days - 1) * 86_400_000).toISOString().slice(0, 10);
  if (!queue.hasSlots) return <QueueEmptyState />;
  return (
    <section aria-labelledby="queue-title" className="flex flex-col gap-4">
      <span id={MOVE_LABEL_ID} hidden>
        {t("queue.view.moveToTopLabel")}
      </span>
      <svg aria-hidden className="absolute size-0 overflow-hidden">
        <symbol id={MOVE_ICON_ID} viewBox="0 0 24 24">
          <ArrowUpToLine />
        </symbol>
      </svg>
      {/* One form for Shuffle and every Move to top: the button pressed says which (no form per line). */}
      <Form method="post" preventScrollReset className="flex flex-col gap-4">
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div className="flex flex-col gap-1">
            <h2 id="queue-title" className="text-lg font-semibold">
              {t("queue.view.title")}
            </h2>
            <p className="text-sm text-muted-foreground">
              {t("queue.view.range", { from: dayTitle(queue.from), to: dayTitle(lastDay) })} · {t("queue.view.description")}
            </p>
          </div>
          <div className="flex flex-wrap items-center gap-2">
            <StatusButton name="intent" value="shuffle" variant="outline" title={t("queue.view.shuffleHint")}>
              <Shuffle aria-hidden />
              {t("queue.view.shuffle")}
            </StatusButton>
            <Button asChild variant="outline">
              <Link to={QUEUE_SLOTS_HREF}>
                <Settings2 aria-hidden />
                {t("queue.view.editSlots")}
              </Link>
            </Button>
          </div>
        </div>
        <div className={cn("grid gap-4", queue.channels.length > 1 && "lg:grid-cols-2", queue.channels.length > 2 && "xl:grid-cols-3")}>
          {queue.channels.map((channel) => (
            <QueueChannel key={channel.id} channel={channel} />
          ))}
        </div>
      </Form>
      <nav aria-label={t("queue.view.pagesLabel")} className="flex flex-wrap items-center justify-center gap-2">
        {earlierHref ? (
          <Button asChild variant="ghost">
            <Link to={earlierHref}>
              <ChevronLeft aria-hidden />
              {t("queue.view.earlier")}
            </Link>
          </Button>
        ) : null}
        {moreHref ? (
          <Button asChild variant="outline">
            <Link to={moreHref} preventScrollReset>
              {t("queue.view.showMore")}
            </Link>
          </Button>
        ) : null}
        {laterHref ? (
          <Button asChild variant="ghost">
            <Link to={laterHref}>
              {t("queue.view.later")}
              <ChevronRight aria-hidden />
            </Link>
          </Button>
        ) : null}
      </nav>
    </section>
  );
}
