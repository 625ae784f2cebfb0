// The user's analytics page (docs/decisions/0074-analytics-page.md): over the last 7, 30 or 90 days
// by the date each part was published, totals per channel, engagement per channel over time, the
// best posts and the best hours of the day. Every read is the user's own posts only, and bounded:
// totals and the best posts are aggregated by the database; the per-target rows behind the chart and
// the hours are at most ANALYTICS_TARGET_LIMIT (the period's latest ones).
import { DateTime } from "luxon";
import { getDb, sql } from "~/modules/db/db.server";
import { rawDate, rawNumber } from "~/modules/db/raw-values";
import { isValidTimeZone } from "~/modules/users/timezone";
import {
  ANALYTICS_PERIODS,
  engagementOf,
  MIN_POSTS_FOR_BEST_HOUR,
  MIN_POSTS_FOR_HOURS,
  type AnalyticsPeriod,
  type BestPost,
  type ChannelTotals,
  type PostAnalytics,
  type TimeBucket,
} from "./analytics";

/** The most per-target rows read for the chart and the hours: a heavy user's 90 days still fit. */
export const ANALYTICS_TARGET_LIMIT = 5_000;
/** How much of a best post's text is read (the page shows two lines). */
const BEST_POST_TEXT_LENGTH = 160;

type RawCount = number | bigint;
type RawMetric = number | bigint | null;
const metric = (value: RawMetric): number | null => (value === null ? null : rawNumber(value));

/** `?days=` as one of the periods offered, else 30. */
export function parseAnalyticsPeriod(value: string | null): AnalyticsPeriod {
  const days = Number(value);
  return (ANALYTICS_PERIODS as readonly number[]).includes(days) ? (days as AnalyticsPeriod) : 30;
}

// Sums of the parts whose numbers were fetched: SUM skips nulls and is NULL when every part is null,
// which is exactly "not available" (never 0).
const fetchedSums = sql`
  SUM(CASE WHEN "PostPart"."metricsFetchedAt" IS NOT NULL THEN "PostPart"."likes" END) AS "likes",
  SUM(CASE WHEN "PostPart"."metricsFetchedAt" IS NOT NULL THEN "PostPart"."reposts" END) AS "reposts",
  SUM(CASE WHEN "PostPart"."metricsFetchedAt" IS NOT NULL THEN "PostPart"."replies" END) AS "replies",
  SUM(CASE WHEN "PostPart"."metricsFetchedAt" IS NOT NULL THEN "PostPart"."quotes" END) AS "quotes",
  SUM(CASE WHEN "PostPart"."metricsFetchedAt" IS NOT NULL THEN "PostPart"."impressions" END) AS "impressions",
  COUNT("PostPart"."metricsFetchedAt") AS "fetchedParts"`;

interface RawSums {
  likes: RawMetric;
  reposts: RawMetric;
  replies: RawMetric;
  quotes: RawMetric;
  impressions: RawMetric;
  fetchedParts: RawCount;
}

function sums(row: RawSums) {
  return {
    likes: metric(row.likes),
    reposts: metric(row.reposts),
    replies: metric(row.replies),
    quotes: metric(row.quotes),
    impressions: metric(row.impressions),
    fetched: rawNumber(row.fetchedParts) > 0,
  };
}

