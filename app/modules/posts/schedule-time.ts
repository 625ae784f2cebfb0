import { DateTime, IANAZone } from "luxon";
import type { Locale } from "~/modules/i18n/i18n";

// Pure (browser + server): converts between the user's wall-clock time in their IANA zone and UTC.

export type LocalTimeResult =
  | {
      ok: true;
      utc: Date;
      /** The wall-clock time happens twice (autumn fall-back); `utc` is the first occurrence. */
      ambiguous: boolean;
      /** Offset in force at `utc`, e.g. "UTC+02:00". */
      offset: string;
      /** The later occurrence, only when ambiguous. */
      alternativeUtc?: Date;
    }
  | { ok: false; reason: "invalid" | "nonexistent" | "invalid_zone" };

/** A post must be scheduled at least this far ahead. */
export const MIN_LEAD_MS = 60_000;

const DAY_MS = 86_400_000;
const DATE_RE = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME_RE = /^(\d{2}):(\d{2})$/;

// Luxon checks a zone by building an Intl formatter each time; pages check the same few zones often.
// Bounded: names are matched without regard to case, so one zone has many spellings.
const knownZones = new Set<string>();
const KNOWN_ZONES_MAX = 1000;

/** True for names Intl knows as IANA zones ("Europe/Paris", "UTC"); fixed offsets like "UTC+2" are rejected. */
export function isValidTimeZone(zone: string): boolean {
  if (knownZones.has(zone)) return true;
  const valid = typeof zone === "string" && zone !== "" && IANAZone.isValidZone(zone);
  if (valid && knownZones.size < KNOWN_ZONES_MAX) knownZones.add(zone);
  return valid;
}

type Fields = { year: number; month: number; day: number; hour: number; minute: number };

/**
 * Every UTC instant (ms, ascending) whose wall clock in `zone` reads `fields`: 0 in a DST gap, 2 in an overlap.
 * Done by hand because Luxon silently shifts gap times and picks the LATER instant in overlaps.
 */
function localInstants(fields: Fields, zone: IANAZone): number[] {
  // Luxon rather than Date.UTC, which maps years 0-99 to 1900-1999.
  const wall = DateTime.utc(fields.year, fields.month, fields.day, fields.hour, fields.minute).toMillis();
  // Offsets in force around that wall time; zones never change offset twice within a day or so.
  const offsets = new Set([-DAY_MS, 0, DAY_MS].map((d) => zone.offset(wall + d)));
  const instants = [...offsets].map((o) => wall - o * 60_000).filter((t) => zone.offset(t) * 60_000 === wall - t);
  return [...new Set(instants)].sort((a, b) => a - b);
}

function formatOffset(minutes: number): string {
  const abs = Math.abs(minutes);
  const hh = String(Math.floor(abs / 60)).padStart(2, "0");
  const mm = String(abs % 60).padStart(2, "0");
  return `UTC${minutes < 0 ? "-" : "+"}${hh}:${mm}`;
}

/** Parses "YYYY-MM-DD" (+ optional "HH:mm"), rejecting impossible dates such as 2026-02-30 or 25:00. */
function parseFields(date: string, time = "00:00"): Fields | null {
  const d = DATE_RE.exec(date);
  const t = TIME_RE.exec(time);
  if (!d || !t) return null;
  const fields = { year: +d[1]!, month: +d[2]!, day: +d[3]!, hour: +t[1]!, minute: +t[2]! };
  // Luxon alone would accept hour 24 (as the next midnight).
  if (fields.hour > 23) return null;
  return DateTime.fromObject(fields, { zone: "utc" }).isValid ? fields : null;
}

export function localToUtc(date: string, time: string, zone: string): LocalTimeResult {
  if (!isValidTimeZone(zone)) return { ok: false, reason: "invalid_zone" };
  const fields = parseFields(date, time);
  if (!fields) return { ok: false, reason: "invalid" };
  const iana = IANAZone.create(zone);
  const [first, second] = localInstants(fields, iana);
  if (first === undefined) return { ok: false, reason: "nonexistent" };
  return {
    ok: true,
    utc: new Date(first),
    ambiguous: second !== undefined,
    offset: formatOffset(iana.offset(first)),
    ...(second !== undefined ? { alternativeUtc: new Date(second) } : {}),
  };
}

/**
 * First instant of the local day `date` in `zone` (midnight, or the first wall time after a midnight DST gap).
 * Throws on a malformed date or unknown zone: callers pass values they produced themselves.
 */
export function startOfLocalDay(date: string, zone: string): Date {
  const fields = parseFields(date);
  if (!fields || !isValidTimeZone(zone)) throw new RangeError(`Invalid day ${date} in ${zone}`);
  const [first] = localInstants(fields, IANAZone.create(zone));
  // In a gap (midnight skipped, e.g. America/Havana in March) Luxon moves forward to the first real time.
  return new Date(first ?? DateTime.fromObject(fields, { zone }).toMillis());
}

export function checkScheduleTime(utc: Date, now: Date = new Date()): "ok" | "past" | "too_soon" {
  const lead = utc.getTime() - now.getTime();
  // NaN (an invalid Date) fails closed as "past" instead of slipping through as "ok".
  if (Number.isNaN(lead) || lead <= 0) return "past";
  return lead < MIN_LEAD_MS ? "too_soon" : "ok";
}

/** Values for <input type="date"> / <input type="time">; built by hand so digits stay ASCII in any locale. */
export function utcToLocalParts(utc: Date, zone: string): { date: string; time: string } {
  const dt = DateTime.fromJSDate(utc, { zone });
  if (!dt.isValid) throw new RangeError(`Invalid instant or zone: ${zone}`);
  const pad = (n: number, w = 2) => String(n).padStart(w, "0");
  return { date: `${pad(dt.year, 4)}-${pad(dt.month)}-${pad(dt.day)}`, time: `${pad(dt.hour)}:${pad(dt.minute)}` };
}

/** e.g. "Sunday, October 25, 2026 at 2:30 AM GMT+2" / "dimanche 25 octobre 2026 à 02:30 UTC+2". */
export function formatDateTime(utc: Date, zone: string, locale: Locale): string {
  return DateTime.fromJSDate(utc, { zone })
    .setLocale(locale)
    .toLocaleString({ ...DateTime.DATETIME_FULL, weekday: "long" });
}
