import { DateTime } from "luxon";
import { lockRow, type Tx } from "~/modules/db/transaction.server";
import { AppError } from "~/modules/errors/app-error";
import { hasPaidFeatures } from "~/modules/subscriptions/access.server";
import { FREE_SCHEDULED_POSTS_PER_MONTH } from "~/modules/subscriptions/plan-limits";
import { isValidTimeZone } from "./schedule-time";

// The free plan's "10 scheduled posts a month" (docs/decisions/0025): posts that left draft, placed
// by their publication time in the user's calendar month.

/** Statuses of posts that count: every post that left draft, failed ones included (a retry is not a new post). */
const COUNTED_STATUSES = ["scheduled", "publishing", "published", "failed"];

/** The calendar month holding `at` in `zone`, as UTC instants [start, end). */
export function localMonth(at: Date, zone: string): { start: Date; end: Date } {
  const start = DateTime.fromJSDate(at, { zone: isValidTimeZone(zone) ? zone : "UTC" }).startOf("month");
  return { start: start.toJSDate(), end: start.plus({ months: 1 }).toJSDate() };
}

/** Whether the free plan's monthly limit applies to this user (not with paid access, nor while billing is off). */
export async function scheduledPostLimitApplies(userId: string): Promise<boolean> {
  return !(await hasPaidFeatures(userId));
}

/**
 * Throws `plan_limit_reached` when scheduling (or publishing now) this post at `at` would make more
 * than the free plan's posts in that month. The post itself is never counted, so rescheduling or
 * retrying it is not a new one. Call it inside the transaction that then schedules the post: it
 * locks the user's row first, so two schedulings of one user never count at the same time, and
 * the second one counts what the first one wrote (docs/decisions/0042).
 */
export async function assertWithinScheduledPostLimit(tx: Tx, userId: string, postId: string, at: Date): Promise<void> {
  await lockRow(tx, "User", userId);
  const zone = await timezoneOf(tx, userId);
  if ((await countedInMonth(tx, userId, localMonth(at, zone), postId)) >= FREE_SCHEDULED_POSTS_PER_MONTH) throw planLimitReached();
}

/**
 * For new posts about to be scheduled at `times` together (the CSV import, in one transaction): the
 * index of the first one that would make more than the free plan's posts in its month, counting
 * those before it; null when all fit. Locks the user's row first, as assertWithinScheduledPostLimit.
 */
export async function firstOverScheduledPostLimit(tx: Tx, userId: string, times: readonly Date[]): Promise<number | null> {
  await lockRow(tx, "User", userId);
  const zone = await timezoneOf(tx, userId);
  const used = new Map<number, number>();
  for (const [index, at] of times.entries()) {
    const month = localMonth(at, zone);
    const key = month.start.getTime();
    const count = used.get(key) ?? (await countedInMonth(tx, userId, month));
    if (count >= FREE_SCHEDULED_POSTS_PER_MONTH) return index;
    used.set(key, count + 1);
  }
  return null;
}

export const planLimitReached = () =>
  new AppError("plan_limit_reached", "billing.limits.scheduledPosts", { values: { count: FREE_SCHEDULED_POSTS_PER_MONTH } });

async function timezoneOf(tx: Tx, userId: string): Promise<string> {
  const user = await tx.user.findUnique({ where: { id: userId }, select: { timezone: true } });
  return user?.timezone ?? "UTC";
}

/** The user's posts counted in a month, other than `exceptPostId`. */
function countedInMonth(tx: Tx, userId: string, { start, end }: { start: Date; end: Date }, exceptPostId?: string): Promise<number> {
  return tx.post.count({
    where: {
      userId,
      ...(exceptPostId ? { id: { not: exceptPostId } } : {}),
      status: { in: COUNTED_STATUSES },
      // Where the calendar places a post: its publication time, else the time it is due.
      OR: [{ publishedAt: { gte: start, lt: end } }, { publishedAt: null, scheduledAt: { gte: start, lt: end } }],
    },
  });
}