export async function getPostAnalytics(
  workspaceId: string,
  { days, timeZone, now = new Date() }: { days: AnalyticsPeriod; timeZone: string; now?: Date },
): Promise<PostAnalytics> {
  const zone = isValidTimeZone(timeZone) ? timeZone : "UTC";
  const since = new Date(now.getTime() - days * 86_400_000);
  const fromParts = sql`
    FROM "PostPart"
    JOIN "PostTarget" ON "PostTarget"."id" = "PostPart"."targetId"
    JOIN "Post" ON "Post"."id" = "PostTarget"."postId"`;
  const ownPublishedParts = sql`
    WHERE "Post"."workspaceId" = ${workspaceId} AND "PostPart"."status" = ${"published"}
      AND "PostPart"."publishedAt" >= ${since} AND "PostPart"."publishedAt" <= ${now}`;

  const db = getDb();
  const [channelRows, targetRows, bestRows] = await Promise.all([
    db.$queryRaw<(RawSums & { channelId: string | null; network: string; posts: RawCount; displayName: string | null; handle: string | null })[]>`
      SELECT "PostTarget"."channelId", "PostTarget"."network", MAX("Channel"."displayName") AS "displayName", MAX("Channel"."handle") AS "handle",
        COUNT(DISTINCT "PostTarget"."postId") AS "posts", ${fetchedSums}
      ${fromParts}
      LEFT JOIN "Channel" ON "Channel"."id" = "PostTarget"."channelId"
      ${ownPublishedParts}
      GROUP BY "PostTarget"."channelId", "PostTarget"."network"
      ORDER BY "PostTarget"."network", "PostTarget"."channelId"`,
    db.$queryRaw<(RawSums & { postId: string; channelId: string | null; network: string; publishedAt: Date | string })[]>`
      SELECT "PostTarget"."postId", "PostTarget"."channelId", "PostTarget"."network", MIN("PostPart"."publishedAt") AS "publishedAt", ${fetchedSums}
      ${fromParts} ${ownPublishedParts}
      GROUP BY "PostTarget"."id", "PostTarget"."postId", "PostTarget"."channelId", "PostTarget"."network"
      ORDER BY MIN("PostPart"."publishedAt") DESC
      LIMIT ${ANALYTICS_TARGET_LIMIT}`,
    db.$queryRaw<(RawSums & { postId: string; publishedAt: Date | string; platforms: string; text: string | null })[]>`
      SELECT "Post"."id" AS "postId", MIN("PostPart"."publishedAt") AS "publishedAt", MAX("Post"."platforms") AS "platforms",
        (SELECT SUBSTR("first"."text", 1, ${BEST_POST_TEXT_LENGTH}) FROM "PostPart" "first" JOIN "PostTarget" "firstTarget" ON "firstTarget"."id" = "first"."targetId"
          WHERE "firstTarget"."postId" = "Post"."id" ORDER BY "firstTarget"."position", "first"."position" LIMIT 1) AS "text",
        ${fetchedSums}
      ${fromParts} ${ownPublishedParts} AND "PostPart"."metricsFetchedAt" IS NOT NULL
      GROUP BY "Post"."id"
      HAVING COUNT("PostPart"."likes") + COUNT("PostPart"."reposts") + COUNT("PostPart"."replies") + COUNT("PostPart"."quotes") > 0
      ORDER BY SUM(COALESCE("PostPart"."likes", 0) + COALESCE("PostPart"."reposts", 0) + COALESCE("PostPart"."replies", 0) + COALESCE("PostPart"."quotes", 0)) DESC,
        MIN("PostPart"."publishedAt") DESC
      LIMIT 5`,
  ]);

  const channels: ChannelTotals[] = channelRows.map((row) => ({
    key: channelKey(row.channelId, row.network),
    channelId: row.channelId,
    network: row.network,
    name: row.displayName || row.handle || "",
    handle: row.handle,
    posts: rawNumber(row.posts),
    ...sums(row),
  }));

  const targets = targetRows.map((row) => ({
    postId: row.postId,
    key: channelKey(row.channelId, row.network),
    publishedAt: rawDate(row.publishedAt),
    ...sums(row),
  }));

  const bestPosts: BestPost[] = bestRows.map((row) => {
    const numbers = sums(row);
    return {
      id: row.postId,
      text: (row.text ?? "").trim(),
      platforms: row.platforms.split(",").filter(Boolean),
      publishedAt: rawDate(row.publishedAt).toISOString(),
      ...numbers,
      engagement: engagementOf(numbers) ?? 0,
    };
  });

  return {
    days,
    timeZone: zone,
    since: since.toISOString(),
    channels,
    buckets: bucketsOf(targets, days, zone, since, now),
    bucketSize: days === 90 ? "week" : "day",
    bestPosts,
    bestHours: bestHoursOf(targets, zone),
    truncated: targetRows.length === ANALYTICS_TARGET_LIMIT,
  };
}

