import { DateTime, IANAZone, Info } from "luxon";
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

/**
 * localDayKey for many instants in one zone (a month of posts). Asking a zone for its offset costs an
 * Intl formatToParts, so it is asked twice per UTC day: when both ends of the day agree, the offset
 * holds all day (zones never change offset twice within a day, as schedule-time also relies on), else
 * that day's instants ask one by one.
 */
export function localDayKeys(zone: string): (utc: Date) => string {
  const iana = IANAZone.create(safeZone(zone));
  const steadyOffsets = new Map<number, number | null>();
  const offsetAt = (ms: number): number => {
    const day = Math.floor(ms / DAY_MS);
    let steady = steadyOffsets.get(day);
    if (steady === undefined) {
      const atStart = iana.offset(day * DAY_MS);
      steady = atStart === iana.offset((day + 1) * DAY_MS) ? atStart : null;
      steadyOffsets.set(day, steady);
    }
    return steady ?? iana.offset(ms);
  };
  return (utc) => {
    const local = new Date(utc.getTime() + offsetAt(utc.getTime()) * 60_000);
    return `${pad(local.getUTCFullYear(), 4)}-${pad(local.getUTCMonth() + 1)}-${pad(local.getUTCDate())}`;
  };
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

/**
 * UTC range [start, end) of the grid's days in `zone`, for querying the posts to show.
 * Without a locale it covers both week layouts (a superset), so any grid's leading/trailing days are included.
 */
export function monthRange(month: string, zone: string, locale?: Locale): { start: Date; end: Date } {
  const z = safeZone(zone);
  const layouts = locale ? [gridBounds(month, locale)] : [gridBounds(month, "en"), gridBounds(month, "fr")];
  const firstDay = layouts.map((g) => g.first).reduce((a, b) => (b.toMillis() < a.toMillis() ? b : a));
  const dayAfter = layouts.map((g) => g.first.plus({ days: g.days })).reduce((a, b) => (b.toMillis() > a.toMillis() ? b : a));
  return { start: startOfLocalDay(isoDay(firstDay), z), end: startOfLocalDay(isoDay(dayAfter), z) };
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
