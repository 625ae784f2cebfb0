// When a published target's numbers are fetched (docs/decisions/0073-post-metrics.md): about 1 hour,
// 24 hours and 7 days after publishing, and how long a failed fetch waits before the next try.

const HOUR_MS = 3_600_000;

/** The automatic rounds, after the target's publishing time. */
export const METRICS_ROUNDS_MS = [HOUR_MS, 24 * HOUR_MS, 7 * 24 * HOUR_MS] as const;

/** The least time between two on-demand refreshes of one post. */
export const REFRESH_COOLDOWN_MS = 5 * 60_000;

/** Failed fetches of one round before it is given up (the next round, if any, still comes). */
export const MAX_FETCH_ATTEMPTS = 5;

/**
 * The next automatic fetch after one made at `now`: the first round still ahead of it (a job that
 * was down past a round does not fetch twice to catch up), or null when none is left.
 */
export function nextRoundAt(publishedAt: Date, now: Date): Date | null {
  for (const offset of METRICS_ROUNDS_MS) {
    const at = publishedAt.getTime() + offset;
    if (at > now.getTime()) return new Date(at);
  }
  return null;
}

/** A fetch's first round time. */
export function firstRoundAt(publishedAt: Date): Date {
  return new Date(publishedAt.getTime() + METRICS_ROUNDS_MS[0]);
}

/** Exponential backoff after the `attempts`-th failed fetch in a row: 5 min, 10, 20, 40… capped at 6 h, with jitter. */
export function fetchBackoff(attempts: number, now: Date, random = Math.random): Date {
  const base = Math.min(5 * 60_000 * 2 ** Math.max(0, attempts - 1), 6 * HOUR_MS);
  return new Date(now.getTime() + base * (0.9 + random() * 0.2));
}
