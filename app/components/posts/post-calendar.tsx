import { Link } from "@remix-run/react";
import { ChevronLeft, ChevronRight } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Button } from "~/components/ui/button";
import type { MonthGrid } from "~/modules/posts/calendar";
import type { Platform } from "~/modules/platforms/platforms";
import { cn } from "~/utils/cn";
import { useFormatDate } from "~/utils/use-format-date";
import { PlatformIcons } from "./post-card";
import { IconTooltip } from "~/components/ui/tooltip";

export interface CalendarPost {
  id: string;
  status: string;
  platforms: Platform[];
  text: string;
  at: string;
  day: string;
}

const dot: Record<string, string> = {
  draft: "bg-muted-foreground",
  scheduled: "bg-info",
  publishing: "bg-primary",
  published: "bg-success",
  failed: "bg-error",
};

/** A month: whole weeks, today marked, each post on its local day; a day-by-day list on phones. */
export function PostCalendar({
  grid,
  posts,
  dayTotals,
  prevHref,
  nextHref,
  todayHref,
  listHref,
}: {
  grid: MonthGrid;
  posts: CalendarPost[];
  /** Every post of each day, where `posts` holds only the first few. */
  dayTotals: Record<string, number>;
  prevHref: string;
  nextHref: string;
  todayHref: string;
  listHref: string;
}) {
  const { t } = useTranslation();
  const formatDate = useFormatDate();
  const byDay = new Map<string, CalendarPost[]>();
  for (const post of posts) byDay.set(post.day, [...(byDay.get(post.day) ?? []), post]);
  const days = grid.weeks.flat().filter((d) => d.inMonth && byDay.has(d.date));
  return (
    <section aria-labelledby="calendar-title" className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="calendar-title" className="text-lg font-semibold capitalize">
          {grid.title}
        </h2>
        <div className="flex items-center gap-1">
          <IconTooltip label={t("posts.calendar.previous")}>
            <Button asChild variant="outline" size="icon">
              <Link to={prevHref} aria-label={t("posts.calendar.previous")} preventScrollReset>
                <ChevronLeft aria-hidden />
              </Link>
            </Button>
          </IconTooltip>
          <Button asChild variant="outline" size="sm" className="h-9">
            <Link to={todayHref} preventScrollReset>
              {t("posts.calendar.today")}
            </Link>
          </Button>
          <IconTooltip label={t("posts.calendar.next")}>
            <Button asChild variant="outline" size="icon">
              <Link to={nextHref} aria-label={t("posts.calendar.next")} preventScrollReset>
                <ChevronRight aria-hidden />
              </Link>
            </Button>
          </IconTooltip>
        </div>
      </div>
      <table className="w-full table-fixed border-collapse overflow-hidden rounded-xl border bg-card text-sm">
        <thead>
          <tr>
            {grid.weekdayLabels.map((label) => (
              <th key={label} scope="col" className="border-b py-2 text-xs font-medium text-muted-foreground capitalize">
                {label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {grid.weeks.map((week) => (
            <tr key={week[0]?.date}>
              {week.map((day) => {
                const items = byDay.get(day.date) ?? [];
                const total = dayTotals[day.date] ?? items.length;
                return (
                  <td
                    key={day.date}
                    className={cn("h-14 border align-top sm:h-28", !day.inMonth && "bg-muted/40 text-muted-foreground")}
                    aria-current={day.isToday ? "date" : undefined}
                  >
                    <div className="flex h-full flex-col gap-1 p-1">
                      <span
                        className={cn(
                          "grid size-6 place-items-center self-end rounded-full text-xs",
                          day.isToday && "bg-primary font-semibold text-primary-foreground",
                        )}
                      >
                        {day.day}
                      </span>
                      <ul className="hidden flex-col gap-1 sm:flex">
                        {items.slice(0, 3).map((post) => (
                          <li key={post.id}>
                            <Link to={`/posts/${post.id}`} className="flex items-center gap-1 truncate rounded bg-muted px-1.5 py-0.5 text-xs hover:bg-accent">
                              <span aria-hidden className={cn("size-1.5 shrink-0 rounded-full", dot[post.status])} />
                              <span className="truncate">{post.text || t("posts.untitled")}</span>
                            </Link>
                          </li>
                        ))}
                        {total > 3 ? (
                          <li>
                            <Link to={listHref} className="px-1.5 text-xs text-muted-foreground hover:underline">
                              {t("posts.calendar.more", { count: total - 3 })}
                            </Link>
                          </li>
                        ) : null}
                      </ul>
                      {items.length ? (
                        <span className="flex flex-wrap justify-center gap-0.5 sm:hidden" aria-label={t("posts.calendar.count", { count: total })}>
                          {items.slice(0, 4).map((post) => (
                            <span key={post.id} aria-hidden className={cn("size-1.5 rounded-full", dot[post.status])} />
                          ))}
                        </span>
                      ) : null}
                    </div>
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
      {/* Phones see the month's posts as a list under the grid. */}
      <ol className="flex flex-col gap-3 sm:hidden">
        {days.map((day) => (
          <li key={day.date} className="flex flex-col gap-2">
            <h3 className="text-xs font-semibold text-muted-foreground uppercase">{formatDate(byDay.get(day.date)![0]!.at, "date")}</h3>
            <ul className="flex flex-col gap-2">
              {byDay.get(day.date)!.map((post) => (
                <li key={post.id}>
                  <Link to={`/posts/${post.id}`} className="flex items-center gap-3 rounded-lg border bg-card p-3 text-sm">
                    <span aria-hidden className={cn("size-2 shrink-0 rounded-full", dot[post.status])} />
                    <span className="min-w-0 flex-1 truncate">{post.text || t("posts.untitled")}</span>
                    <span className="text-xs text-muted-foreground">{formatDate(post.at, "time")}</span>
                    <PlatformIcons platforms={post.platforms} shared />
                  </Link>
                </li>
              ))}
              {(dayTotals[day.date] ?? 0) > (byDay.get(day.date)?.length ?? 0) ? (
                <li>
                  <Link to={listHref} className="text-xs text-muted-foreground hover:underline">
                    {t("posts.calendar.more", { count: (dayTotals[day.date] ?? 0) - (byDay.get(day.date)?.length ?? 0) })}
                  </Link>
                </li>
              ) : null}
            </ul>
          </li>
        ))}
      </ol>
      {posts.length === 0 ? <p className="text-sm text-muted-foreground">{t("posts.calendar.empty")}</p> : null}
    </section>
  );
}
