// The reads behind the /posts views (gallery, list, calendar, filter counts): each one raw statement,
// as they run on every visit of the page (decisions 31 and 39).
import { empty, getDb, joinSql, sql } from "~/modules/db/db.server";
import { rawDate, rawNumber } from "~/modules/db/raw-values";
import { CARD_TEXT_LENGTH, type PostCardRecord } from "./post-card-view.server";
import { dayIndex } from "./calendar";
import type { PostFilter } from "./schemas";

/**
 * Part 1 of a post's first target, cut by the database: the text of a post that neither version 1
 * field says (a Bluesky-only post). Callers read it only when both are empty; NULL when the post
 * has no part.
 */
function firstPartText(cut: number) {
  return sql`(SELECT SUBSTR("PostPart"."text", 1, ${cut}) FROM "PostPart" JOIN "PostTarget" ON "PostTarget"."id" = "PostPart"."targetId"
    WHERE "PostTarget"."postId" = "Post"."id" ORDER BY "PostTarget"."position", "PostPart"."position" LIMIT 1)`;
}

/**
 * The numbers of the page's published posts ("page"): likes, reposts and replies summed over their
 * parts whose numbers were fetched (NULL when none gives that number) and how many parts were
 * fetched (0: show nothing yet). One grouped read of the targets and parts of the page's rows only,
 * outside the query that sorts and cuts the page: subqueries in its select list were run by
 * PostgreSQL for every post of the user before sorting (docs/decisions/0074-analytics-page.md).
 */
const pageNumbers = sql`
  SELECT "PostTarget"."postId",
    SUM(CASE WHEN "PostPart"."metricsFetchedAt" IS NOT NULL THEN "PostPart"."likes" END) AS "likes",
    SUM(CASE WHEN "PostPart"."metricsFetchedAt" IS NOT NULL THEN "PostPart"."reposts" END) AS "reposts",
    SUM(CASE WHEN "PostPart"."metricsFetchedAt" IS NOT NULL THEN "PostPart"."replies" END) AS "replies",
    COUNT("PostPart"."metricsFetchedAt") AS "fetchedParts"
  FROM "PostTarget" JOIN "PostPart" ON "PostPart"."targetId" = "PostTarget"."id"
  WHERE "PostTarget"."postId" IN (SELECT "id" FROM "page" WHERE "status" = ${"published"})
  GROUP BY "PostTarget"."postId"`;

/**
 * A page of posts as the /posts gallery and list show them: only a card's fields, the start of its
 * texts, its first image and how many it has; one statement (the full texts, every image and the
 * deliveries stay out of the page's data).
 */
export async function listPostCards(workspaceId: string, filter: PostFilter, page: number, pageSize: number): Promise<PostCardRecord[]> {
  // Twice what a card shows, so trimming leading spaces in toPostCardView still leaves enough.
  const cut = CARD_TEXT_LENGTH * 2;
  const rows = await getDb().$queryRaw<
    {
      id: string;
      status: string;
      platforms: string;
      linkedinText: string;
      twitterText: string;
      firstPartText: string | null;
      scheduledAt: Date | string | null;
      publishedAt: Date | string | null;
      createdAt: Date | string;
      composeStep: string | null;
      imageId: string | null;
      altText: string | null;
      width: number | bigint | null;
      height: number | bigint | null;
      imageCount: number | bigint;
      likes: number | bigint | null;
      reposts: number | bigint | null;
      replies: number | bigint | null;
      fetchedParts: number | bigint | null;
    }[]
  >`
    WITH "page" AS (
    SELECT "Post"."id", "status", "platforms", SUBSTR("linkedinText", 1, ${cut}) AS "linkedinText", SUBSTR("twitterText", 1, ${cut}) AS "twitterText",
      CASE WHEN "linkedinText" = '' AND "twitterText" = '' THEN ${firstPartText(cut)} END AS "firstPartText",
      "scheduledAt", "publishedAt", "Post"."createdAt", "composeStep",
      "first"."id" AS "imageId", "first"."altText", "first"."width", "first"."height",
      (SELECT COUNT(*) FROM "Media" WHERE "Media"."postId" = "Post"."id") AS "imageCount"
    FROM "Post"
    LEFT JOIN "Media" "first" ON "first"."id" = (
      SELECT "id" FROM "Media" WHERE "Media"."postId" = "Post"."id" ORDER BY "position", "id" LIMIT 1
    )
    WHERE "Post"."workspaceId" = ${workspaceId} ${statusSql(filter)}
    ORDER BY "Post"."createdAt" DESC, "Post"."id" DESC
    LIMIT ${pageSize} OFFSET ${(page - 1) * pageSize}
    )
    SELECT "page".*, "numbers"."likes", "numbers"."reposts", "numbers"."replies", "numbers"."fetchedParts"
    FROM "page" LEFT JOIN (${pageNumbers}) "numbers" ON "numbers"."postId" = "page"."id"
    ORDER BY "page"."createdAt" DESC, "page"."id" DESC`;
  return rows.map((row) => ({
    id: row.id,
    status: row.status,
    platforms: row.platforms,
    linkedinText: row.linkedinText,
    twitterText: row.twitterText,
    firstPartText: row.firstPartText ?? "",
    scheduledAt: rawDate(row.scheduledAt),
    publishedAt: rawDate(row.publishedAt),
    createdAt: rawDate(row.createdAt),
    composeStep: row.composeStep,
    media: row.imageId === null ? [] : [{ id: row.imageId, altText: row.altText ?? "", width: rawNumber(row.width ?? 0), height: rawNumber(row.height ?? 0) }],
    _count: { media: rawNumber(row.imageCount) },
    metrics:
      row.fetchedParts === null || rawNumber(row.fetchedParts) === 0
        ? null
        : { likes: nullableNumber(row.likes), reposts: nullableNumber(row.reposts), replies: nullableNumber(row.replies) },
  }));
}

