import { trackEventFor } from "~/modules/analytics/server-events.server";
import { channelRefs, usableChannelIds, usableNetworks } from "~/modules/connections/connection.server";
import { getDb, type Prisma } from "~/modules/db/db.server";
import { isRecordId, newRecordId } from "~/modules/db/ids";
import { inTransaction, type Tx } from "~/modules/db/transaction.server";
import { AppError } from "~/modules/errors/app-error";
import { logger } from "~/core/logger/logger.server";
import { copyPostImages, deleteStoredImages } from "./post-images.server";
import { isPlatform, parseNetworks, parsePlatforms, type Platform } from "~/core/platforms/platforms";
import { postInclude, type PostRecord } from "./post-view.server";
import type { PostFilter } from "./schemas";
import { assertWithinScheduledPostLimit, scheduledPostLimitApplies } from "./plan-limit.server";
import { checkScheduleTime } from "./schedule-time";
import { schedulingProblem, textsAreVersion1 } from "./scheduling-rules";
import { applyLegacyContent, insertNewPosts, toTargetInputs, writeTargets, type LegacyContent, type NewPostRows, type TargetInput } from "./targets.server";
import { partsProblem, resolveTargets, targetsProblem, type TargetRequest } from "./post-targets.server";
import { UNFETCHED_PART, UNFETCHED_TARGET } from "./post-metrics";
import { asActor, type Actor, type ActorRef, requireCan } from "~/modules/workspaces/owner";

export type PostStatus = "draft" | "scheduled" | "publishing" | "published" | "failed";

/** Statuses in which a post may still be changed (its text, platforms, images or time). */
const EDITABLE: PostStatus[] = ["draft", "scheduled", "failed"];
/**
 * A publisher claims a delivery a moment before the post itself says "publishing": every change is
 * also conditional on no delivery being in flight, in the same statement as the change.
 */
const NOTHING_IN_FLIGHT = { deliveries: { none: { status: "publishing" } } };

const notFound = () => new AppError("not_found", "posts.errors.notFound");

