import { DateTime } from "luxon";
import { utcToLocalParts } from "~/modules/posts/schedule-time";

/** The schedule form's starting values: the post's current time, else tomorrow at 09:00 local. */
export function defaultScheduleValue(scheduledAt: string | null, timezone: string, now = new Date()) {
  if (scheduledAt && new Date(scheduledAt) > now) return { when: "later", ...utcToLocalParts(new Date(scheduledAt), timezone) };
  const tomorrow = DateTime.fromJSDate(now, { zone: timezone }).plus({ days: 1 });
  return { when: "later", date: tomorrow.toISODate() ?? "", time: "09:00" };
}
