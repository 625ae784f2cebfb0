import { DateTime } from "luxon";

// Pure: the cells of the posts' CSV export (docs/decisions/0067-csv-export.md). The column names are
// those a CSV import reads, so an export can be read back.

export const CSV_COLUMNS = [
  "text",
  "channels",
  "scheduled_at",
  "status",
  "published_at",
  "links",
  "id",
  "created_at",
  // The post's numbers, every account and part summed (docs/decisions/0073); empty: not available or not fetched yet.
  "likes",
  "reposts",
  "replies",
  "quotes",
  "impressions",
  "metrics_fetched_at",
] as const;
export type CsvColumn = (typeof CSV_COLUMNS)[number];

/** Separates several channels, or several links, within one cell. */
export const LIST_SEPARATOR = "|";

/** What a spreadsheet may read as the start of a formula (or a cell that hides one). */
const FORMULA_START = new Set(["=", "+", "-", "@", "\t", "\r"]);

/**
 * A cell a spreadsheet shows as text: one that could start a formula gets a leading `'`. A cell
 * that already starts with `'` gets one too, so that a reader removes exactly one leading `'`
 * whenever there is one and always finds the original text.
 */
export function neutraliseCell(value: string): string {
  const first = value.charAt(0);
  return FORMULA_START.has(first) || first === "'" ? `'${value}` : value;
}

/** An instant as ISO 8601 with the offset in force in `zone` then: "2026-12-01T09:00:00+01:00"; "" for none. */
export function isoInZone(instant: Date | null, zone: string): string {
  if (!instant) return "";
  const local = DateTime.fromJSDate(instant, { zone });
  // An unknown zone (never stored, but read defensively) falls back to UTC rather than failing the file.
  const dt = local.isValid ? local : DateTime.fromJSDate(instant, { zone: "UTC" });
  return dt.setLocale("en-US").set({ millisecond: 0 }).toFormat("yyyy-MM-dd'T'HH:mm:ssZZ");
}

/** The day in `zone`, as YYYY-MM-DD, for the file's name. */
export function dayInZone(instant: Date, zone: string): string {
  return isoInZone(instant, zone).slice(0, 10);
}

export function exportFileName(now: Date, zone: string): string {
  return `plume-posts-${dayInZone(now, zone)}.csv`;
}
