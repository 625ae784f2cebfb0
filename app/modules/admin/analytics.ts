import { DateTime } from "luxon";
import type { NetworkId } from "~/core/platforms/platforms";

// The pure half of the analytics dashboard: day buckets in the admin's time zone, percentiles and
// per-platform summaries. The database half (analytics.server.ts) selects bounded rows and hands
// their timestamps here, so the same code runs on SQLite and PostgreSQL (no SQL date functions).

export const ANALYTICS_DAYS = 30;

export interface AnalyticsTotals {
  users: number;
  verified: number;
  /** Subscriptions in a trial that has not ended. */
  trialing: number;
  /** Active subscriptions to a paid plan. */
  paying: number;
  waitlist: number;
}

export interface DayWindow {
  /** Each day as YYYY-MM-DD in the time zone, oldest first; the last one is today. */
  days: string[];
  /** The first instant of the first day, and the first instant after the last day. */
  start: Date;
  end: Date;
  timeZone: string;
}

/** The last `count` days up to today in a time zone (an unknown zone counts as UTC). */
export function dayWindow(now: Date, timeZone: string, count = ANALYTICS_DAYS): DayWindow {
  let today = DateTime.fromJSDate(now, { zone: timeZone });
  if (!today.isValid) today = DateTime.fromJSDate(now, { zone: "UTC" });
  const first = today.startOf("day").minus({ days: count - 1 });
  const days = Array.from({ length: count }, (_, i) => first.plus({ days: i }).toISODate()!);
  return { days, start: first.toJSDate(), end: today.startOf("day").plus({ days: 1 }).toJSDate(), timeZone: today.zoneName! };
}

/** The day (YYYY-MM-DD) an instant falls on in the window's time zone. */
export function dayOf(instant: Date, window: DayWindow): string {
  return DateTime.fromJSDate(instant, { zone: window.timeZone }).toISODate()!;
}

/** How many instants fall on each day of the window (days outside it are ignored). */
export function countByDay(instants: Iterable<Date | null>, window: DayWindow): number[] {
  const index = new Map(window.days.map((day, i) => [day, i]));
  const counts = window.days.map(() => 0);
  for (const instant of instants) {
    if (!instant) continue;
    const i = index.get(dayOf(instant, window));
    if (i !== undefined) counts[i]! += 1;
  }
  return counts;
}

/** The p-quantile (0..1) with linear interpolation between ranks; null for no values. */
export function percentile(values: number[], p: number): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = (sorted.length - 1) * Math.min(1, Math.max(0, p));
  const low = Math.floor(rank);
  const high = Math.ceil(rank);
  return sorted[low]! + (sorted[high]! - sorted[low]!) * (rank - low);
}

export interface FinishedDelivery {
  platform: string;
  status: string;
  publishedAt: Date | null;
  dueAt: Date | null;
}

export interface PlatformSummary {
  platform: NetworkId;
  published: number;
  failed: number;
  /** published / (published + failed), 0..1. */
  successRate: number;
  /** Seconds between the time a post was due and the time it went out (never below 0). */
  latenessP50: number | null;
  latenessP95: number | null;
}

/** Success rate and lateness per network, from the deliveries that finished. */
export function summarizeDeliveries(deliveries: FinishedDelivery[], platforms: readonly NetworkId[]): PlatformSummary[] {
  return platforms.map((platform) => {
    const mine = deliveries.filter((d) => d.platform === platform);
    const published = mine.filter((d) => d.status === "published");
    const failed = mine.filter((d) => d.status === "failed").length;
    // Published early (a post published now is due now) counts as on time.
    const lateness = published.filter((d) => d.publishedAt && d.dueAt).map((d) => Math.max(0, (d.publishedAt!.getTime() - d.dueAt!.getTime()) / 1000));
    const finished = published.length + failed;
    return {
      platform,
      published: published.length,
      failed,
      successRate: finished === 0 ? 0 : published.length / finished,
      latenessP50: percentile(lateness, 0.5),
      latenessP95: percentile(lateness, 0.95),
    };
  });
}

/** The day with the most, the first one on a tie; null when every day is 0. */
export function busiestDay(days: string[], counts: number[]): { day: string; count: number } | null {
  let best = -1;
  counts.forEach((count, i) => {
    if (count > 0 && (best < 0 || count > counts[best]!)) best = i;
  });
  return best < 0 ? null : { day: days[best]!, count: counts[best]! };
}

export const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);
