import { DateTime } from "luxon";
import { isValidTimeZone, localToUtc } from "./schedule-time";

// Pure (browser + server): the time the schedule form offers first, so one click schedules a post.
// The rule is in docs/decisions/0036-first-post-in-eight-interactions.md.

/** Offered when the user has no posting history yet. */
export const DEFAULT_POSTING_TIME = "09:00";
/** The offer is at least this far ahead, so it is still ahead when the form is sent. */
export const SLOT_LEAD_MS = 30 * 60_000;
/** A slot is taken when another post of the user is due less than this far from it. */
export const SLOT_GAP_MS = 60 * 60_000;
/** Offers stay in waking hours on the user's clock: a post once published at 02:30 is no habit to copy. */
export const WAKING_HOURS = { from: "07:00", to: "22:00" } as const;
const USUAL_TIMES_MAX = 3;

/** "HH:mm" strings compare in clock order. */
export function isWakingTime(time: string): boolean {
  return time >= WAKING_HOURS.from && time <= WAKING_HOURS.to;
}
const SEARCH_DAYS = 60;

export interface LocalSlot {
  date: string;
  time: string;
}

/**
 * The user's usual local posting times ("HH:mm", down to the quarter hour, in WAKING_HOURS), most
 * used first and, between equals, the most recent first. `history` is newest first. None: 09:00.
 */
export function usualPostingTimes(history: Date[], zone: string): string[] {
  const counts = new Map<string, number>();
  for (const at of history) {
    const local = DateTime.fromJSDate(at, { zone: isValidTimeZone(zone) ? zone : "UTC" });
    if (!local.isValid) continue;
    const time = local.set({ minute: local.minute - (local.minute % 15) }).toFormat("HH:mm");
    if (!isWakingTime(time)) continue;
    counts.set(time, (counts.get(time) ?? 0) + 1);
  }
  // A Map keeps insertion order (newest first), and sort is stable: ties stay newest first.
  const usual = [...counts.entries()].sort((a, b) => b[1] - a[1]).map(([time]) => time);
  return usual.length ? usual.slice(0, USUAL_TIMES_MAX) : [DEFAULT_POSTING_TIME];
}

/**
 * The first of the user's usual times (those in WAKING_HOURS; none: 09:00), day after day from today in their zone, that is at least
 * SLOT_LEAD_MS ahead, exists and happens once that day (DST), and has no other post within
 * SLOT_GAP_MS. Every slot taken for SEARCH_DAYS days: the first one ahead, taken or not.
 */
export function nextFreeSlot({
  now,
  zone,
  usualTimes = [DEFAULT_POSTING_TIME],
  taken = [],
}: {
  now: Date;
  zone: string;
  usualTimes?: string[];
  taken?: Date[];
}): LocalSlot {
  const safeZone = isValidTimeZone(zone) ? zone : "UTC";
  const waking = [...new Set(usualTimes)].filter(isWakingTime).sort();
  const times = waking.length ? waking : [DEFAULT_POSTING_TIME];
  let firstAhead: LocalSlot | null = null;
  const today = DateTime.fromJSDate(now, { zone: safeZone }).startOf("day");
  for (let day = 0; day < SEARCH_DAYS; day++) {
    const date = today.plus({ days: day }).toISODate()!;
    for (const time of times) {
      const resolved = localToUtc(date, time, safeZone);
      if (!resolved.ok || resolved.ambiguous || resolved.utc.getTime() - now.getTime() < SLOT_LEAD_MS) continue;
      firstAhead ??= { date, time };
      if (!taken.some((at) => Math.abs(at.getTime() - resolved.utc.getTime()) < SLOT_GAP_MS)) return { date, time };
    }
  }
  // Reached only when every slot is taken (times that never exist would leave nothing: tomorrow, 09:00).
  return firstAhead ?? { date: today.plus({ days: 1 }).toISODate()!, time: DEFAULT_POSTING_TIME };
}
