import { inTransaction, lockRow, type Tx } from "~/modules/db/transaction.server";
import { AppError } from "~/modules/errors/app-error";
import { getOwnPost, moveScheduledPost } from "~/modules/posts/post.server";
import type { PostRecord } from "~/modules/posts/post-view.server";
import { MIN_LEAD_MS } from "~/modules/posts/schedule-time";
import { movedToTopTimes, shuffledTimes, type QueuedPost } from "./queue-order";
import { isSlotTimeOf } from "./queue-slots";
import { queueZone } from "./queue-zone.server";
import { type ActorRef, requireCan } from "~/modules/workspaces/owner";

// "Shuffle" and "move to top" (docs/decisions/0070): each one transaction under the workspace's row
// lock, the lock addToQueue takes, so they never interleave with an add or with each other.

/**
 * The workspace's queued posts: scheduled (no delivery in flight), at least a minute ahead, every target
 * on a channel, and their time a slot time of every one of those channels. Read under the lock.
 */
export async function queuedPosts(db: Tx, workspaceId: string, now: Date): Promise<QueuedPost[]> {
  // One after another: a transaction's statements share its one connection.
  const slots = await db.queueSlot.findMany({ where: { workspaceId }, select: { channelId: true, weekday: true, time: true } });
  if (slots.length === 0) return [];
  const zone = await queueZone(db, workspaceId);
  const posts = await db.post.findMany({
    where: { workspaceId, status: "scheduled", scheduledAt: { gte: new Date(now.getTime() + MIN_LEAD_MS) }, deliveries: { none: { status: "publishing" } } },
    select: { id: true, scheduledAt: true, targets: { select: { channelId: true } } },
  });
  return posts.flatMap((post) => {
    const channelIds = post.targets.map((target) => target.channelId);
    if (!post.scheduledAt || channelIds.length === 0 || channelIds.some((id) => id === null)) return [];
    const own = channelIds as string[];
    return isSlotTimeOf(slots, own, zone, post.scheduledAt) ? [{ id: post.id, channelIds: own, at: post.scheduledAt.getTime() }] : [];
  });
}

async function applyMoves(tx: Tx, workspaceId: string, moves: Map<string, number>): Promise<void> {
  for (const [postId, at] of moves) await moveScheduledPost(tx, workspaceId, postId, new Date(at));
}

/** Re-deals each channel set's queued posts among the times they hold; answers how many posts moved. */
export async function shuffleQueue(by: ActorRef, random: () => number = Math.random): Promise<{ moved: number }> {
  const { workspaceId } = requireCan(by, "publish");
  return inTransaction(async (tx) => {
    await lockRow(tx, "Workspace", workspaceId);
    const moves = shuffledTimes(await queuedPosts(tx, workspaceId, new Date()), random);
    await applyMoves(tx, workspaceId, moves);
    return { moved: moves.size };
  });
}

/**
 * Gives a queued post the earliest time its channel set's queued posts hold; those before it each
 * take the next one. 404 for a post of another workspace, 409 post_published / post_publishing as
 * for any change, 409 post_not_queued for a post that is not in the queue.
 */
export async function moveToTopOfQueue(by: ActorRef, postId: string): Promise<PostRecord> {
  const actor = requireCan(by, "publish");
  const { workspaceId } = actor;
  const post = await getOwnPost(actor, postId);
  if (post.status === "published") throw new AppError("post_published", "posts.errors.alreadyPublished");
  if (post.status === "publishing") throw new AppError("post_publishing", "posts.errors.beingPublished");
  await inTransaction(async (tx) => {
    await lockRow(tx, "Workspace", workspaceId);
    const moves = movedToTopTimes(await queuedPosts(tx, workspaceId, new Date()), postId);
    if (!moves) throw new AppError("post_not_queued", "queue.view.errors.notQueued");
    await applyMoves(tx, workspaceId, moves);
  });
  return getOwnPost(actor, postId);
}
