import type { NetworkId } from "~/core/platforms/platforms";

// Pure: what the queue view (/posts?view=queue) and the calendar's free slots show, and the view's
// `days` parameter (docs/decisions/0070). Read by app/modules/queue/queue-view.server.ts.

/** The queue view shows this many days, and "Show more" adds as many again, up to QUEUE_DAYS_MAX. */
export const QUEUE_DAYS_STEP = 7;
export const QUEUE_DAYS_MAX = 56;

/** The `?days=` parameter: 7, 14, … 56 days (anything else reads as the next of them, or 7). */
export function parseQueueDays(value: string | null): number {
  const days = Number(value);
  if (!Number.isFinite(days) || days <= QUEUE_DAYS_STEP) return QUEUE_DAYS_STEP;
  return Math.min(QUEUE_DAYS_MAX, Math.ceil(days / QUEUE_DAYS_STEP) * QUEUE_DAYS_STEP);
}

export type QueueEntry =
  | { kind: "free"; at: string }
  | {
      kind: "post";
      at: string;
      postId: string;
      status: string;
      text: string;
      /** At a slot time of this channel; false: scheduled at a time of its own, shown in its place. */
      atSlot: boolean;
      /** In the queue (decision 70) and not first of its channel set: "Move to top" applies. */
      canMoveToTop: boolean;
    };

export interface QueueChannelView {
  id: string;
  network: NetworkId;
  name: string;
  needsReconnect: boolean;
  days: { date: string; entries: QueueEntry[] }[];
}

export interface QueueViewData {
  hasSlots: boolean;
  /** The first day shown ("YYYY-MM-DD", the user's today or later). */
  from: string;
  /** The first day of the days before and after those shown; null before today or past the search. */
  earlierFrom: string | null;
  laterFrom: string | null;
  days: number;
  /** The `days` value of "Show more", null at the most. */
  moreDays: number | null;
  channels: QueueChannelView[];
}

const DATE_RE = /^\d{4}-\d{2}-\d{2}$/;

/** The `?from=` parameter: a day to start from, or null (today) when missing or malformed. */
export function parseQueueFrom(value: string | null): string | null {
  return value && DATE_RE.test(value) && !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) ? value : null;
}

/** A free slot time of the calendar: the accounts it is free on. */
export interface CalendarFreeSlot {
  at: string;
  channels: string[];
}

/** The days of a month "YYYY-MM" (as parseMonth gives it), "YYYY-MM-DD" each. */
export function monthDates(month: string): string[] {
  const [year, monthNumber] = month.split("-").map(Number) as [number, number];
  const days = new Date(Date.UTC(year, monthNumber, 0)).getUTCDate();
  return Array.from({ length: days }, (_, i) => `${month}-${String(i + 1).padStart(2, "0")}`);
}
