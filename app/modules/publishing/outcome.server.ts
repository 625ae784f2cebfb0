import { trackPostsPublished } from "~/modules/analytics/server-events.server";
import { markNeedsReconnect } from "~/modules/connections/access-token.server";
import { getDb } from "~/modules/db/db.server";
import { postFailedEventWrites, postPublishedEventWrites } from "~/modules/webhook-events/emit.server";
import { logger } from "~/core/logger/logger.server";
import type { NetworkId } from "~/core/platforms/platforms";
import type { Outcome } from "./failures.server";
import { batcher } from "~/core/batching/batcher";
import { notifyPublishFailed } from "./notify.server";
import { recordPartFailure } from "./part-rows.server";
import { markPublished, type Published, type PublishedItem } from "./published-rows.server";

// Writes the end of an attempt. Every write is conditional on the worker still holding the lease:
// a worker that lost it (lease expired, taken over) cannot overwrite the newer truth.

function held(deliveryId: string, workerId: string) {
  return { id: deliveryId, status: "publishing", leaseOwner: workerId };
}

const released = { leaseOwner: null, leaseUntil: null };

/**
 * Records a delivery as published (if this worker still holds it) and settles its post. Deliveries
 * finishing within a few milliseconds of each other are recorded by one statement, each row still
 * conditional on its own lease (see markPublished). `postId`, when the caller knows it, saves looking it up.
 */
export function recordPublished(deliveryId: string, workerId: string, result: Published & Pick<PublishedItem, "lastPart">, postId?: string): Promise<void> {
  const { lastPart, ...published } = result;
  return recordPublishedTogether({ deliveryId, workerId, result: published, lastPart, postId });
}

const recordPublishedTogether = batcher(
  async (items: (PublishedItem & { postId?: string })[]) => {
    const db = getDb();
    const written = await markPublished(items, new Date());
    const recorded = items.filter((item) => written.has(item.deliveryId));
    const unknown = recorded.filter((item) => !item.postId).map((item) => item.deliveryId);
    const looked = unknown.length > 0 ? await db.delivery.findMany({ where: { id: { in: unknown } }, select: { postId: true } }) : [];
    // The deliveries are recorded: a failure to settle their posts now is not theirs (a periodic
    // publisher sweep settles the posts, see stranded.server.ts).
    await settlePosts([...recorded.flatMap((item) => (item.postId ? [item.postId] : [])), ...looked.map((row) => row.postId)]).catch((error: unknown) =>
      logger.error({ err: error }, "Could not settle published posts"),
    );
    return items.map(() => undefined);
  },
  { delayMs: 10, max: 100 },
);

export async function recordFailure(
  delivery: { id: string; platform: NetworkId; postId: string; targetId: string },
  workerId: string,
  outcome: Outcome,
  context: {
    userId: string | null;
    /**
     * This attempt's own create request was refused with certainty and no earlier attempt was
     * uncertain: nothing can exist on the platform, so a later retry may post afresh. Otherwise
     * (the attempt failed before posting, e.g. while looking for an earlier post) sentAt is kept and
     * the next attempt, even a manual one, reconciles first.
     */
    nothingCreated?: boolean;
    /** The part the attempt failed on, when it got as far as one. */
    partId?: string | null;
  },
): Promise<void> {
  const db = getDb();
  const message = outcome.message.slice(0, 1000);
  let data;
  switch (outcome.kind) {
    case "retry":
    case "uncertain":
      // sentAt is left as it is: after an uncertain attempt the next one looks for the post first.
      data = { status: "pending", nextAttemptAt: outcome.at, errorCode: outcome.code, lastError: message, ...released };
      break;
    case "reconnect":
      data = {
        status: "failed",
        errorCode: outcome.code === "not_connected" ? "not_connected" : "needs_reconnect",
        lastError: message,
        nextAttemptAt: null,
        ...(context.nothingCreated ? { sentAt: null } : {}),
        ...released,
      };
      break;
    case "fail":
      // A refusal of the create request is certain (nothing was created): a later retry posts
      // afresh. Not so for "uncertain", nor after an earlier uncertain attempt (see nothingCreated).
      data = {
        status: "failed",
        errorCode: outcome.code,
        lastError: message,
        nextAttemptAt: null,
        ...(context.nothingCreated && outcome.code !== "uncertain" ? { sentAt: null } : {}),
        ...released,
      };
      break;
  }
  const { count } = await db.delivery.updateMany({ where: held(delivery.id, workerId), data });
  if (count === 0) return;
  if (context.partId) {
    const final = outcome.kind === "fail" || outcome.kind === "reconnect";
    const nothingCreated = Boolean(context.nothingCreated) && outcome.code !== "uncertain";
    await recordPartFailure(delivery.id, context.partId, { final, code: outcome.code, message, nothingCreated });
  }
  if (outcome.kind === "reconnect" && context.userId && outcome.code !== "not_connected") {
    const target = await db.postTarget.findUnique({ where: { id: delivery.targetId }, select: { channelId: true } });
    if (target?.channelId) await markNeedsReconnect(target.channelId, message);
  }
  await settlePostOf(delivery.postId);
}

