import { trackEventFor } from "~/modules/analytics/server-events.server";
import { usablePlatforms } from "~/modules/connections/connection.server";
import { empty, getDb, joinSql, raw, sql } from "~/modules/db/db.server";
import { isRecordId } from "~/modules/db/ids";
import { AppError } from "~/modules/errors/app-error";
import { logger } from "~/modules/logger/logger.server";
import { copyPostImages, deleteStoredImages } from "./post-images.server";
import { parsePlatforms, serializePlatforms, type Platform } from "~/modules/platforms/platforms";
import { CARD_TEXT_LENGTH, type PostCardRecord } from "./post-card-view.server";
import { rawDate, rawNumber } from "~/modules/db/raw-values";
import { postInclude, type PostRecord } from "./post-view.server";
import type { PostFilter } from "./schemas";
import { assertWithinScheduledPostLimit } from "./plan-limit.server";
import { checkScheduleTime } from "./schedule-time";
import { schedulingProblem } from "./scheduling-rules";

export type PostStatus = "draft" | "scheduled" | "publishing" | "published" | "failed";

/** Statuses in which a post may still be changed (its text, platforms, images or time). */
const EDITABLE: PostStatus[] = ["draft", "scheduled", "failed"];
/**
 * A publisher claims a delivery a moment before the post itself says "publishing": every change is
 * also conditional on no delivery being in flight, in the same statement as the change.
 */
const NOTHING_IN_FLIGHT = { deliveries: { none: { status: "publishing" } } };

const notFound = () => new AppError("not_found", "posts.errors.notFound");

function statusWhere(filter: PostFilter) {
  switch (filter) {
    case "draft":
      return { status: "draft" };
    case "pending":
      return { status: { in: ["scheduled", "publishing"] } };
    case "published":
      return { status: "published" };
    case "failed":
      return { status: "failed" };
    default:
      return {};
  }
}

/** A user's post, or 404 (also when it belongs to someone else: nothing is revealed). */
export async function getOwnPost(userId: string, postId: string): Promise<PostRecord> {
  if (!isRecordId(postId)) throw notFound();
  const post = await getDb().post.findFirst({ where: { id: postId, userId }, include: postInclude });
  if (!post) throw notFound();
  return post;
}

/** As getOwnPost, refusing posts that are being published or already are (409). */
export async function getEditablePost(userId: string, postId: string): Promise<PostRecord> {
  const post = await getOwnPost(userId, postId);
  assertEditable(post);
  return post;
}

export function assertEditable(post: { status: string; deliveries: { status: string }[] }): void {
  if (post.status === "published") throw new AppError("post_published", "posts.errors.alreadyPublished");
  if (isBeingPublished(post)) throw beingPublished();
}

function isBeingPublished(post: { status: string; deliveries: { status: string }[] }): boolean {
  return post.status === "publishing" || post.deliveries.some((delivery) => delivery.status === "publishing");
}

const beingPublished = () => new AppError("post_publishing", "posts.errors.beingPublished");

export async function listPosts(userId: string, filter: PostFilter, page: number, pageSize: number) {
  const db = getDb();
  const where = { userId, ...statusWhere(filter) };
  const [posts, total] = await Promise.all([
    db.post.findMany({
      where,
      include: postInclude,
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      skip: (page - 1) * pageSize,
      take: pageSize,
    }),
    db.post.count({ where }),
  ]);
  return { posts, total };
}

/**
 * A page of posts as the /posts gallery and list show them: only a card's fields, the start of its
 * texts, its first image and how many it has; one statement (the full texts, every image and the
 * deliveries stay out of the page's data).
 */
