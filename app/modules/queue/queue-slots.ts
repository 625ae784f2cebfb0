import { DateTime } from "luxon";
import { isValidTimeZone, localToUtc, MIN_LEAD_MS } from "~/modules/posts/schedule-time";

// Pure: the times a user's recurring queue slots fall on, and which are free (docs/decisions/0066).

/** A recurring slot: weekday 1 = Monday .. 7 = Sunday, "HH:MM" on the user's clock; channelId null: every channel. */
export interface QueueSlotRule {
  channelId: string | null;
  weekday: number;
  time: string;
}

/** A time already held on a channel by a scheduled, publishing or published post. */
export interface TakenTime {
  channelId: string;
  at: Date;
}

/** The search looks this many weeks ahead, and no further: past it, no slot is free. */
export const SEARCH_WEEKS = 53;
/** "00:00" .. "23:59". */
export const SLOT_TIME_RE = /^([01]\d|2[0-3]):[0-5]\d$/;
/** The longest clock change any zone ever made (Samoa skipped a whole day in 2011). */
const GAP_MAX_MINUTES = 24 * 60;

/** The slots that apply to a channel: its own and those of every channel. */
export function slotsForChannel<S extends QueueSlotRule>(slots: readonly S[], channelId: string): S[] {
  return slots.filter((slot) => slot.channelId === null || slot.channelId === channelId);
}

/**
 * The instant (ms) the wall time `time` of the local day `date` falls on in `zone`: the first one in
 * a repeated autumn hour, and the first minute after the gap when the clock skips it (02:30 on the
 * spring-forward day in Europe/Paris is 03:00). Null for a time that cannot be read.
 */
export function slotInstant(date: string, time: string, zone: string): number | null {
  // Remembered: the queue view and the calendar ask for the same few days and times on every visit,
  // and each answer costs Luxon zone look-ups (the /posts views' speed, docs/decisions/0070).
  const key = `${zone}|${date}|${time}`;
  if (instantCache.has(key)) return instantCache.get(key)!;
  const instant = resolveSlotInstant(date, time, zone);
  if (instantCache.size >= INSTANT_CACHE_SIZE) instantCache.clear();
  instantCache.set(key, instant);
  return instant;
}

const INSTANT_CACHE_SIZE = 20_000;
const instantCache = new Map<string, number | null>();

function resolveSlotInstant(date: string, time: string, zone: string): number | null {
  const exact = localToUtc(date, time, zone);
  if (exact.ok) return exact.utc.getTime();
  if (exact.reason !== "nonexistent") return null;
  const wall = DateTime.fromISO(`${date}T${time}`, { zone: "utc" });
  for (let minute = 1; minute <= GAP_MAX_MINUTES; minute++) {
    const later = wall.plus({ minutes: minute });
    const resolved = localToUtc(later.toISODate()!, later.toFormat("HH:mm"), zone);
    if (resolved.ok) return resolved.utc.getTime();
  }
  return null;
}

/**
 * The next `count` times, ascending, at least MIN_LEAD_MS after `now`, that are a slot of EVERY
 * channel in `channelIds` (its own or an every-channel slot) and taken on none of them. Looks
 * SEARCH_WEEKS weeks ahead from today on the user's clock; fewer (or none) when that runs out.
 * An unknown zone reads as UTC, as elsewhere.
 */
export function freeSlotTimes({
  slots,
  channelIds,
  zone,
  now,
  taken = [],
  count = 1,
}: {
  slots: readonly QueueSlotRule[];
  channelIds: readonly string[];
  zone: string;
  now: Date;
  taken?: readonly TakenTime[];
  count?: number;
}): Date[] {
  const channels = [...new Set(channelIds)];
  if (channels.length === 0 || count < 1) return [];
  const safeZone = isValidTimeZone(zone) ? zone : "UTC";
  const takenOn = new Map(channels.map((id) => [id, new Set<number>()]));
  for (const { channelId, at } of taken) takenOn.get(channelId)?.add(at.getTime());
  const perChannel = channels.map((id) => slotsForChannel(slots, id));
  const earliest = now.getTime() + MIN_LEAD_MS;
  const today = DateTime.fromJSDate(now, { zone: safeZone }).startOf("day");
  const found: Date[] = [];
  for (let day = 0; day <= SEARCH_WEEKS * 7 && found.length < count; day++) {
    const local = today.plus({ days: day });
    const date = local.toISODate()!;
    // Each channel's instants that day; a time fits when every channel has it.
    const instants = perChannel.map(
      (own) => new Set(own.filter((slot) => slot.weekday === local.weekday).flatMap((slot) => slotInstant(date, slot.time, safeZone) ?? [])),
    );
    const [first, ...others] = instants;
    const fitting = [...first!].filter((at) => others.every((set) => set.has(at))).sort((a, b) => a - b);
    for (const at of fitting) {
      if (at < earliest || channels.some((id) => takenOn.get(id)!.has(at))) continue;
      found.push(new Date(at));
      if (found.length === count) break;
    }
  }
  return found;
}

/** The instants (ms, ascending, each once) these slots fall on during the local day `date` ("YYYY-MM-DD"). */
export function daySlotInstants(slots: readonly QueueSlotRule[], date: string, zone: string): number[] {
  const safeZone = isValidTimeZone(zone) ? zone : "UTC";
  const weekday = new Date(`${date}T00:00:00Z`).getUTCDay() || 7;
  const instants = new Set(slots.filter((slot) => slot.weekday === weekday).flatMap((slot) => slotInstant(date, slot.time, safeZone) ?? []));
  return [...instants].sort((a, b) => a - b);
}

/**
 * Whether `at` is a slot time of EVERY channel in `channelIds` (each one's own slots or the
 * every-channel ones), as addToQueue would have chosen it. False for no channel at all. The day
 * before is read too: a slot in a gap that crosses midnight lands on the next day.
 */
export function isSlotTimeOf(slots: readonly QueueSlotRule[], channelIds: readonly string[], zone: string, at: Date): boolean {
  if (channelIds.length === 0) return false;
  const safeZone = isValidTimeZone(zone) ? zone : "UTC";
  const local = DateTime.fromJSDate(at, { zone: safeZone });
  const dates = [local.toISODate()!, local.minus({ days: 1 }).toISODate()!];
  const ms = at.getTime();
  return channelIds.every((channelId) => {
    const own = slotsForChannel(slots, channelId);
    return dates.some((date) => daySlotInstants(own, date, safeZone).includes(ms));
  });
}