type PostStatus = "scheduled" | "publishing" | "published" | "failed";

/**
 * A post's status from its deliveries: published when all are; failed once one failed for good and
 * none is still to do (pending or being sent), so the user is told once, when it is over, and the
 * post cannot be edited or deleted while a sibling is still on its way.
 */
export function postStatusOf(deliveries: { status: string; attempts: number }[]): PostStatus {
  if (deliveries.length > 0 && deliveries.every((d) => d.status === "published")) return "published";
  const unfinished = deliveries.some((d) => d.status === "pending" || d.status === "publishing");
  if (!unfinished) return deliveries.some((d) => d.status === "failed") ? "failed" : "scheduled";
  // Still to do: being published once any delivery has been tried (or is over), else not yet due.
  const started = deliveries.some((d) => d.status !== "pending" || d.attempts > 0);
  return started ? "publishing" : "scheduled";
}

/**
 * settlePostOf() for several posts, with one read of their deliveries: posts now published are
 * written together (that status is final); the rare others are settled one by one.
 */
async function settlePosts(postIds: string[]): Promise<void> {
  const ids = [...new Set(postIds)];
  if (ids.length === 0) return;
  const db = getDb();
  const rows = await db.delivery.findMany({ where: { postId: { in: ids } }, select: { postId: true, status: true, attempts: true, publishedAt: true } });
  const publishedAt = new Map<number, string[]>();
  const others: string[] = [];
  for (const postId of ids) {
    const deliveries = rows.filter((row) => row.postId === postId);
    if (postStatusOf(deliveries) === "published") {
      const at = Math.max(...deliveries.map((d) => d.publishedAt?.getTime() ?? 0));
      publishedAt.set(at, [...(publishedAt.get(at) ?? []), postId]);
    } else {
      others.push(postId);
    }
  }
  for (const [at, postIdsAt] of publishedAt) {
    // Their post.published events in the same transaction (one per post, ever: a post another
    // settling made published has its event already).
    const [settled] = await db.$transaction([
      db.post.updateManyAndReturn({
        where: { id: { in: postIdsAt }, status: { in: ["scheduled", "publishing", "failed"] } },
        data: { status: "published", publishedAt: new Date(at), errorCode: null, errorMessage: null },
        select: { id: true },
      }),
      ...postPublishedEventWrites(postIdsAt),
    ]);
    trackPostsPublished(settled.map((post) => post.id));
  }
  // Usually a post whose other delivery is still under way: already "publishing", nothing to write.
  if (others.length === 0) return;
  const current = await db.post.findMany({ where: { id: { in: others } }, select: { id: true, status: true } });
  for (const post of current) {
    if (post.status !== postStatusOf(rows.filter((row) => row.postId === post.id))) await settlePostOf(post.id);
  }
}

const SETTLED_FROM = ["scheduled", "publishing", "failed"];

/**
 * Brings the post's status in line with its deliveries; true when it wrote it. Two deliveries of
 * one post may finish at the same moment, and a write based on an older read could undo a newer
 * one: so each write is conditional on the status it read, and whoever loses reads again. Nothing
 * is written when the post already shows what its deliveries say.
 */
export async function settlePostOf(postId: string): Promise<boolean> {
  const db = getDb();
  for (let round = 0; round < 5; round++) {
    const post = await db.post.findUnique({
      where: { id: postId },
      select: { status: true, publishedAt: true, failures: true, deliveries: { select: { status: true, attempts: true, publishedAt: true, platform: true } } },
    });
    // Published is final (every delivery is), and a draft has nothing being published.
    if (!post || !SETTLED_FROM.includes(post.status)) return false;
    const { deliveries } = post;
    const status = postStatusOf(deliveries);
    if (post.status === status) return false;
    const data =
      status === "failed"
        ? {
            status,
            errorCode: "delivery_failed",
            errorMessage: deliveries
              .filter((d) => d.status === "failed")
              .map((d) => d.platform)
              .join(","),
          }
        : status === "published"
          ? { status, publishedAt: new Date(Math.max(...deliveries.map((d) => d.publishedAt?.getTime() ?? 0))), errorCode: null, errorMessage: null }
          : { status };
    // The webhook event is written with the status it tells of (docs/decisions/0079): a racer that
    // read the same status writes the same event id, which then exists.
    const failures = post.failures + 1;
    const [{ count }] = await db.$transaction([
      db.post.updateMany({ where: { id: postId, status: post.status }, data: status === "failed" ? { ...data, failures: { increment: 1 } } : data }),
      ...(status === "failed" ? postFailedEventWrites([{ id: postId, failures }]) : status === "published" ? postPublishedEventWrites([postId]) : []),
    ]);
    if (count === 0) continue;
    // Only the write that made it failed tells the user, once.
    if (status === "failed") await notifyPublishFailed(postId);
    if (status === "published") trackPostsPublished([postId]);
    return true;
  }
  return false;
}
