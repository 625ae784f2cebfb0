import { DateTime, IANAZone, Info } from "luxon";
import { isValidTimeZone, localToUtc } from "~/modules/posts/schedule-time";
import { slotInstant } from "./queue-slots";

// Pure (browser + server): what the posting-times page says about a slot: its weekday and time in
// the reader's language, and the coming day, if any, when the clock skips its time (decision 69).

/** How far ahead the page looks for a day whose clock skips a slot's time. */
export const SKIP_LOOKAHEAD_DAYS = 366;

/** A day the clock skips a slot's wall time: the local date, and the wall time the slot takes instead. */
export interface SkippedDay {
  date: string;
  movedTo: string;
}

/**
 * The local days, from today on, that may hold a spring-forward gap in `zone`: the two days around
 * each noon-to-noon span whose offset grew. Reading the offset once a day keeps a page of 100 slots
 * from resolving every slot on every day of the year.
 */
export function gapCandidateDays(zone: string, now: Date, days = SKIP_LOOKAHEAD_DAYS): string[] {
  if (!isValidTimeZone(zone)) return [];
  const iana = IANAZone.create(zone);
  // Probes 24 h apart from today's local noon: they stay near noon, as clocks move by an hour or two a year.
  const firstNoon = DateTime.fromJSDate(now, { zone }).startOf("day").set({ hour: 12 }).toMillis();
  const probe = (day: number) => firstNoon + day * 86_400_000;
  const localDate = (ms: number) => DateTime.fromMillis(ms, { zone }).toISODate()!;
  const found = new Set<string>();
  let previous = iana.offset(probe(-1));
  for (let day = 0; day <= days; day++) {
    const offset = iana.offset(probe(day));
    if (offset > previous) {
      for (const candidate of [day - 1, day]) if (candidate >= 0 && candidate < days) found.add(localDate(probe(candidate)));
    }
    previous = offset;
  }
  return [...found].sort();
}

/**
 * The first of the coming days (from `candidates`, as gapCandidateDays gives them) when a weekly
 * slot's wall time does not exist in `zone`, and the time it takes instead (slotInstant's rule: the
 * first minute after the gap), ignoring one at or before the instant `after`. Null when its time
 * exists on every such day.
 */
export function firstSkippedDay(
  slot: { weekday: number; time: string },
  zone: string,
  candidates: readonly string[],
  after = Number.NEGATIVE_INFINITY,
): SkippedDay | null {
  for (const date of candidates) {
    if (DateTime.fromISO(date, { zone: "utc" }).weekday !== slot.weekday) continue;
    const exact = localToUtc(date, slot.time, zone);
    if (exact.ok || exact.reason !== "nonexistent") continue;
    const at = slotInstant(date, slot.time, zone);
    // A skip earlier today is past: the next one is a year away.
    if (at === null || at <= after) continue;
    return { date, movedTo: DateTime.fromMillis(at, { zone }).toFormat("HH:mm") };
  }
  return null;
}

/** Each slot's skipped day within the next year, by slot id (slots whose time always exists are left out). */
export function skippedDaysBySlot(slots: readonly { id: string; weekday: number; time: string }[], zone: string, now: Date): Record<string, SkippedDay> {
  const candidates = gapCandidateDays(zone, now);
  const notes: Record<string, SkippedDay> = {};
  if (candidates.length === 0) return notes;
  for (const slot of slots) {
    const skipped = firstSkippedDay(slot, zone, candidates, now.getTime());
    if (skipped) notes[slot.id] = skipped;
  }
  return notes;
}

/** Weekday names in `locale`, Monday first (index 0 is weekday 1). */
export function weekdayNames(locale: string, style: "long" | "short" = "long"): string[] {
  return Info.weekdays(style, { locale });
}

const timeFormatters = new Map<string, Intl.DateTimeFormat>();

/** A wall time "HH:MM" as the locale writes it ("9:00 AM" in English, "09:00" in French). */
export function formatSlotTime(time: string, locale: string): string {
  const [hour, minute] = time.split(":").map(Number);
  let formatter = timeFormatters.get(locale);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(locale, { timeStyle: "short", timeZone: "UTC" });
    timeFormatters.set(locale, formatter);
  }
  return formatter.format(Date.UTC(2000, 0, 3, hour ?? 0, minute ?? 0));
}

/** A local date "YYYY-MM-DD" in long form ("March 28, 2027", "28 mars 2027"). */
export function formatSlotDate(date: string, locale: string): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: "long", timeZone: "UTC" }).format(new Date(`${date}T00:00:00Z`));
}