export async function listPostCards(userId: string, filter: PostFilter, page: number, pageSize: number): Promise<PostCardRecord[]> {
  // Twice what a card shows, so trimming leading spaces in toPostCardView still leaves enough.
  const cut = CARD_TEXT_LENGTH * 2;
  const rows = await getDb().$queryRaw<
    {
      id: string;
      status: string;
      platforms: string;
      linkedinText: string;
      twitterText: string;
      scheduledAt: Date | string | null;
      publishedAt: Date | string | null;
      createdAt: Date | string;
      composeStep: string | null;
      imageId: string | null;
      altText: string | null;
      width: number | bigint | null;
      height: number | bigint | null;
      imageCount: number | bigint;
    }[]
  >`
    SELECT "Post"."id", "status", "platforms", SUBSTR("linkedinText", 1, ${cut}) AS "linkedinText", SUBSTR("twitterText", 1, ${cut}) AS "twitterText",
      "scheduledAt", "publishedAt", "Post"."createdAt", "composeStep",
      "first"."id" AS "imageId", "first"."altText", "first"."width", "first"."height",
      (SELECT COUNT(*) FROM "Media" WHERE "Media"."postId" = "Post"."id") AS "imageCount"
    FROM "Post"
    LEFT JOIN "Media" "first" ON "first"."id" = (
      SELECT "id" FROM "Media" WHERE "Media"."postId" = "Post"."id" ORDER BY "position", "id" LIMIT 1
    )
    WHERE "Post"."userId" = ${userId} ${statusSql(filter)}
    ORDER BY "Post"."createdAt" DESC, "Post"."id" DESC
    LIMIT ${pageSize} OFFSET ${(page - 1) * pageSize}`;
  return rows.map((row) => ({
    id: row.id,
    status: row.status,
    platforms: row.platforms,
    linkedinText: row.linkedinText,
    twitterText: row.twitterText,
    scheduledAt: rawDate(row.scheduledAt),
    publishedAt: rawDate(row.publishedAt),
    createdAt: rawDate(row.createdAt),
    composeStep: row.composeStep,
    media: row.imageId === null ? [] : [{ id: row.imageId, altText: row.altText ?? "", width: rawNumber(row.width ?? 0), height: rawNumber(row.height ?? 0) }],
    _count: { media: rawNumber(row.imageCount) },
  }));
}

/** How many posts each filter holds, from one grouped count. */
export async function countPostsByFilter(userId: string): Promise<Record<PostFilter, number>> {
  // Raw: a Prisma groupBy costs about twice the statement (it is on every /posts page).
  const groups = await getDb().$queryRaw<{ status: string; count: number | bigint }[]>`
    SELECT "status", COUNT(*) AS "count" FROM "Post" WHERE "userId" = ${userId} GROUP BY "status"`;
  const of = (status: string) => rawNumber(groups.find((g) => g.status === status)?.count ?? 0);
  const counts = {
    draft: of("draft"),
    pending: of("scheduled") + of("publishing"),
    published: of("published"),
    failed: of("failed"),
  };
  return { all: counts.draft + counts.pending + counts.published + counts.failed, ...counts };
}

/** The same filters as statusWhere, as SQL for the statements Prisma cannot express. */
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
 * how many it holds. One statement: the database numbers and counts the posts of each day, so a busy
 * month sends a few rows per day instead of all of them, and only the start of each text.
 */
export async function calendarPosts(
  userId: string,
  dayStarts: readonly Date[],
  filter: PostFilter,
  perDay: number,
  textLength: number,
): Promise<CalendarRow[]> {
  if (dayStarts.length < 2) return [];
  const start = dayStarts[0]!;
  const end = dayStarts.at(-1)!;
  // Day numbers are written into the statement (they are ours, and a parameter in a THEN branch
  // has no type PostgreSQL can infer); the instants are parameters. One day needs no CASE (and a
  // CASE without a WHEN is not SQL).
  const dayOf =
    dayStarts.length > 2
      ? sql`CASE ${joinSql(
          dayStarts.slice(1, -1).map((next, index) => sql`WHEN "at" < ${next} THEN ${raw(String(index))}`),
          " ",
        )} ELSE ${raw(String(dayStarts.length - 2))} END`
      : raw("0");
  // Days are numbered and counted on the post's id and time alone; only the posts shown are then
  // read in full (the texts, cut by the database).
  const rows = await getDb().$queryRaw<
    { id: string; status: string; platforms: string; text: string; at: Date | string; day: number | bigint; dayTotal: number | bigint }[]
  >`
    SELECT "Post"."id", "status", "platforms",
      SUBSTR(CASE WHEN "linkedinText" <> '' THEN "linkedinText" ELSE "twitterText" END, 1, ${textLength}) AS "text",
      "at", "day", "dayTotal"
    FROM (
      SELECT "id", "at", "day", ROW_NUMBER() OVER (PARTITION BY "day" ORDER BY "at", "id") AS "rank", COUNT(*) OVER (PARTITION BY "day") AS "dayTotal"
      FROM (
        SELECT "id", "at", ${dayOf} AS "day"
        FROM (
          SELECT "id", COALESCE("publishedAt", "scheduledAt") AS "at"
          FROM "Post"
          WHERE "userId" = ${userId} ${statusSql(filter)}
            AND (("publishedAt" >= ${start} AND "publishedAt" < ${end}) OR ("publishedAt" IS NULL AND "scheduledAt" >= ${start} AND "scheduledAt" < ${end}))
        ) "timed"
      ) "placed"
    ) "ranked"
    JOIN "Post" ON "Post"."id" = "ranked"."id"
    WHERE "rank" <= ${perDay}
    ORDER BY "at", "Post"."id"`;
  return rows.map((row) => ({
    id: row.id,
    status: row.status,
    platforms: row.platforms,
    text: row.text,
    at: new Date(row.at),
    day: Number(row.day),
    dayTotal: Number(row.dayTotal),
  }));
}

