// The analytics dashboard's figures from real rows, in the admin's time zone, and its loader's
// answer to a non-admin.
import { beforeAll, describe, expect, it } from "vitest";
import { NETWORK_IDS } from "~/core/platforms/platforms";
import { createSession } from "~/modules/auth/session.server";
import { getAnalytics, type Analytics } from "~/modules/admin/analytics.server";
import { getDb } from "~/modules/db/db.server";
import { seedTargets } from "../support/targets";
import * as analyticsPage from "~/routes/_dashboard.admin.analytics";
import { requestWithCookie, uniqueEmail } from "./helpers";

const NOW = new Date("2025-03-10T12:00:00Z"); // 08:00 in New York, the day after clocks went forward
const ZONE = "America/New_York";
const at = (iso: string) => new Date(iso);
const plus = (date: Date, seconds: number) => new Date(date.getTime() + seconds * 1000);

async function user(
  email: string,
  createdAt?: Date,
  extra: { emailVerifiedAt?: Date; passwordSetByMailAt?: Date; subscription?: { plan: string; status: string; trialEndsAt?: Date } } = {},
) {
  const { subscription, ...rest } = extra;
  return getDb().user.create({
    data: { email, passwordHash: "x", createdAt, timezone: ZONE, ...rest, ...(subscription ? { subscription: { create: subscription } } : {}) },
  });
}

async function post(
  userId: string,
  data: { status: string; source?: string; createdAt?: Date; scheduledAt?: Date; publishedAt?: Date },
  deliveries: { platform: string; status: string; publishedAt?: Date }[] = [],
) {
  const post = await getDb().post.create({ data: { userId, workspaceId: userId, platforms: "linkedin,twitter", ...data } });
  const byNetwork = new Map(deliveries.map((delivery) => [delivery.platform, delivery]));
  await seedTargets(post, [...byNetwork.keys()], (network) => byNetwork.get(network) ?? null);
  return post;
}

let analytics: Analytics;
let adminEmail: string;
let memberId: string;
const valueOn = (series: number[], day: string) => series[analytics.days.indexOf(day)];

beforeAll(async () => {
  // 03:00 UTC on 10 March is still 9 March in New York; 05:00 UTC is 10 March there.
  const ada = await user(uniqueEmail("ada"), at("2025-03-10T03:00:00Z"), {
    emailVerifiedAt: at("2025-03-10T03:05:00Z"),
    subscription: { plan: "pro", status: "trialing", trialEndsAt: at("2025-03-24T03:00:00Z") },
  });
  await user(uniqueEmail("bob"), at("2025-03-10T05:00:00Z"), { subscription: { plan: "pro", status: "active" } });
  await user(uniqueEmail("old"), at("2025-01-01T12:00:00Z"), { subscription: { plan: "pro", status: "trialing", trialEndsAt: at("2025-01-15T12:00:00Z") } });
  adminEmail = "admin@example.com";
  await user(adminEmail, undefined, { emailVerifiedAt: new Date(), passwordSetByMailAt: new Date() });
  memberId = (await user(uniqueEmail("member"))).id;
  await getDb().waitlistEntry.create({ data: { fullName: "Grace", email: uniqueEmail("waitlist") } });

  const due1 = at("2025-03-08T14:00:00Z");
  await post(ada.id, { status: "published", source: "ai", createdAt: at("2025-03-07T10:00:00Z"), scheduledAt: due1, publishedAt: plus(due1, 90) }, [
    { platform: "linkedin", status: "published", publishedAt: plus(due1, 30) },
    { platform: "twitter", status: "published", publishedAt: plus(due1, 90) },
    { platform: "bluesky", status: "published", publishedAt: plus(due1, 45) },
  ]);
  const due2 = at("2025-03-09T15:00:00Z");
  await post(ada.id, { status: "failed", createdAt: at("2025-03-09T12:00:00Z"), scheduledAt: due2 }, [
    { platform: "linkedin", status: "published", publishedAt: plus(due2, 10) },
    { platform: "twitter", status: "failed" },
  ]);
  await post(ada.id, { status: "scheduled", createdAt: at("2025-03-10T10:00:00Z"), scheduledAt: at("2025-03-10T20:00:00Z") }, [
    { platform: "linkedin", status: "pending" },
  ]);
  await post(ada.id, { status: "draft", source: "ai", createdAt: at("2025-03-10T11:00:00Z") });
  // Outside the window: long ago, and due next week.
  const old = at("2025-01-05T09:00:00Z");
  await post(ada.id, { status: "published", source: "ai", createdAt: old, scheduledAt: old, publishedAt: plus(old, 5000) }, [
    { platform: "linkedin", status: "published", publishedAt: plus(old, 5000) },
  ]);
  await post(ada.id, { status: "scheduled", createdAt: at("2025-03-10T09:00:00Z"), scheduledAt: at("2025-03-15T09:00:00Z") });

  analytics = await getAnalytics(ZONE, NOW);
});