export function statusWhere(filter: PostFilter) {
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

/** A post of the actor's workspace, or 404 (also when it belongs to another workspace: nothing is revealed). */
export async function getOwnPost(by: ActorRef, postId: string): Promise<PostRecord> {
  const actor = asActor(by);
  if (!isRecordId(postId)) throw notFound();
  const post = await getDb().post.findFirst({ where: { id: postId, workspaceId: actor.workspaceId }, include: postInclude });
  if (!post) throw notFound();
  return post;
}

/** As getOwnPost, refusing posts that are being published or already are (409). */
export async function getEditablePost(by: ActorRef, postId: string): Promise<PostRecord> {
  const actor = requireCan(by, "write");
  const post = await getOwnPost(actor, postId);
  assertEditable(post);
  assertWriterDraft(actor, post);
  return post;
}

/** A writer changes drafts only: what is scheduled is an editor's (docs/decisions/0084). */
function assertWriterDraft(actor: Actor, post: { status: string }): void {
  if (actor.role === "writer" && post.status !== "draft") throw new AppError("forbidden", "workspaces.errors.writerDraftsOnly");
}

export function assertEditable(post: { status: string; deliveries: { status: string }[] }): void {
  if (post.status === "published") throw new AppError("post_published", "posts.errors.alreadyPublished");
  if (isBeingPublished(post)) throw beingPublished();
}

function isBeingPublished(post: { status: string; deliveries: { status: string }[] }): boolean {
  return post.status === "publishing" || post.deliveries.some((delivery) => delivery.status === "publishing");
}

const beingPublished = () => new AppError("post_publishing", "posts.errors.beingPublished");

export async function listPosts(by: ActorRef, filter: PostFilter, page: number, pageSize: number) {
  const actor = asActor(by);
  const db = getDb();
  const where = { workspaceId: actor.workspaceId, ...statusWhere(filter) };
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

export interface NewPost {
  platforms: Platform[];
  linkedinText?: string;
  twitterText?: string;
  source?: "manual" | "ai";
  composeStep?: string | null;
}

export async function createPost(by: ActorRef, input: NewPost): Promise<PostRecord> {
  const actor = requireCan(by, "write");
  const kept = { linkedinText: input.linkedinText, twitterText: input.twitterText };
  const targets = applyLegacyContent([], input, await channelRefs(actor.workspaceId), kept);
  const postId = await inTransaction(async (tx) => {
    const post = await tx.post.create({
      data: { userId: actor.userId, workspaceId: actor.workspaceId, source: input.source ?? "manual", composeStep: input.composeStep ?? null },
      select: { id: true },
    });
    await writeTargets(tx, post.id, targets, kept);
    return post.id;
  });
  return getOwnPost(actor, postId);
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
export async function updatePost(by: ActorRef, postId: string, changes: PostChanges): Promise<PostRecord> {
  const actor = requireCan(by, "write");
  const post = await getEditablePost(actor, postId);
  // A version 1 change names only the version 1 pair: targets of other networks stay.
  const platforms = [...(changes.platforms ?? parsePlatforms(post.platforms)), ...parseNetworks(post.platforms).filter((network) => !isPlatform(network))];
  if (post.status === "scheduled") {
    const problem = schedulingProblem(
      { platforms, linkedinText: changes.linkedinText ?? post.linkedinText, twitterText: changes.twitterText ?? post.twitterText },
      post.media,
      await usableNetworks(actor.workspaceId),
    );
    if (problem) throw problem;
  }
  const { linkedinText, twitterText, platforms: _platforms, ...rest } = changes;
  // updatedAt always: an update with nothing to write would count no row, and read as "being published".
  const data = { ...rest, updatedAt: new Date() };
  const content: LegacyContent = { platforms: changes.platforms, linkedinText, twitterText };
  const contentChanged = Object.values(content).some((value) => value !== undefined);
  const kept = { linkedinText: linkedinText ?? post.linkedinText, twitterText: twitterText ?? post.twitterText };
  const targets = contentChanged ? applyLegacyContent(toTargetInputs(post.targets), content, await channelRefs(actor.workspaceId), kept) : null;
  const { scheduledAt } = post;
  await inTransaction(async (tx) => {
    await changeEditablePost(tx, actor.workspaceId, postId, data);
    if (targets) await writeTargets(tx, postId, targets, kept);
    if (post.status === "scheduled" && targets && scheduledAt) await syncDeliveries(tx, postId, scheduledAt);
  });
  return getOwnPost(actor, postId);
}

/** Changes a post unless it was published or a delivery of it is in flight (then 409), in one statement. */
async function changeEditablePost(db: Tx, workspaceId: string, postId: string, data: Prisma.PostUpdateManyMutationInput): Promise<void> {
  const { count } = await db.post.updateMany({ where: { id: postId, workspaceId, status: { in: EDITABLE }, ...NOTHING_IN_FLIGHT }, data });
  if (count === 0) throw beingPublished();
}

/**
 * One pending delivery per target, due at `dueAt`; published ones are kept, so nothing posts twice
 * (a removed target's delivery went with it, unless it had a live part: then both stay). Runs in the transaction that changed the post, after it (docs/decisions/0042): a
 * publisher that claimed a delivery at its old time in between (on PostgreSQL a claim does not wait
 * for the post's row) is seen here, and the whole change is refused rather than half made.
 */
async function syncDeliveries(tx: Tx, postId: string, dueAt: Date): Promise<void> {
  const targets = await tx.postTarget.findMany({ where: { postId, delivery: null }, select: { id: true, network: true } });
  if (targets.length > 0) {
    await tx.delivery.createMany({ data: targets.map((target) => pendingDelivery(postId, target, dueAt)) });
  }
  await tx.delivery.updateMany({
    where: { postId, status: { in: ["pending", "failed"] } },
    data: { status: "pending", nextAttemptAt: dueAt, attempts: 0, errorCode: null, lastError: null, leaseUntil: null },
  });
  if ((await tx.delivery.count({ where: { postId, status: "publishing" } })) > 0) throw beingPublished();
}

/** The delivery a scheduled post's target waits in, due at `dueAt`. */
function pendingDelivery(postId: string, target: { id: string; network: string }, dueAt: Date) {
  return { postId, targetId: target.id, platform: target.network, status: "pending", nextAttemptAt: dueAt };
}

/**
 * New posts written together inside the caller's transaction (the CSV import): drafts, and posts
 * scheduled at a time the caller checked (its lead, the plan's limit, the queue), each with the
 * deliveries schedulePost gives it. Their ids are chosen here; answered in the order given.
 */
export async function insertPostsInTransaction(
  tx: Tx,
  by: ActorRef,
  posts: readonly { targets: readonly TargetInput[]; scheduledAt: Date | null }[],
): Promise<string[]> {
  const actor = asActor(by);
  const rows: NewPostRows[] = posts.map((post) => ({
    id: newRecordId(),
    status: post.scheduledAt ? "scheduled" : "draft",
    scheduledAt: post.scheduledAt,
    targets: post.targets.map((target) => ({ ...target, id: newRecordId() })),
  }));
  await insertNewPosts(tx, actor, rows);
  const deliveries = rows.flatMap((row) => (row.scheduledAt ? row.targets.map((target) => pendingDelivery(row.id, target, row.scheduledAt!)) : []));
  if (deliveries.length > 0) await tx.delivery.createMany({ data: deliveries });
  return rows.map((row) => row.id);
}

/** Posts of the actor's workspace by id, in the order of `ids` (those of other workspaces left out). */
export async function getOwnPosts(by: ActorRef, ids: readonly string[]): Promise<PostRecord[]> {
  const actor = asActor(by);
  const posts = await getDb().post.findMany({ where: { workspaceId: actor.workspaceId, id: { in: [...ids] } }, include: postInclude });
  const byId = new Map(posts.map((post) => [post.id, post]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/**
 * Moves a scheduled post to another time inside the caller's transaction (the queue's shuffle and
 * "move to top", docs/decisions/0070): the post and its deliveries together, as scheduling writes
 * them. A post no longer scheduled, or with a delivery in flight, is a 409 and the caller's whole
 * transaction is undone. The caller has checked the time (a slot ahead, held by another queued post).
 */
export async function moveScheduledPost(tx: Tx, workspaceId: string, postId: string, at: Date): Promise<void> {
  const { count } = await tx.post.updateMany({ where: { id: postId, workspaceId, status: "scheduled", ...NOTHING_IN_FLIGHT }, data: { scheduledAt: at } });
  if (count === 0) throw beingPublished();
  await syncDeliveries(tx, postId, at);
}

export interface ScheduleOptions {
  /** "Publish now": due at once, without the one-minute lead a chosen time needs. */
  now?: boolean;
  /** A retry: the failed parts become pending again, in the same transaction. */
  retry?: boolean;
}

/**
 * Schedules (or reschedules, or retries) a post after checking everything the platforms will check:
 * texts and their limits, images, and that each platform is connected. Problems show now, not at
 * publishing time. Then the free plan's monthly limit, checked in the transaction that schedules.
 */
export async function schedulePost(by: ActorRef, postId: string, at: Date, options: ScheduleOptions = {}): Promise<PostRecord> {
  const actor = requireCan(by, "publish");
  const post = await getEditablePost(actor, postId);
  if (!options.now) assertScheduleTime(at);
  return scheduleChecked(actor, post, async () => at, options);
}

/**
 * Chooses a post's time inside the transaction that schedules it (the queue, docs/decisions/0066).
 * `choose` must start with a write (a lockRow): the time it reads as free stays free until the
 * transaction ends. The post is checked as schedulePost checks it, and the time must be ahead.
 */
export type TimeChooser = (tx: Tx, post: PostRecord) => Promise<Date>;

export async function schedulePostAtChosenTime(by: ActorRef, postId: string, choose: TimeChooser): Promise<PostRecord> {
  const actor = requireCan(by, "publish");
  const post = await getEditablePost(actor, postId);
  return scheduleChecked(actor, post, async (tx) => {
    const at = await choose(tx, post);
    assertScheduleTime(at);
    return at;
  });
}

function assertScheduleTime(at: Date): void {
  const timing = checkScheduleTime(at);
  if (timing === "past") throw new AppError("time_in_past", "posts.errors.timePast", { fields: { scheduledAt: "posts.errors.timePast" } });
  if (timing === "too_soon") {
    throw new AppError("time_too_soon", "posts.errors.timeTooSoon", { fields: { scheduledAt: "posts.errors.timeTooSoon" } });
  }
}

async function scheduleChecked(actor: Actor, post: PostRecord, timeIn: (tx: Tx) => Promise<Date>, options: ScheduleOptions = {}): Promise<PostRecord> {
  const postId = post.id;
  const platforms = parseNetworks(post.platforms);
  // A post the version 1 fields do not say whole (threads, several accounts of a network) has its
  // texts checked part by part first, so that the error names the target and part at fault.
  const byParts = !textsAreVersion1(post.targets);
  const problem =
    (byParts ? partsProblem(post) : null) ??
    schedulingProblem(post, post.media, await usableNetworks(actor.workspaceId), { texts: !byParts }) ??
    targetsProblem(post, await usableChannelIds(actor.workspaceId));
  if (problem) throw problem;
  const limited = await scheduledPostLimitApplies(actor.userId);
  // The time (when chosen here), the limit's check, the post and its deliveries: one transaction, all or nothing.
  const at = await inTransaction(async (tx) => {
    const at = await timeIn(tx);
    if (limited) await assertWithinScheduledPostLimit(tx, actor.userId, postId, at);
    await changeEditablePost(tx, actor.workspaceId, postId, { status: "scheduled", scheduledAt: at, composeStep: null, errorCode: null, errorMessage: null });
    if (options.retry) {
      await tx.postPart.updateMany({ where: { target: { postId }, status: "failed" }, data: { status: "pending", errorCode: null, lastError: null } });
    }
    await syncDeliveries(tx, postId, at);
    return at;
  });
  trackEventFor(actor.userId, "post scheduled", { post_id: postId, platforms, publish_now: Boolean(options.now), scheduled_at: at.toISOString() });
  return getOwnPost(actor, postId);
}

/**
 * Replaces a post's targets (channels and their parts, the version 2 API and the composer). A
 * scheduled post must stay publishable: the new targets are checked first, and its deliveries
 * follow them in the same transaction.
 */
export async function setPostTargets(by: ActorRef, postId: string, requests: readonly TargetRequest[]): Promise<PostRecord> {
  const actor = requireCan(by, "write");
  const post = await getEditablePost(actor, postId);
  const targets = await resolveTargets(
    actor.workspaceId,
    requests,
    post.media.map((m) => m.id),
  );
  if (post.status === "scheduled") {
    const problem = targetsProblem(await previewTargets(post, targets), await usableChannelIds(actor.workspaceId));
    if (problem) throw problem;
  }
  const { scheduledAt } = post;
  await inTransaction(async (tx) => {
    await changeEditablePost(tx, actor.workspaceId, postId, { updatedAt: new Date() });
    await writeTargets(tx, postId, targets, { linkedinText: post.linkedinText, twitterText: post.twitterText });
    if (post.status === "scheduled" && scheduledAt) await syncDeliveries(tx, postId, scheduledAt);
  });
  return getOwnPost(actor, postId);
}

/** What previewTargets reads of a target's channel (the channel a post record includes). */
export const previewChannelSelect = {
  id: true,
  network: true,
  kind: true,
  displayName: true,
  handle: true,
  avatarKey: true,
  status: true,
  limitsJson: true,
} as const;

export type PreviewChannel = PostRecord["targets"][number]["channel"] & {};

/** A post's targets as they would read once `targets` are written (to check them before writing). */
export async function previewTargets(post: Pick<PostRecord, "id" | "media">, targets: readonly TargetInput[]): Promise<Pick<PostRecord, "targets" | "media">> {
  const channels = await getDb().channel.findMany({
    where: { id: { in: targets.flatMap((t) => (t.channelId ? [t.channelId] : [])) } },
    select: previewChannelSelect,
  });
  return targetsAsWritten(post, targets, channels);
}

/** previewTargets with the channels already read (the CSV import checks hundreds of rows with one read). */
export function targetsAsWritten(
  post: Pick<PostRecord, "id" | "media">,
  targets: readonly TargetInput[],
  channels: readonly PreviewChannel[],
): Pick<PostRecord, "targets" | "media"> {
  const now = new Date();
  return {
    media: post.media,
    targets: targets.map((target, t) => ({
      id: `preview-${t}`,
      postId: post.id,
      channelId: target.channelId,
      network: target.network,
      position: t + 1,
      createdAt: now,
      updatedAt: now,
      channel: channels.find((c) => c.id === target.channelId) ?? null,
      delivery: null,
      parts: target.parts.map((part, p) => ({
        id: `preview-${t}-${p}`,
        targetId: `preview-${t}`,
        position: p + 1,
        text: part.text,
        mediaIds: (part.mediaIds ?? []).join(","),
        status: "pending",
        externalId: null,
        url: null,
        errorCode: null,
        lastError: null,
        sentAt: null,
        sendKey: null,
        publishedAt: null,
        createdAt: now,
        updatedAt: now,
        ...UNFETCHED_PART,
      })),
      ...UNFETCHED_TARGET,
    })),
  };
}

/** A new post with targets (a draft; the version 2 API and the composer). */
export async function createPostWithTargets(by: ActorRef, requests: readonly TargetRequest[], source: "manual" | "ai" = "manual"): Promise<PostRecord> {
  const actor = requireCan(by, "write");
  const targets = await resolveTargets(actor.workspaceId, requests, []);
  const postId = await inTransaction(async (tx) => {
    const post = await tx.post.create({ data: { userId: actor.userId, workspaceId: actor.workspaceId, source }, select: { id: true } });
    await writeTargets(tx, post.id, targets);
    return post.id;
  });
  return getOwnPost(actor, postId);
}

/** A new post scheduled at once; refused, it leaves nothing behind (the draft made for it goes again). */
export async function createScheduledPost(by: ActorRef, input: NewPost, at: Date): Promise<PostRecord> {
  const actor = requireCan(by, "publish");
  return scheduleNewDraft(actor, await createPost(actor, input), at);
}

/** createScheduledPost for a post given by its targets (the version 2 API). */
export async function createScheduledPostWithTargets(by: ActorRef, requests: readonly TargetRequest[], at: Date): Promise<PostRecord> {
  const actor = requireCan(by, "publish");
  return scheduleNewDraft(actor, await createPostWithTargets(actor, requests), at);
}

/** The version 2 API's new post (POST /api/posts, the MCP tool create_post): a draft, or scheduled at once with `scheduledAt`. */
export function createPostFromTargets(by: ActorRef, input: { targets: readonly TargetRequest[]; scheduledAt?: string }): Promise<PostRecord> {
  const actor = asActor(by);
  return input.scheduledAt === undefined
    ? createPostWithTargets(actor, input.targets)
    : createScheduledPostWithTargets(actor, input.targets, new Date(input.scheduledAt));
}

async function scheduleNewDraft(actor: Actor, draft: PostRecord, at: Date): Promise<PostRecord> {
  try {
    return await schedulePost(actor, draft.id, at);
  } catch (error) {
    await deletePost(actor, draft.id).catch((cleanup: unknown) =>
      logger.error({ err: cleanup, postId: draft.id }, "Could not remove the draft of a refused new post"),
    );
    throw error;
  }
}

export function publishNow(by: ActorRef, postId: string): Promise<PostRecord> {
  const actor = asActor(by);
  return schedulePost(actor, postId, new Date(), { now: true });
}

/**
 * Tries a failed post again, now: its failed deliveries are due at once (published ones stay as
 * they are) and its failed parts are pending again. Parts that went out, or whose fate is unknown,
 * are left alone: the publisher never sends them again. A post that did not fail is a 409.
 */
export async function retryPost(by: ActorRef, postId: string): Promise<PostRecord> {
  const actor = requireCan(by, "publish");
  const post = await getOwnPost(actor, postId);
  if (isBeingPublished(post)) throw beingPublished();
  if (post.status !== "failed") throw new AppError("post_not_failed", "posts.errors.notFailed");
  return schedulePost(actor, postId, new Date(), { now: true, retry: true });
}

/** Leaves the wizard keeping the post as a draft (a scheduled post keeps its schedule). */
export async function finishComposing(by: ActorRef, postId: string): Promise<void> {
  const actor = requireCan(by, "write");
  await getDb().post.updateMany({ where: { id: postId, workspaceId: actor.workspaceId }, data: { composeStep: null } });
}

/** A new draft with the same texts, platforms and images, opened in the wizard's review step. */
export async function duplicatePost(by: ActorRef, postId: string): Promise<PostRecord> {
  const actor = requireCan(by, "write");
  const post = await getOwnPost(actor, postId);
  const copy = await inTransaction(async (tx) => {
    const created = await tx.post.create({
      data: {
        userId: actor.userId,
        workspaceId: actor.workspaceId,
        source: post.source,
        aiPrompt: post.aiPrompt,
        aiEmojis: post.aiEmojis,
        aiHashtags: post.aiHashtags,
        composeStep: "review",
      },
    });
    // Part images name the original's image ids: the copy's parts show all its images with part 1.
    const targets = toTargetInputs(post.targets).map((target) => ({ ...target, parts: target.parts.map((part) => ({ text: part.text })) }));
    await writeTargets(tx, created.id, targets, { linkedinText: post.linkedinText, twitterText: post.twitterText });
    return created;
  });
  await copyPostImages(actor.userId, post.media, copy.id);
  return getOwnPost(actor, copy.id);
}

/** Deletes a post, its deliveries and its images (files included). Not while it is being published. */
export async function deletePost(by: ActorRef, postId: string): Promise<void> {
  const actor = requireCan(by, "write");
  const db = getDb();
  const post = await getOwnPost(actor, postId);
  if (isBeingPublished(post)) throw beingPublished();
  assertWriterDraft(actor, post);
  // A writer's delete is of a draft, checked again in the statement: it may have been scheduled since.
  const onlyDraft = actor.role === "writer" ? { status: "draft" } : { status: { not: "publishing" } };
  const { count } = await db.post.deleteMany({ where: { id: postId, workspaceId: actor.workspaceId, ...onlyDraft, ...NOTHING_IN_FLIGHT } });
  if (count === 0) throw beingPublished();
  await deleteStoredImages(post.media);
}

/** The latest post a user left in the middle of the wizard, to offer to continue it. */
export async function latestComposingPost(by: ActorRef) {
  const actor = asActor(by);
  return getDb().post.findFirst({
    where: { userId: actor.userId, workspaceId: actor.workspaceId, composeStep: { not: null }, status: { in: EDITABLE } },
    orderBy: { updatedAt: "desc" },
    select: { id: true, composeStep: true, updatedAt: true, linkedinText: true, twitterText: true },
  });
}