export interface NewPost {
  platforms: Platform[];
  linkedinText?: string;
  twitterText?: string;
  source?: "manual" | "ai";
  composeStep?: string | null;
}

export async function createPost(userId: string, input: NewPost): Promise<PostRecord> {
  return getDb().post.create({
    data: {
      userId,
      platforms: serializePlatforms(input.platforms),
      linkedinText: input.linkedinText ?? "",
      twitterText: input.twitterText ?? "",
      source: input.source ?? "manual",
      composeStep: input.composeStep ?? null,
    },
    include: postInclude,
  });
}

export interface PostChanges {
  platforms?: Platform[];
  linkedinText?: string;
  twitterText?: string;
  source?: "manual" | "ai";
  aiPrompt?: string | null;
  aiEmojis?: boolean;
  aiHashtags?: boolean;
  composeStep?: string | null;
}

/**
 * Changes a post that is not published. A scheduled post must stay publishable: its new content is
 * checked against the platforms' rules, and its deliveries follow its platforms.
 */
export async function updatePost(userId: string, postId: string, changes: PostChanges): Promise<PostRecord> {
  const db = getDb();
  const post = await getEditablePost(userId, postId);
  const platforms = changes.platforms ?? parsePlatforms(post.platforms);
  if (post.status === "scheduled") {
    const problem = schedulingProblem(
      { platforms, linkedinText: changes.linkedinText ?? post.linkedinText, twitterText: changes.twitterText ?? post.twitterText },
      post.media,
      await usablePlatforms(userId),
    );
    if (problem) throw problem;
  }
  const { count } = await db.post.updateMany({
    where: { id: postId, userId, status: { in: EDITABLE }, ...NOTHING_IN_FLIGHT },
    data: { ...changes, platforms: serializePlatforms(platforms) },
  });
  if (count === 0) throw beingPublished();
  if (post.status === "scheduled" && changes.platforms && post.scheduledAt) await syncDeliveries(postId, platforms, post.scheduledAt);
  return getOwnPost(userId, postId);
}

/** One pending delivery per chosen platform; published ones are kept, so nothing posts twice. */
async function syncDeliveries(postId: string, platforms: Platform[], dueAt: Date): Promise<void> {
  const db = getDb();
  await db.$transaction([
    db.delivery.deleteMany({ where: { postId, platform: { notIn: platforms }, status: { notIn: ["published", "publishing"] } } }),
    ...platforms.map((platform) =>
      db.delivery.upsert({
        where: { postId_platform: { postId, platform } },
        create: { postId, platform, status: "pending", nextAttemptAt: dueAt },
        update: {},
      }),
    ),
    db.delivery.updateMany({
      where: { postId, status: { in: ["pending", "failed"] } },
      data: { status: "pending", nextAttemptAt: dueAt, attempts: 0, errorCode: null, lastError: null, leaseUntil: null },
    }),
  ]);
}

export interface ScheduleOptions {
  /** "Publish now": due at once, without the one-minute lead a chosen time needs. */
  now?: boolean;
}