const nullableNumber = (value: number | bigint | null) => (value === null ? null : rawNumber(value));

/** How many posts each filter holds, from one grouped count. */
export async function countPostsByFilter(workspaceId: string): Promise<Record<PostFilter, number>> {
  // Raw: a Prisma groupBy costs about twice the statement (it is on every /posts page).
  const groups = await getDb().$queryRaw<{ status: string; count: number | bigint }[]>`
    SELECT "status", COUNT(*) AS "count" FROM "Post" WHERE "workspaceId" = ${workspaceId} GROUP BY "status"`;
  const of = (status: string) => rawNumber(groups.find((g) => g.status === status)?.count ?? 0);
  const counts = {
    draft: of("draft"),
    pending: of("scheduled") + of("publishing"),
    published: of("published"),
    failed: of("failed"),
  };
  return { all: counts.draft + counts.pending + counts.published + counts.failed, ...counts };
}

/** The filters of the /posts tabs (as statusWhere in post.server.ts gives them to Prisma), as SQL. */
function statusSql(filter: PostFilter) {
  switch (filter) {
    case "draft":
    case "published":
    case "failed":
      return sql`AND "status" = ${filter}`;
    case "pending":
      return sql`AND "status" IN (${"scheduled"}, ${"publishing"})`;
    default:
      return empty;
  }
}

export interface CalendarRow {
  id: string;
  status: string;
  platforms: string;
  /** The LinkedIn text, else the X text, cut to `textLength` characters. */
  text: string;
  /** When it was published, else when it is scheduled. */
  at: Date;
  /** Index of its day in `dayStarts`. */
  day: number;
  /** How many posts that day holds in all. */
  dayTotal: number;
}

/**
 * The calendar's posts: for each day (`dayStarts` holds the first instant of each day, then the end
 * of the last), the first `perDay` posts placed on it (by publication time, else scheduled time) and
 * how many it holds. Two statements: the month's posts by id and time alone (placed on their days
 * here, where numbering them per day in SQL cost five times as much), then only the posts shown,
 * read with the start of their text.
 */
export async function calendarPosts(
  workspaceId: string,
  dayStarts: readonly Date[],
  filter: PostFilter,
  perDay: number,
  textLength: number,
): Promise<CalendarRow[]> {
  if (dayStarts.length < 2) return [];
  const start = dayStarts[0]!;
  const end = dayStarts.at(-1)!;
  const db = getDb();
  const timed = await db.$queryRaw<{ id: string; at: Date | string }[]>`
    SELECT "id", COALESCE("publishedAt", "scheduledAt") AS "at"
    FROM "Post"
    WHERE "workspaceId" = ${workspaceId} ${statusSql(filter)}
      AND (("publishedAt" >= ${start} AND "publishedAt" < ${end}) OR ("publishedAt" IS NULL AND "scheduledAt" >= ${start} AND "scheduledAt" < ${end}))
    ORDER BY "at", "id"`;
  const bounds = dayStarts.map((instant) => instant.getTime());
  const dayTotals = new Map<number, number>();
  const shown = new Map<string, { at: Date; day: number }>();
  for (const row of timed) {
    const at = rawDate(row.at);
    const day = dayIndex(bounds, at.getTime());
    const total = (dayTotals.get(day) ?? 0) + 1;
    dayTotals.set(day, total);
    if (total <= perDay) shown.set(row.id, { at, day });
  }
  if (shown.size === 0) return [];
  const rows = await db.$queryRaw<{ id: string; status: string; platforms: string; text: string }[]>`
    SELECT "Post"."id", "status", "platforms",
      COALESCE(SUBSTR(CASE WHEN "linkedinText" <> '' THEN "linkedinText" WHEN "twitterText" <> '' THEN "twitterText" END, 1, ${textLength}), ${firstPartText(textLength)}, '') AS "text"
    FROM "Post" WHERE "Post"."id" IN (${joinSql([...shown.keys()])})`;
  const byId = new Map(rows.map((row) => [row.id, row]));
  // In the order of the first statement (time, then id); a post deleted in between is left out.
  return [...shown].flatMap(([id, { at, day }]) => {
    const row = byId.get(id);
    return row ? [{ id, status: row.status, platforms: row.platforms, text: row.text, at, day, dayTotal: dayTotals.get(day)! }] : [];
  });
}
