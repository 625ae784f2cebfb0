import { inTransaction, lockRow, type Tx } from "~/modules/db/transaction.server";
import { AppError } from "~/modules/errors/app-error";
import { getOwnPost, moveScheduledPost } from "~/modules/posts/post.server";
import type { PostRecord } from "~/modules/posts/post-view.server";
import { MIN_LEAD_MS } from "~/modules/posts/schedule-time";
import { movedToTopTimes, shuffledTimes, type QueuedPost } from "./queue-order";
import { isSlotTimeOf } from "./queue-slots";

// "Shuffle" and "move to top" (docs/decisions/0070): each one transaction under the user's row lock,
// the lock addToQueue takes, so they never interleave with an add or with each other.

/**
 * The user's queued posts: scheduled (no delivery in flight), at least a minute ahead, every target
 * on a channel, and their time a slot time of every one of those channels. Read under the lock.
 */
export async function queuedPosts(db: Tx, userId: string, now: Date): Promise<QueuedPost[]> {
  // One after another: a transaction's statements share its one connection.
  const slots = await db.queueSlot.findMany({ where: { userId }, select: { channelId: true, weekday: true, time: true } });
  if (slots.length === 0) return [];
  const user = await db.user.findUnique({ where: { id: userId }, select: { timezone: true } });
  const posts = await db.post.findMany({
    where: { userId, status: "scheduled", scheduledAt: { gte: new Date(now.getTime() + MIN_LEAD_MS) }, deliveries: { none: { status: "publishing" } } },
    select: { id: true, scheduledAt: true, targets: { select: { channelId: true } } },
  });
  const zone = user?.timezone ?? "UTC";
  return posts.flatMap((post) => {
    const channelIds = post.targets.map((target) => target.channelId);
    if (!post.scheduledAt || channelIds.length === 0 || channelIds.some((id) => id === null)) return [];
    const own = channelIds as string[];
    return isSlotTimeOf(slots, own, zone, post.scheduledAt) ? [{ id: post.id, channelIds: own, at: post.scheduledAt.getTime() }] : [];
  });
}

async function applyMoves(tx: Tx, userId: string, moves: Map<string, number>): Promise<void> {
  for (const [postId, at] of moves) await moveScheduledPost(tx, userId, postId, new Date(at));
}

/** Re-deals each channel set's queued posts among the times they hold; answers how many posts moved. */
export async function shuffleQueue(userId: string, random: () => number = Math.random): Promise<{ moved: number }> {
  return inTransaction(async (tx) => {
    await lockRow(tx, "User", userId);
    const moves = shuffledTimes(await queuedPosts(tx, userId, new Date()), random);
    await applyMoves(tx, userId, moves);
    return { moved: moves.size };
  });
}

/**
 * Gives a queued post the earliest time its channel set's queued posts hold; those before it each
 * take the next one. 404 for a post that is not the user's, 409 post_published / post_publishing as
 * for any change, 409 post_not_queued for a post that is not in the queue.
 */
export async function moveToTopOfQueue(userId: string, postId: string): Promise<PostRecord> {
  const post = await getOwnPost(userId, postId);
  if (post.status === "published") throw new AppError("post_published", "posts.errors.alreadyPublished");
  if (post.status === "publishing") throw new AppError("post_publishing", "posts.errors.beingPublished");
  await inTransaction(async (tx) => {
    await lockRow(tx, "User", userId);
    const moves = movedToTopTimes(await queuedPosts(tx, userId, new Date()), postId);
    if (!moves) throw new AppError("post_not_queued", "queue.view.errors.notQueued");
    await applyMoves(tx, userId, moves);
  });
  return getOwnPost(userId, postId);
}
