import { getDb } from "~/modules/db/db.server";

/**
 * Fixed-window counters kept in the database, so a limit holds across every instance of the app.
 * A window starts at the first hit and lasts `windowMs`; the count resets when it ends.
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

/** Counts one hit against `key` and tells whether the limit is now exceeded. */
export async function hit(key: string, rule: RateLimitRule, now = new Date()): Promise<RateLimitState> {
  const db = getDb();
  const extended = await db.rateLimitBucket.updateMany({
    where: { key, resetAt: { gt: now } },
    data: { count: { increment: 1 } },
  });
  if (extended.count === 0) {
    const resetAt = new Date(now.getTime() + rule.windowMs);
    await upsertWithRetry(key, resetAt);
    if (Math.random() < 0.01) void sweepExpired(now);
  }
  return peek(key, rule, now);
}

/** The state of `key` without counting a hit. */
export async function peek(key: string, rule: RateLimitRule, now = new Date()): Promise<RateLimitState> {
  const bucket = await getDb().rateLimitBucket.findUnique({ where: { key } });
  if (!bucket || bucket.resetAt <= now) return { count: 0, limited: false, retryAfterSeconds: 0 };
  return {
    count: bucket.count,
    limited: bucket.count > rule.limit,
    retryAfterSeconds: Math.max(1, Math.ceil((bucket.resetAt.getTime() - now.getTime()) / 1000)),
  };
}

/** Whether one more hit would exceed the limit. */
export async function wouldExceed(key: string, rule: RateLimitRule, now = new Date()): Promise<RateLimitState> {
  const state = await peek(key, rule, now);
  return { ...state, limited: state.count >= rule.limit };
}

export async function reset(key: string): Promise<void> {
  await getDb().rateLimitBucket.deleteMany({ where: { key } });
}

async function upsertWithRetry(key: string, resetAt: Date): Promise<void> {
  const data = { count: 1, resetAt };
  try {
    await getDb().rateLimitBucket.upsert({ where: { key }, create: { key, ...data }, update: data });
  } catch {
    // Two instances created the bucket at once: the other one won; count this hit on it.
    await getDb().rateLimitBucket.update({ where: { key }, data: { count: { increment: 1 } } });
  }
}

async function sweepExpired(now: Date): Promise<void> {
  await getDb()
    .rateLimitBucket.deleteMany({ where: { resetAt: { lt: now } } })
    .catch(() => {});
}
