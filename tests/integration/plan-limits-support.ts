import { createSession } from "~/modules/auth/session.server";
import { getDb } from "~/modules/db/db.server";
import { createPost } from "~/modules/posts/post.server";
import { localToUtc } from "~/modules/posts/schedule-time";
import { trialSubscriptionData } from "~/modules/subscriptions/subscription.server";
import { uniqueEmail } from "./helpers";

// Users, drafts and counted posts for the plan-limit tests (tests/integration/plan-limits*.test.ts).

const DAY_MS = 24 * 60 * 60 * 1000;

/** A month that is always ahead: January and February of next year. */
export const YEAR = new Date().getUTCFullYear() + 1;

export type Plan =
  | "none" // no subscription row: the free plan
  | "trial"
  | "expired-trial"
  | { plan: "free" | "pro" | "enterprise"; status: "active" | "trialing" | "canceled" | "pending" | "inactive" };

/** A verified user with both platforms connected, on the given plan, in the given time zone. */
export async function planUser(plan: Plan = "none", timezone = "UTC") {
  const subscription =
    plan === "none"
      ? undefined
      : plan === "trial"
        ? trialSubscriptionData()
        : plan === "expired-trial"
          ? trialSubscriptionData(new Date(Date.now() - 15 * DAY_MS))
          : plan;
  const user = await getDb().user.create({
    data: {
      email: uniqueEmail("plan-limits"),
      passwordHash: "not-a-real-hash",
      emailVerifiedAt: new Date(),
      timezone,
      ...(subscription ? { subscription: { create: subscription } } : {}),
    },
  });
  for (const provider of ["linkedin", "twitter"]) {
    await getDb().channel.create({ data: { userId: user.id, workspaceId: user.id, network: provider, providerUserId: "x", status: "active" } });
  }
  return user;
}

export async function cookieOf(userId: string): Promise<string> {
  return (await createSession(userId)).split(";")[0]!;
}

/** A draft ready to be scheduled on both platforms. */
export function readyDraft(userId: string) {
  return createPost(userId, { platforms: ["linkedin", "twitter"], linkedinText: "A post for LinkedIn", twitterText: "A post for X" });
}

/** A wall-clock time in a zone, as the instant it is. */
export function local(date: string, time: string, zone: string): Date {
  const result = localToUtc(date, time, zone);
  if (!result.ok) throw new Error(`No such time: ${date} ${time} in ${zone}`);
  return result.utc;
}

/** Posts stored directly in a status, placed at `at` (published ones by their publication time). */
export async function seedPosts(userId: string, count: number, at: Date, status = "scheduled") {
  for (let i = 0; i < count; i++) {
    await getDb().post.create({
      data: {
        userId,
        workspaceId: userId,
        platforms: "linkedin",
        linkedinText: `Seeded ${i}`,
        status,
        scheduledAt: at,
        publishedAt: status === "published" ? at : null,
      },
    });
  }
}

/** Ten different days of January next year at noon UTC. */
export const januaryDays = (count: number) => Array.from({ length: count }, (_, i) => new Date(Date.UTC(YEAR, 0, 2 + i, 12)));
