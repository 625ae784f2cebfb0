import { AppError } from "~/modules/errors/app-error";
import { localToUtc } from "./schedule-time";

export interface ScheduleChoice {
  when: "now" | "later";
  date?: string;
  time?: string;
}

export type ResolvedSchedule = { now: true } | { now: false; at: Date; ambiguous: boolean; offset: string };

/**
 * A date and time typed in the user's time zone, as one UTC instant. A time that does not exist
 * (the spring-forward gap) is refused with a message; an autumn time that happens twice is
 * resolved to its first occurrence, and the caller says so.
 */
export function resolveScheduleChoice(choice: ScheduleChoice, zone: string): ResolvedSchedule {
  if (choice.when === "now") return { now: true };
  const result = localToUtc(choice.date ?? "", choice.time ?? "", zone);
  if (result.ok) return { now: false, at: result.utc, ambiguous: result.ambiguous, offset: result.offset };
  if (result.reason === "nonexistent") {
    throw new AppError("time_nonexistent", "posts.errors.timeNonexistent", { values: { time: choice.time ?? "", zone } });
  }
  if (result.reason === "invalid_zone") throw new AppError("invalid_time_zone", "posts.errors.timeZoneInvalid", { values: { zone } });
  throw new AppError("time_invalid", "posts.errors.timeInvalid", { fields: { date: "posts.errors.timeInvalid" } });
}
