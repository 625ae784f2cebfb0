import { sweepExpiredTokens } from "~/modules/auth/auth.server";
import { sweepExpiredSessions } from "~/modules/auth/session.server";
import { sweepHandledStripeEvents } from "~/modules/billing/webhooks.server";
import { sweepExpiredStates } from "~/modules/connections/oauth.server";
import { logger } from "~/core/logger/logger.server";
import { hit, sweepExpiredBuckets } from "~/modules/rate-limit/rate-limit.server";

// Expired rows are refused wherever they are read; this only keeps the tables from growing.
// It runs in the web process (every deployment has one, whether the publisher runs there or in
// workers); docs/decisions/0021-accounts-hardening.md
export const HOUSEKEEPING_INTERVAL_MS = 60 * 60 * 1000;

export interface SweepCounts {
  sessions: number;
  mailedLinks: number;
  oauthStates: number;
  rateLimitCounters: number;
  stripeEvents: number;
}

/** Deletes what has expired: sessions, mailed links, OAuth states, rate-limit counters and old Stripe event ids. */
export async function sweepExpired(now = new Date()): Promise<SweepCounts> {
  // One after the other: small deletes, gentle on SQLite's single writer.
  const sessions = await sweepExpiredSessions(now);
  const mailedLinks = await sweepExpiredTokens(now);
  const oauthStates = await sweepExpiredStates(now);
  const rateLimitCounters = await sweepExpiredBuckets(now);
  const stripeEvents = await sweepHandledStripeEvents(now);
  return { sessions, mailedLinks, oauthStates, rateLimitCounters, stripeEvents };
}

/**
 * Sweeps unless another process already did in this interval: the first instance to ask in each
 * interval takes the turn (an atomic counter shared through the database). Null when it was not ours.
 */
export async function runHousekeeping(intervalMs = HOUSEKEEPING_INTERVAL_MS, now = new Date()): Promise<SweepCounts | null> {
  // A turn a little shorter than the interval, so a timer firing early does not skip a round.
  const turn = await hit("housekeeping:sweep", { limit: 1, windowMs: Math.floor(intervalMs * 0.9) }, now);
  return turn.limited ? null : sweepExpired(now);
}

/** Sweeps shortly after start, then every interval, without keeping the process alive. */
export function startHousekeeping({ intervalMs = HOUSEKEEPING_INTERVAL_MS, firstRunMs = 60_000 } = {}): { stop: () => void } {
  const run = () => {
    runHousekeeping(intervalMs)
      .then((counts) => {
        if (counts) logger.info(counts, "Expired rows swept");
      })
      .catch((error: unknown) => logger.error({ err: error }, "Housekeeping failed; next round in an interval"));
  };
  const first = setTimeout(run, firstRunMs);
  const timer = setInterval(run, intervalMs);
  first.unref();
  timer.unref();
  return {
    stop: () => {
      clearTimeout(first);
      clearInterval(timer);
    },
  };
}