function channelKey(channelId: string | null, network: string): string {
  return channelId ?? `removed-${network}`;
}

interface TargetNumbers {
  postId: string;
  key: string;
  publishedAt: Date;
  likes: number | null;
  reposts: number | null;
  replies: number | null;
  quotes: number | null;
  fetched: boolean;
}

/** The period's days (or weeks, for 90 days) in the user's zone, each with the engagement per channel of the posts published in it. */
function bucketsOf(targets: TargetNumbers[], days: AnalyticsPeriod, zone: string, since: Date, now: Date): TimeBucket[] {
  const unit = days === 90 ? "week" : "day";
  const startOf = (at: Date) => DateTime.fromJSDate(at, { zone }).startOf(unit);
  const buckets: TimeBucket[] = [];
  const byStart = new Map<string, TimeBucket>();
  const last = startOf(now);
  for (let at = startOf(since); at <= last; at = at.plus({ [unit]: 1 })) {
    const bucket: TimeBucket = { start: at.toISODate()!, engagement: {}, posts: 0 };
    buckets.push(bucket);
    byStart.set(bucket.start, bucket);
  }
  const postsIn = new Map<string, Set<string>>();
  for (const target of targets) {
    const start = startOf(target.publishedAt).toISODate()!;
    const bucket = byStart.get(start);
    if (!bucket) continue;
    const seen = postsIn.get(start) ?? new Set<string>();
    seen.add(target.postId);
    postsIn.set(start, seen);
    const engagement = target.fetched ? engagementOf(target) : null;
    if (engagement === null) {
      if (!(target.key in bucket.engagement)) bucket.engagement[target.key] = null;
      continue;
    }
    bucket.engagement[target.key] = (bucket.engagement[target.key] ?? 0) + engagement;
  }
  for (const bucket of buckets) bucket.posts = postsIn.get(bucket.start)?.size ?? 0;
  return buckets;
}

/** Average engagement per post by the hour (in the user's zone) its first part went out, for the hours with posts that have numbers. */
function bestHoursOf(targets: TargetNumbers[], zone: string): PostAnalytics["bestHours"] {
  const posts = new Map<string, { at: Date; engagement: number | null }>();
  for (const target of targets) {
    const engagement = target.fetched ? engagementOf(target) : null;
    const post = posts.get(target.postId);
    if (!post) {
      posts.set(target.postId, { at: target.publishedAt, engagement });
      continue;
    }
    if (target.publishedAt < post.at) post.at = target.publishedAt;
    if (engagement !== null) post.engagement = (post.engagement ?? 0) + engagement;
  }
  const byHour = new Map<number, { total: number; posts: number }>();
  let counted = 0;
  for (const post of posts.values()) {
    if (post.engagement === null) continue;
    counted += 1;
    const hour = DateTime.fromJSDate(post.at, { zone }).hour;
    const entry = byHour.get(hour) ?? { total: 0, posts: 0 };
    entry.total += post.engagement;
    entry.posts += 1;
    byHour.set(hour, entry);
  }
  const hours = [...byHour.entries()]
    .map(([hour, { total, posts }]) => ({ hour, posts, average: Math.round((total / posts) * 10) / 10 }))
    .sort((a, b) => a.hour - b.hour);
  const enough = counted >= MIN_POSTS_FOR_HOURS;
  const best = enough
    ? (hours.filter((hour) => hour.posts >= MIN_POSTS_FOR_BEST_HOUR).sort((a, b) => b.average - a.average || b.posts - a.posts)[0] ?? null)
    : null;
  return { hours, posts: counted, enough, best };
}