/**
 * Schedules (or reschedules, or retries) a post after checking everything the platforms will check:
 * texts and their limits, images, and that each platform is connected. Problems show now, not at
 * publishing time. Then the free plan's monthly limit.
 */
export async function schedulePost(userId: string, postId: string, at: Date, options: ScheduleOptions = {}): Promise<PostRecord> {
  const db = getDb();
  const post = await getEditablePost(userId, postId);
  if (!options.now) {
    const timing = checkScheduleTime(at);
    if (timing === "past") throw new AppError("time_in_past", "posts.errors.timePast", { fields: { scheduledAt: "posts.errors.timePast" } });
    if (timing === "too_soon") {
      throw new AppError("time_too_soon", "posts.errors.timeTooSoon", { fields: { scheduledAt: "posts.errors.timeTooSoon" } });
    }
  }
  const platforms = parsePlatforms(post.platforms);
  const problem = schedulingProblem(post, post.media, await usablePlatforms(userId));
  if (problem) throw problem;
  await assertWithinScheduledPostLimit(userId, postId, at);
  const { count } = await db.post.updateMany({
    where: { id: postId, userId, status: { in: EDITABLE }, ...NOTHING_IN_FLIGHT },
    data: { status: "scheduled", scheduledAt: at, composeStep: null, errorCode: null, errorMessage: null },
  });
  if (count === 0) throw beingPublished();
  await syncDeliveries(postId, platforms, at);
  trackEventFor(userId, "post scheduled", { post_id: postId, platforms, publish_now: Boolean(options.now), scheduled_at: at.toISOString() });
  return getOwnPost(userId, postId);
}

/** A new post scheduled at once; refused, it leaves nothing behind (the draft made for it goes again). */
export async function createScheduledPost(userId: string, input: NewPost, at: Date): Promise<PostRecord> {
  const draft = await createPost(userId, input);
  try {
    return await schedulePost(userId, draft.id, at);
  } catch (error) {
    await deletePost(userId, draft.id).catch((cleanup: unknown) =>
      logger.error({ err: cleanup, postId: draft.id }, "Could not remove the draft of a refused new post"),
    );
    throw error;
  }
}

export function publishNow(userId: string, postId: string): Promise<PostRecord> {
  return schedulePost(userId, postId, new Date(), { now: true });
}

/** Leaves the wizard keeping the post as a draft (a scheduled post keeps its schedule). */
export async function finishComposing(userId: string, postId: string): Promise<void> {
  await getDb().post.updateMany({ where: { id: postId, userId }, data: { composeStep: null } });
}

/** A new draft with the same texts, platforms and images, opened in the wizard's review step. */
export async function duplicatePost(userId: string, postId: string): Promise<PostRecord> {
  const post = await getOwnPost(userId, postId);
  const copy = await getDb().post.create({
    data: {
      userId,
      platforms: post.platforms,
      linkedinText: post.linkedinText,
      twitterText: post.twitterText,
      source: post.source,
      aiPrompt: post.aiPrompt,
      aiEmojis: post.aiEmojis,
      aiHashtags: post.aiHashtags,
      composeStep: "review",
    },
  });
  await copyPostImages(userId, post.media, copy.id);
  return getOwnPost(userId, copy.id);
}

/** Deletes a post, its deliveries and its images (files included). Not while it is being published. */
export async function deletePost(userId: string, postId: string): Promise<void> {
  const db = getDb();
  const post = await getOwnPost(userId, postId);
  if (isBeingPublished(post)) throw beingPublished();
  const { count } = await db.post.deleteMany({ where: { id: postId, userId, status: { not: "publishing" }, ...NOTHING_IN_FLIGHT } });
  if (count === 0) throw beingPublished();
  await deleteStoredImages(post.media);
}

/** The latest post a user left in the middle of the wizard, to offer to continue it. */
export async function latestComposingPost(userId: string) {
  return getDb().post.findFirst({
    where: { userId, composeStep: { not: null }, status: { in: EDITABLE } },
    orderBy: { updatedAt: "desc" },
    select: { id: true, composeStep: true, updatedAt: true, linkedinText: true, twitterText: true },
  });
}
