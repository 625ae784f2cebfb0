import { Link } from "@remix-run/react";
import { useMemo } from "react";
import { ChevronLeft, ChevronRight } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Button } from "~/components/ui/button";
import type { MonthGrid } from "~/modules/posts/calendar";
import type { NetworkId } from "~/core/platforms/platforms";
import type { CalendarFreeSlot } from "~/modules/queue/queue-view";
import { cn } from "~/utils/cn";
import { useListNavigation } from "~/utils/list-navigation";
import { useFormatDate } from "~/utils/use-format-date";
import { usePlatformNames } from "./post-card";
import { PlatformIconRef } from "./platform-icon";
import { IconTooltip } from "~/components/ui/tooltip";

export interface CalendarPost {
  id: string;
  status: string;
  platforms: NetworkId[];
  text: string;
  at: string;
  day: string;
}

/** `label` asked once for each count. */
function oncePerCount(label: (count: number) => string): (count: number) => string {
  const known = new Map<number, string>();
  return (count) => {
    let text = known.get(count);
    if (text === undefined) known.set(count, (text = label(count)));
    return text;
  };
}

/** A day shows this many free slot times, then "+n free". */
const FREE_PER_DAY = 3;

const dot: Record<string, string> = {
  draft: "bg-muted-foreground",
  scheduled: "bg-info",
  publishing: "bg-primary",
  published: "bg-success",
  failed: "bg-error",
};

/** The previous or next month: an icon button, its label given once for the name and the tooltip. */
function MonthLink({ to, label, icon: Icon }: { to: string; label: string; icon: typeof ChevronLeft }) {
  return (
    <IconTooltip label={label}>
      <Button asChild variant="outline" size="icon">
        <Link to={to} aria-label={label} preventScrollReset>
          <Icon aria-hidden />
        </Link>
      </Button>
    </IconTooltip>
  );
}

