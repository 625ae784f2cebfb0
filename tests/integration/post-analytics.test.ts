// The analytics page's service and loader (docs/decisions/0074-analytics-page.md) on this file's
// database (SQLite and PostgreSQL): numbers seeded straight on the parts, totals per channel with
// null kept null, another user's posts never counted, the period by publish date, the best posts and
// the best hours in the user's time zone.
import { describe, expect, it } from "vitest";
import { createSession } from "~/modules/auth/session.server";
import { getDb } from "~/modules/db/db.server";
import { getPostAnalytics } from "~/modules/metrics/analytics.server";
import * as analyticsPage from "~/routes/_dashboard.analytics";
import { call, type Handler } from "../support/route-call";
import { uniqueEmail } from "./helpers";

const NOW = new Date("2026-06-15T12:00:00Z");
const DAY = 86_400_000;

type Numbers = { likes: number | null; reposts: number | null; replies: number | null; quotes: number | null; impressions: number | null };

async function userWithChannels(timezone = "UTC") {
  const db = getDb();
  const user = await db.user.create({ data: { email: uniqueEmail("analytics"), passwordHash: "x", timezone } });
  const x = await db.channel.create({
    data: { userId: user.id, workspaceId: user.id, network: "twitter", providerUserId: `x-${user.id}`, displayName: "Ada X", handle: "ada" },
  });
  const linkedin = await db.channel.create({
    data: { userId: user.id, workspaceId: user.id, network: "linkedin", providerUserId: `li-${user.id}`, displayName: "Ada Lovelace" },
  });
  return { user, x, linkedin };
}

/** A published post on `channel` at `at`, its parts with these numbers (undefined: never fetched). */
async function publishedPost(userId: string, channel: { id: string; network: string }, at: Date, parts: (Numbers | undefined)[], text = "A post") {
  const db = getDb();
  return db.post.create({
    data: {
      userId,
      workspaceId: userId,
      status: "published",
      platforms: channel.network,
      publishedAt: at,
      targets: {
        create: {
          channelId: channel.id,
          network: channel.network,
          position: 1,
          parts: {
            create: parts.map((numbers, index) => ({
              position: index + 1,
              text: index === 0 ? text : `reply ${index}`,
              status: "published",
              publishedAt: new Date(at.getTime() + index * 1000),
              ...(numbers ? { ...numbers, metricsFetchedAt: new Date(at.getTime() + 3_600_000) } : {}),
            })),
          },
        },
      },
    },
  });
}

const numbers = (likes: number, reposts: number, replies: number, quotes: number, impressions: number | null): Numbers => ({
  likes,
  reposts,
  replies,
  quotes,
  impressions,
});
const NOTHING: Numbers = { likes: null, reposts: null, replies: null, quotes: null, impressions: null };

