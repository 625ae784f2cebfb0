import { getDb } from "~/modules/db/db.server";
import { NETWORK_IDS } from "~/core/platforms/platforms";
import { countByDay, dayWindow, summarizeDeliveries, type AnalyticsTotals, type PlatformSummary } from "./analytics";

const PAID_PLANS = ["basic", "pro", "enterprise"];
const LEFT_DRAFT = ["scheduled", "publishing", "published", "failed"];

export interface Analytics {
  timeZone: string;
  days: string[];
  totals: AnalyticsTotals;
  signUps: number[];
  posts: { scheduled: number[]; published: number[]; failed: number[] };
  aiDrafts: number[];
  platforms: PlatformSummary[];
}

/**
 * The admin dashboard's figures for the last 30 days in `timeZone`. Counts are database counts;
 * the series select only the timestamps of the window's rows (a bounded read) and bucket them by
 * day in JavaScript, so there is one query per figure, not one per day, and no SQL date function.
 */
export async function getAnalytics(timeZone: string, now = new Date()): Promise<Analytics> {
  const db = getDb();
  const window = dayWindow(now, timeZone);
  const inWindow = { gte: window.start, lt: window.end };
  const [users, verified, trialing, paying, waitlist, signUps, posts, deliveries, aiDrafts] = await Promise.all([
    db.user.count(),
    db.user.count({ where: { emailVerifiedAt: { not: null } } }),
    // A trial past its end no longer counts (it is read as free, see currentSubscription).
    db.subscription.count({ where: { status: "trialing", OR: [{ trialEndsAt: null }, { trialEndsAt: { gt: now } }] } }),
    db.subscription.count({ where: { status: "active", plan: { in: PAID_PLANS } } }),
    db.waitlistEntry.count(),
    db.user.findMany({ where: { createdAt: inWindow }, select: { createdAt: true } }),
    db.post.findMany({
      where: { status: { in: LEFT_DRAFT }, OR: [{ scheduledAt: inWindow }, { publishedAt: inWindow }] },
      select: { status: true, scheduledAt: true, publishedAt: true },
    }),
    db.delivery.findMany({
      where: { status: { in: ["published", "failed"] }, post: { scheduledAt: inWindow } },
      select: { platform: true, status: true, publishedAt: true, post: { select: { scheduledAt: true } } },
    }),
    // The database keeps no record of drafting itself: a post written with AI is one draft, on the
    // day the post was started (the wizard creates it moments before the prompt). See decision 26.
    db.post.findMany({ where: { source: "ai", createdAt: inWindow }, select: { createdAt: true } }),
  ]);
  return {
    timeZone: window.timeZone,
    days: window.days,
    totals: { users, verified, trialing, paying, waitlist },
    signUps: countByDay(
      signUps.map((u) => u.createdAt),
      window,
    ),
    posts: {
      // Scheduled and failed by the day the post was due (no failure time is kept); published by
      // the day it went out.
      scheduled: countByDay(
        posts.map((p) => p.scheduledAt),
        window,
      ),
      published: countByDay(
        posts.map((p) => (p.status === "published" ? p.publishedAt : null)),
        window,
      ),
      failed: countByDay(
        posts.map((p) => (p.status === "failed" ? p.scheduledAt : null)),
        window,
      ),
    },
    aiDrafts: countByDay(
      aiDrafts.map((p) => p.createdAt),
      window,
    ),
    platforms: summarizeDeliveries(
      deliveries.map((d) => ({ platform: d.platform, status: d.status, publishedAt: d.publishedAt, dueAt: d.post.scheduledAt })),
      NETWORK_IDS,
    ),
  };
}