/** A month: whole weeks, today marked, each post on its local day; a day-by-day list on phones. */
export function PostCalendar({
  grid,
  posts,
  dayTotals,
  freeSlots = {},
  prevHref,
  nextHref,
  todayHref,
  listHref,
}: {
  grid: MonthGrid;
  posts: CalendarPost[];
  /** Every post of each day, where `posts` holds only the first few. */
  dayTotals: Record<string, number>;
  /** The queue's free slot times of the coming days, by day (none for past days). */
  freeSlots?: Record<string, CalendarFreeSlot[]>;
  prevHref: string;
  nextHref: string;
  todayHref: string;
  listHref: string;
}) {
  const { t } = useTranslation();
  const formatDate = useFormatDate();
  const platformNames = usePlatformNames();
  const onListClick = useListNavigation();
  const freeLabel = t("queue.view.calendarFree");
  // A plural label costs a lookup and a plural rule each time: asked once per count, not per day.
  const moreLabel = useMemo(() => oncePerCount((count) => t("posts.calendar.more", { count })), [t]);
  const moreFreeLabel = useMemo(() => oncePerCount((count) => t("queue.view.calendarMoreFree", { count })), [t]);
  const byDay = new Map<string, CalendarPost[]>();
  for (const post of posts) byDay.set(post.day, [...(byDay.get(post.day) ?? []), post]);
  return (
    <section aria-labelledby="calendar-title" className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="calendar-title" className="text-lg font-semibold capitalize">
          {grid.title}
        </h2>
        <div className="flex items-center gap-1">
          <MonthLink to={prevHref} label={t("posts.calendar.previous")} icon={ChevronLeft} />
          <Button asChild variant="outline" size="sm" className="h-9">
            <Link to={todayHref} preventScrollReset>
              {t("posts.calendar.today")}
            </Link>
          </Button>
          <MonthLink to={nextHref} label={t("posts.calendar.next")} icon={ChevronRight} />
        </div>
      </div>
      {/*
        One table for both layouts, each post drawn once: a month grid from sm up; on phones the same
        cells stack as a day-by-day list of the month's days that hold posts (rendering a second list
        for phones cost as much as the rest of the page, docs/decisions/0037).
      */}
      <table onClick={onListClick} className="w-full table-fixed border-collapse overflow-hidden text-sm max-sm:block sm:rounded-xl sm:border sm:bg-card">
        <thead className="max-sm:hidden">
          <tr>
            {grid.weekdayLabels.map((label) => (
              <th key={label} scope="col" className="border-b py-2 text-xs font-medium text-muted-foreground capitalize">
                {label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="max-sm:flex max-sm:flex-col max-sm:gap-3">
          {grid.weeks.map((week) => (
            <tr key={week[0]?.date} className="max-sm:contents">
              {week.map((day) => {
                const items = byDay.get(day.date) ?? [];
                const total = dayTotals[day.date] ?? items.length;
                const shown = items.slice(0, 3);
                const free = day.inMonth ? (freeSlots[day.date] ?? []) : [];
                const freeShown = free.slice(0, FREE_PER_DAY);
                const first = items[0]?.at ?? free[0]?.at;
                return (
                  <td
                    key={day.date}
                    className={cn(
                      "align-top max-sm:block sm:h-28 sm:border",
                      !day.inMonth && "text-muted-foreground sm:bg-muted/40",
                      (!day.inMonth || (items.length === 0 && free.length === 0)) && "max-sm:hidden",
                    )}
                    aria-current={day.isToday ? "date" : undefined}
                  >
                    <div className="flex h-full flex-col gap-1 sm:p-1">
                      <span
                        className={cn(
                          "grid size-6 place-items-center self-end rounded-full text-xs max-sm:hidden",
                          day.isToday && "bg-primary font-semibold text-primary-foreground",
                        )}
                      >
                        {day.day}
                      </span>
                      {first ? <h3 className="text-xs font-semibold text-muted-foreground uppercase sm:sr-only">{formatDate(first, "date")}</h3> : null}
                      {items.length ? (
                        <ul className="flex flex-col gap-1 max-sm:gap-2">
                          {shown.map((post) => (
                            <li key={post.id}>
                              <a href={`/posts/${post.id}`} data-discover="true" className="calendar-post">
                                <span aria-hidden className={`calendar-dot ${dot[post.status] ?? ""}`} />
                                <span className="calendar-text">{post.text || t("posts.untitled")}</span>
                                <span className="calendar-time">{formatDate(post.at, "time")}</span>
                                <span className="calendar-marks">
                                  {post.platforms.map((platform) => (
                                    <PlatformIconRef key={platform} platform={platform} className="size-3.5" />
                                  ))}
                                  <span className="sr-only">{post.platforms.map((platform) => platformNames[platform]).join(", ")}</span>
                                </span>
                              </a>
                            </li>
                          ))}
                          {total > shown.length ? (
                            <li>
                              <Link to={listHref} className="px-1.5 text-xs text-muted-foreground hover:underline max-sm:px-0">
                                {moreLabel(total - shown.length)}
                              </Link>
                            </li>
                          ) : null}
                        </ul>
                      ) : null}
                      {free.length ? (
                        // The queue's free slots: dashed, quieter than posts; each says which accounts it is free on.
                        <ul
                          className="flex flex-wrap gap-1 text-[11px] leading-4 text-muted-foreground max-sm:text-xs [&>li]:px-1 [&>li]:whitespace-nowrap max-sm:[&>li]:px-2 max-sm:[&>li]:py-1"
                          data-free-slots
                        >
                          {freeShown.map((slot) => (
                            // The accounts it is free on, as a tooltip (names only: nothing to translate per chip).
                            <li key={slot.at} title={slot.channels.join(", ")} className="rounded border border-dashed border-muted-foreground/40">
                              <time dateTime={slot.at} className="tabular-nums">
                                {formatDate(slot.at, "time")}
                              </time>{" "}
                              {freeLabel}
                            </li>
                          ))}
                          {free.length > freeShown.length ? <li>{moreFreeLabel(free.length - freeShown.length)}</li> : null}
                        </ul>
                      ) : null}
                    </div>
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
      {posts.length === 0 ? <p className="text-sm text-muted-foreground">{t("posts.calendar.empty")}</p> : null}
    </section>
  );
}
