import { DateTime, Info } from "luxon";
import type { Locale } from "~/modules/i18n/i18n";
import { isValidTimeZone, startOfLocalDay, utcToLocalParts } from "./schedule-time";

// Pure (browser + server) month-calendar maths. Grid days are plain calendar dates (computed in UTC so DST
// never skips or repeats a day); only "today" and the query range depend on the user's zone.

export type CalendarDay = { date: string; day: number; inMonth: boolean; isToday: boolean };
export type MonthGrid = { weeks: CalendarDay[][]; weekdayLabels: string[]; title: string };

const MONTH_RE = /^([1-9]\d{3})-(0[1-9]|1[0-2])$/;

/** A bad stored zone must not break the calendar page, so fall back to UTC. */
function safeZone(zone: string): string {
  return isValidTimeZone(zone) ? zone : "UTC";
}

function pad(n: number, width = 2): string {
  return String(n).padStart(width, "0");
}

function toMonth(year: number, month: number): string {
  return `${pad(year, 4)}-${pad(month)}`;
}

function splitMonth(month: string): { year: number; month: number } {
  const m = MONTH_RE.exec(month);
  if (!m) throw new RangeError(`Invalid month: ${month}`);
  return { year: Number(m[1]), month: Number(m[2]) };
}

/** ISO date of a UTC-based calendar DateTime, ASCII digits whatever the default locale. */
function isoDay(dt: DateTime): string {
  return `${pad(dt.year, 4)}-${pad(dt.month)}-${pad(dt.day)}`;
}

/** "YYYY-MM-DD" of `utc` seen in `zone`: posts are listed on their LOCAL day. */
export function localDayKey(utc: Date, zone: string): string {
  return utcToLocalParts(utc, safeZone(zone)).date;
}

const DAY_MS = 86_400_000;

const dayStartsCache = new Map<string, readonly Date[]>();

/**
 * The first instant of each local day of `days` (consecutive "YYYY-MM-DD" dates) in `zone`, then
 * the first instant of the day after the last: day i holds the instants from starts[i] up to
 * starts[i + 1]. The calendar query places posts with these. Remembered (the same months are asked
 * again and again, and each day costs a few zone look-ups), for at most 500 grids.
 */
export function localDayStarts(days: readonly string[], zone: string): readonly Date[] {
  if (days.length === 0) return [];
  const z = safeZone(zone);
  const key = `${z}|${days[0]}|${days.length}`;
  let starts = dayStartsCache.get(key);
  if (!starts) {
    const after = new Date(Date.parse(`${days.at(-1)}T00:00:00Z`) + DAY_MS).toISOString().slice(0, 10);
    starts = Object.freeze([...days, after].map((day) => startOfLocalDay(day, z)));
    if (dayStartsCache.size >= 500) dayStartsCache.delete(dayStartsCache.keys().next().value!);
    dayStartsCache.set(key, starts);
  }
  return starts;
}

/**
 * Which day an instant falls on, by the bounds localDayStarts gives (each day's first instant, then
 * the end of the last): the last day starting at or before it; before the first, the first day.
 */
export function dayIndex(bounds: readonly number[], time: number): number {
  let low = 0;
  let high = bounds.length - 2;
  while (low < high) {
    const middle = (low + high + 1) >> 1;
    if (bounds[middle]! <= time) low = middle;
    else high = middle - 1;
  }
  return low;
}

/** The `?month=` search param, or the current month in the user's zone when missing or malformed. */
export function parseMonth(value: string | null | undefined, zone: string, now: Date = new Date()): string {
  if (value && MONTH_RE.test(value)) return value;
  return localDayKey(now, zone).slice(0, 7);
}

/** Throws on a malformed month: parse it with parseMonth first. */
export function shiftMonth(month: string, delta: number): string {
  const { year, month: m } = splitMonth(month);
  const index = year * 12 + (m - 1) + Math.trunc(delta);
  return toMonth(Math.floor(index / 12), (index % 12) + 1);
}

/** Luxon weekday (1 = Monday … 7 = Sunday) that starts a row: Sunday in en (US), Monday in fr. */
function weekStart(locale: Locale): number {
  return locale === "fr" ? 1 : 7;
}

/** First day and day count of the whole-week grid showing `month`. */
function gridBounds(month: string, locale: Locale): { first: DateTime; days: number } {
  const { year, month: m } = splitMonth(month);
  const firstOfMonth = DateTime.utc(year, m, 1);
  const lead = (firstOfMonth.weekday - weekStart(locale) + 7) % 7;
  const daysInMonth = firstOfMonth.endOf("month").day;
  return { first: firstOfMonth.minus({ days: lead }), days: Math.ceil((lead + daysInMonth) / 7) * 7 };
}

export function monthGrid(month: string, zone: string, locale: Locale, now: Date = new Date()): MonthGrid {
  const { first, days } = gridBounds(month, locale);
  const { year, month: m } = splitMonth(month);
  const today = localDayKey(now, zone);
  const weeks: CalendarDay[][] = [];
  for (let i = 0; i < days; i++) {
    const dt = first.plus({ days: i });
    const date = isoDay(dt);
    if (i % 7 === 0) weeks.push([]);
    weeks[weeks.length - 1]!.push({ date, day: dt.day, inMonth: dt.month === m, isToday: date === today });
  }
  // Info.weekdays is Monday-first; rotate so labels line up with the grid's columns.
  const labels = Info.weekdays("short", { locale });
  const start = weekStart(locale) - 1;
  return {
    weeks,
    weekdayLabels: [...labels.slice(start), ...labels.slice(0, start)],
    title: DateTime.utc(year, m, 1).setLocale(locale).toLocaleString({ month: "long", year: "numeric" }),
  };
}