describe("admin analytics", () => {
  it("counts users, verified addresses, live trials, paying subscriptions and the waitlist", () => {
    expect(analytics.totals).toEqual({ users: 5, verified: 2, trialing: 1, paying: 1, waitlist: 1 });
  });

  it("gives 30 days ending today in the admin's zone", () => {
    expect(analytics.timeZone).toBe(ZONE);
    expect(analytics.days).toHaveLength(30);
    expect(analytics.days.at(-1)).toBe("2025-03-10");
  });

  it("counts sign-ups on the admin's calendar day", () => {
    expect(valueOn(analytics.signUps, "2025-03-09")).toBe(1);
    expect(valueOn(analytics.signUps, "2025-03-10")).toBe(1);
    expect(analytics.signUps.reduce((a, b) => a + b)).toBe(2);
  });

  it("counts posts scheduled and failed by their due day, published by the day they went out", () => {
    const { scheduled, published, failed } = analytics.posts;
    expect([valueOn(scheduled, "2025-03-08"), valueOn(scheduled, "2025-03-09"), valueOn(scheduled, "2025-03-10")]).toEqual([1, 1, 1]);
    expect(scheduled.reduce((a, b) => a + b)).toBe(3);
    expect(valueOn(published, "2025-03-08")).toBe(1);
    expect(published.reduce((a, b) => a + b)).toBe(1);
    expect(valueOn(failed, "2025-03-09")).toBe(1);
    expect(failed.reduce((a, b) => a + b)).toBe(1);
  });

  it("counts AI drafts as the posts written with AI, on the day each was started", () => {
    expect(valueOn(analytics.aiDrafts, "2025-03-07")).toBe(1);
    expect(valueOn(analytics.aiDrafts, "2025-03-10")).toBe(1);
    expect(analytics.aiDrafts.reduce((a, b) => a + b)).toBe(2);
  });

  it("gives each platform its success rate and lateness from the deliveries that finished", () => {
    const [linkedin, twitter] = analytics.platforms;
    expect(linkedin).toMatchObject({ platform: "linkedin", published: 2, failed: 0, successRate: 1, latenessP50: 20 });
    expect(linkedin!.latenessP95).toBeCloseTo(29);
    expect(twitter).toMatchObject({ platform: "twitter", published: 1, failed: 1, successRate: 0.5, latenessP50: 90, latenessP95: 90 });
    // Every network has its row, not only the version 1 pair.
    expect(analytics.platforms.map((p) => p.platform)).toEqual([...NETWORK_IDS]);
    expect(analytics.platforms.find((p) => p.platform === "bluesky")).toMatchObject({ published: 1, failed: 0, successRate: 1, latenessP50: 45 });
  });
});

describe("the analytics page", () => {
  const load = async (userId: string) => {
    const cookie = await createSession(userId);
    const request = requestWithCookie(cookie, "http://localhost:3000/admin/analytics");
    return analyticsPage.loader({ request, params: {}, context: { cspNonce: "", clientIp: "192.0.2.40" } });
  };

  it("answers 403 to a signed-in user who is not an admin", async () => {
    const refused = await load(memberId).catch((thrown: unknown) => thrown);
    expect((refused as { init?: { status?: number } } | null)?.init?.status).toBe(403);
  });

  it("gives an admin the figures in their own zone", async () => {
    const admin = await getDb().user.findUniqueOrThrow({ where: { email: adminEmail } });
    const figures = await load(admin.id);
    expect(figures.timeZone).toBe(ZONE);
    expect(figures.totals.users).toBe(5);
  });
});
