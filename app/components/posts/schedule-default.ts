import { nextFreeSlot, type LocalSlot } from "~/modules/posts/posting-slot";
import { utcToLocalParts } from "~/modules/posts/schedule-time";

/**
 * The schedule form's starting values: "later", at the post's current time if it is still ahead,
 * else at `suggested` (the server's next free slot in the user's usual hours), else at the next
 * 09:00 that is comfortably ahead.
 */
export function defaultScheduleValue(scheduledAt: string | null, timezone: string, suggested?: LocalSlot | null, now = new Date()) {
  if (scheduledAt && new Date(scheduledAt) > now) return { when: "later", ...utcToLocalParts(new Date(scheduledAt), timezone) };
  return { when: "later", ...(suggested ?? nextFreeSlot({ now, zone: timezone })) };
}