describe("the analytics service", () => {
  it("totals per channel, null where the network gives nothing, never another user's posts", async () => {
    const { user, x, linkedin } = await userWithChannels();
    await publishedPost(user.id, x, new Date(NOW.getTime() - 2 * DAY), [numbers(10, 2, 3, 1, 400), numbers(4, 0, 1, 0, 120)]);
    await publishedPost(user.id, x, new Date(NOW.getTime() - 3 * DAY), [numbers(1, 0, 0, 0, 80)]);
    await publishedPost(user.id, linkedin, new Date(NOW.getTime() - 2 * DAY), [NOTHING]);
    const other = await userWithChannels();
    await publishedPost(other.user.id, other.x, new Date(NOW.getTime() - 2 * DAY), [numbers(1000, 1000, 1000, 1000, 1000)]);

    const analytics = await getPostAnalytics(user.id, { days: 7, timeZone: "UTC", now: NOW });
    const xTotals = analytics.channels.find((channel) => channel.channelId === x.id)!;
    expect(xTotals).toMatchObject({ posts: 2, likes: 15, reposts: 2, replies: 4, quotes: 1, impressions: 600, fetched: true, name: "Ada X" });
    const linkedinTotals = analytics.channels.find((channel) => channel.channelId === linkedin.id)!;
    expect(linkedinTotals).toMatchObject({ posts: 1, likes: null, reposts: null, replies: null, quotes: null, impressions: null, fetched: true });
    expect(analytics.channels).toHaveLength(2);
    expect(analytics.bestPosts.map((post) => post.engagement)).toEqual([21, 1]);
    // The LinkedIn post with no numbers is not a "best post" at 0.
    expect(analytics.bestPosts).toHaveLength(2);
    // Per-day buckets: 8 local days (the first partial), engagement by channel on the days with posts.
    expect(analytics.bucketSize).toBe("day");
    const twoDaysAgo = analytics.buckets.find((bucket) => bucket.start === "2026-06-13")!;
    expect(twoDaysAgo.engagement).toEqual({ [x.id]: 21, [linkedin.id]: null });
    expect(twoDaysAgo.posts).toBe(2);
  });

  it("counts a post not yet fetched as published, without numbers", async () => {
    const { user, x } = await userWithChannels();
    await publishedPost(user.id, x, new Date(NOW.getTime() - DAY), [undefined]);
    const analytics = await getPostAnalytics(user.id, { days: 7, timeZone: "UTC", now: NOW });
    expect(analytics.channels).toEqual([expect.objectContaining({ posts: 1, fetched: false, likes: null, impressions: null })]);
    expect(analytics.bestPosts).toEqual([]);
  });

  it("keeps to the period by publish date", async () => {
    const { user, x } = await userWithChannels();
    await publishedPost(user.id, x, new Date(NOW.getTime() - 5 * DAY), [numbers(1, 0, 0, 0, null)]);
    await publishedPost(user.id, x, new Date(NOW.getTime() - 20 * DAY), [numbers(10, 0, 0, 0, null)]);
    await publishedPost(user.id, x, new Date(NOW.getTime() - 60 * DAY), [numbers(100, 0, 0, 0, null)]);
    await publishedPost(user.id, x, new Date(NOW.getTime() - 100 * DAY), [numbers(1000, 0, 0, 0, null)]);
    const likesOver = async (days: 7 | 30 | 90) => (await getPostAnalytics(user.id, { days, timeZone: "UTC", now: NOW })).channels[0]?.likes;
    expect(await likesOver(7)).toBe(1);
    expect(await likesOver(30)).toBe(11);
    expect(await likesOver(90)).toBe(111);
    const ninety = await getPostAnalytics(user.id, { days: 90, timeZone: "UTC", now: NOW });
    expect(ninety.bucketSize).toBe("week");
    expect(ninety.buckets.length).toBeGreaterThanOrEqual(13);
  });

  it("averages engagement by the hour of the user's time zone, and says when there is too little", async () => {
    const { user, x } = await userWithChannels("Europe/Paris");
    // 07:00 UTC is 09:00 in Paris in June; 16:00 UTC is 18:00.
    const at = (daysAgo: number, utcHour: number) => new Date(Date.UTC(2026, 5, 15 - daysAgo, utcHour, 0, 0));
    await publishedPost(user.id, x, at(1, 7), [numbers(10, 0, 0, 0, null)]);
    await publishedPost(user.id, x, at(2, 7), [numbers(20, 0, 0, 0, null)]);
    await publishedPost(user.id, x, at(3, 16), [numbers(3, 0, 0, 0, null)]);
    const few = await getPostAnalytics(user.id, { days: 30, timeZone: "Europe/Paris", now: NOW });
    expect(few.bestHours.hours).toEqual([
      { hour: 9, posts: 2, average: 15 },
      { hour: 18, posts: 1, average: 3 },
    ]);
    expect(few.bestHours).toMatchObject({ enough: false, best: null });
    await publishedPost(user.id, x, at(4, 16), [numbers(5, 0, 0, 0, null)]);
    await publishedPost(user.id, x, at(5, 16), [numbers(7, 0, 0, 0, null)]);
    const enough = await getPostAnalytics(user.id, { days: 30, timeZone: "Europe/Paris", now: NOW });
    // 09:00 averages 15 over 2 posts, 18:00 5 over 3: 09:00 is the best.
    expect(enough.bestHours).toMatchObject({ posts: 5, enough: true, best: { hour: 9, posts: 2, average: 15 } });
    expect(enough.bestHours.hours.find((hour) => hour.hour === 18)).toEqual({ hour: 18, posts: 3, average: 5 });
  });
});

describe("the analytics page's loader", () => {
  it("reads the period from ?days= and shows only the signed-in user's numbers", async () => {
    const { user, x } = await userWithChannels();
    await publishedPost(user.id, x, new Date(Date.now() - 2 * DAY), [numbers(3, 1, 0, 0, 50)]);
    await publishedPost(user.id, x, new Date(Date.now() - 20 * DAY), [numbers(30, 0, 0, 0, 500)]);
    const other = await userWithChannels();
    await publishedPost(other.user.id, other.x, new Date(Date.now() - 2 * DAY), [numbers(99, 0, 0, 0, 1)]);
    const cookie = (await createSession(user.id)).split(";")[0]!;
    const week = await call(analyticsPage.loader as Handler, { cookie, url: "http://localhost:3000/analytics?days=7" });
    expect(week.body.analytics.days).toBe(7);
    expect(week.body.analytics.channels).toEqual([expect.objectContaining({ likes: 3, impressions: 50 })]);
    const month = await call(analyticsPage.loader as Handler, { cookie, url: "http://localhost:3000/analytics?days=nonsense" });
    expect(month.body.analytics.days).toBe(30);
    expect(month.body.analytics.channels).toEqual([expect.objectContaining({ likes: 33, impressions: 550 })]);
  });

  it("sends a visitor who is not signed in to sign in", async () => {
    const answer = await call(analyticsPage.loader as Handler, { url: "http://localhost:3000/analytics" });
    expect(answer.status).toBe(302);
  });
});
