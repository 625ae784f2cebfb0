import { getDb } from "~/modules/db/db.server";
import { AppError } from "~/modules/errors/app-error";
import type { TranslationKey } from "~/modules/i18n/keys";

/**
 * Fixed-window counters kept in the database, so a limit holds across every instance of the app.
 * A window starts at the first hit and lasts `windowMs`; the count resets when it ends.
 * Every change is one conditional UPDATE (or INSERT) statement, atomic on SQLite and PostgreSQL
 * alike, and a hit learns its own position in the window: of a burst of parallel requests,
 * exactly `limit` pass.
 */
export interface RateLimitRule {
  limit: number;
  windowMs: number;
}

export interface RateLimitState {
  count: number;
  limited: boolean;
  retryAfterSeconds: number;
}

type Bucket = { count: number; resetAt: Date };
const bucketFields = { count: true, resetAt: true } as const;

/** Counts one hit against `key` and tells whether it went past the limit. */
export async function hit(key: string, rule: RateLimitRule, now = new Date()): Promise<RateLimitState> {
  // Losing the race to start a window means another caller just started it: count on it.
  for (let attempt = 0; attempt < 5; attempt++) {
    const bucket = (await countInWindow(key, now)) ?? (await startWindow(key, rule, now));
    if (bucket) return stateOf(bucket, rule, now);
  }
  return { ...(await peek(key, rule, now)), limited: true };
}

/** Counts one hit and throws a 429 (the wait in minutes, as `count` for the plural; Retry-After in the API) past the limit. */
export async function enforce(key: string, rule: RateLimitRule, messageKey?: TranslationKey): Promise<void> {
  const state = await hit(key, rule);
  if (state.limited) throw rateLimitedError(state.retryAfterSeconds, messageKey);
}

export function rateLimitedError(retryAfterSeconds: number, messageKey: TranslationKey = "errors.tooManyAttempts"): AppError {
  return new AppError("rate_limited", messageKey, {
    values: { count: Math.max(1, Math.ceil(retryAfterSeconds / 60)) },
    retryAfterSeconds,
  });
}

/** The state of `key` without counting a hit. */
export async function peek(key: string, rule: RateLimitRule, now = new Date()): Promise<RateLimitState> {
  const bucket = await getDb().rateLimitBucket.findUnique({ where: { key }, select: bucketFields });
  if (!bucket || bucket.resetAt <= now) return { count: 0, limited: false, retryAfterSeconds: 0 };
  return stateOf(bucket, rule, now);
}

/** Gives one hit back (a reserved attempt that turned out fine). */
export async function release(key: string, now = new Date()): Promise<void> {
  await getDb().rateLimitBucket.updateMany({
    where: { key, resetAt: { gt: now }, count: { gt: 0 } },
    data: { count: { decrement: 1 } },
  });
}

export async function reset(key: string): Promise<void> {
  await getDb().rateLimitBucket.deleteMany({ where: { key } });
}

/** Deletes the counters whose window is over (periodic housekeeping). */
export async function sweepExpiredBuckets(now = new Date()): Promise<number> {
  const { count } = await getDb().rateLimitBucket.deleteMany({ where: { resetAt: { lte: now } } });
  return count;
}

function stateOf(bucket: Bucket, rule: RateLimitRule, now: Date): RateLimitState {
  // A hit of a burst may have read the clock before the one that opened the window: never more than the window.
  const remainingMs = Math.min(rule.windowMs, bucket.resetAt.getTime() - now.getTime());
  return {
    count: bucket.count,
    limited: bucket.count > rule.limit,
    retryAfterSeconds: Math.max(1, Math.ceil(remainingMs / 1000)),
  };
}

/** UPDATE … SET count = count + 1 WHERE key = ? AND resetAt > now RETURNING: null without a live window. */
async function countInWindow(key: string, now: Date): Promise<Bucket | null> {
  return orNullWhenMissing(getDb().rateLimitBucket.update({ where: { key, resetAt: { gt: now } }, data: { count: { increment: 1 } }, select: bucketFields }));
}

/** Restarts an ended window or creates the bucket; null when a concurrent caller did it first. */
async function startWindow(key: string, rule: RateLimitRule, now: Date): Promise<Bucket | null> {
  const data = { count: 1, resetAt: new Date(now.getTime() + rule.windowMs) };
  const db = getDb();
  const restarted = await orNullWhenMissing(db.rateLimitBucket.update({ where: { key, resetAt: { lte: now } }, data, select: bucketFields }));
  if (restarted) return restarted;
  try {
    return await db.rateLimitBucket.create({ data: { key, ...data }, select: bucketFields });
  } catch (error) {
    if (errorCode(error) === "P2002") return null;
    throw error;
  }
}

async function orNullWhenMissing<T>(query: Promise<T>): Promise<T | null> {
  try {
    return await query;
  } catch (error) {
    // P2025: no row matched the condition.
    if (errorCode(error) === "P2025") return null;
    throw error;
  }
}

function errorCode(error: unknown): string | undefined {
  return (error as { code?: string } | null)?.code;
}
