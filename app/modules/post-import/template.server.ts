import { stringify } from "csv-stringify/sync";
import { DateTime } from "luxon";
import type { TFunction } from "i18next";
import { isValidTimeZone } from "~/modules/posts/schedule-time";

// The import page's template: the columns the import reads, a header row and three examples in the
// user's language (a thread, a post at a time on the user's clock, a queued post).

export const TEMPLATE_FILE_NAME = "plume-import-template.csv";

/** A week from today at 09:00 on the user's clock, as the import reads a local time. */
function exampleTime(zone: string, now: Date): string {
  const local = DateTime.fromJSDate(now, { zone: isValidTimeZone(zone) ? zone : "UTC" })
    .plus({ days: 7 })
    .set({ hour: 9, minute: 0 });
  return local.toFormat("yyyy-MM-dd HH:mm");
}

export function importTemplate(timezone: string, t: TFunction, now: Date = new Date()): string {
  const rows = [
    ["text", "channels", "scheduled_at"],
    [t("posts.import.template.thread"), "", "draft"],
    [t("posts.import.template.scheduled"), "", exampleTime(timezone, now)],
    [t("posts.import.template.queued"), "", ""],
  ];
  // A byte-order mark: spreadsheet programs then read the file as UTF-8 (the import drops it).
  return stringify(rows, { record_delimiter: "windows", bom: true });
}
