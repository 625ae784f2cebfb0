import { getDb } from "~/modules/db/db.server";
import { isRecordId } from "~/modules/db/ids";
import { rawNumber } from "~/modules/db/raw-values";
import { inTransaction, lockRow, type Tx } from "~/modules/db/transaction.server";
import { AppError } from "~/modules/errors/app-error";
import type { TranslationKey } from "~/modules/i18n/keys";
import { schedulePostAtChosenTime } from "~/modules/posts/post.server";
import type { PostRecord } from "~/modules/posts/post-view.server";
import { MIN_LEAD_MS } from "~/modules/posts/schedule-time";
import { queueZone } from "./queue-zone.server";
import { freeSlotTimes, SEARCH_WEEKS, type QueueSlotRule, type TakenTime } from "./queue-slots";
import type { QueueSlotInput } from "./schemas";
import { asActor, type ActorRef, requireCan } from "~/modules/workspaces/owner";

// A workspace's posting queue: recurring slots, the free times they give, and "add to queue"
// (docs/decisions/0066). The slots' times are in the workspace owner's time zone (for a personal
// workspace, its user's), whoever of its members reads or fills the queue (docs/decisions/0083).
// Placing takes the workspace's row lock; a transaction that also takes a user's row lock (the
// plan's limit) takes the workspace's first, so two never wait for each other.

export interface QueueSlotView {
  id: string;
  channelId: string | null;
  weekday: number;
  time: string;
}

export interface QueueView {
  timezone: string;
  slots: QueueSlotView[];
}

/** Posts in these states hold their time on each of their channels. */
const HOLDING_STATUSES = ["scheduled", "publishing", "published"];
const SEARCH_SPAN_MS = (SEARCH_WEEKS * 7 + 2) * 86_400_000;

const slotSelect = { id: true, channelId: true, weekday: true, time: true } as const;
const slotOrder = [{ weekday: "asc" as const }, { time: "asc" as const }, { createdAt: "asc" as const }, { id: "asc" as const }];

/** The time zone a workspace's queue is in: its owner's. */
export function queueTimezone(workspaceId: string): Promise<string> {
  return queueZone(getDb(), workspaceId);
}

export async function getQueue(workspaceId: string): Promise<QueueView> {
  const db = getDb();
  const [timezone, slots] = await Promise.all([
    queueZone(db, workspaceId),
    db.queueSlot.findMany({ where: { workspaceId }, select: slotSelect, orderBy: slotOrder }),
  ]);
  return { timezone, slots };
}

/** Replaces all the workspace's slots; a channel of another workspace is a 422 naming the slot, and nothing changes. */
export async function replaceQueue(by: ActorRef, slots: readonly QueueSlotInput[]): Promise<QueueView> {
  const { userId, workspaceId } = requireCan(by, "publish");
  const named = [...new Set(slots.flatMap((slot) => (slot.channelId ? [slot.channelId] : [])))];
  const own = new Set(
    (await getDb().channel.findMany({ where: { workspaceId, id: { in: named.filter(isRecordId) } }, select: { id: true } })).map((channel) => channel.id),
  );
  const fields: Record<string, TranslationKey> = {};
  slots.forEach((slot, index) => {
    if (slot.channelId !== null && !own.has(slot.channelId)) fields[`slots.${index}.channelId`] = "queue.validation.channel";
  });
  if (Object.keys(fields).length > 0) throw new AppError("validation_failed", "errors.validationFailed", { fields });
  await inTransaction(async (tx) => {
    await lockRow(tx, "Workspace", workspaceId);
    await tx.queueSlot.deleteMany({ where: { workspaceId } });
    if (slots.length > 0) await tx.queueSlot.createMany({ data: slots.map((slot) => ({ userId, workspaceId, ...slot })) });
  });
  return getQueue(workspaceId);
}

/** The times a post holds on these channels from `from` to the end of the search. */
async function takenTimes(
  db: Tx | ReturnType<typeof getDb>,
  workspaceId: string,
  channelIds: string[],
  from: Date,
  exceptPostId?: string,
): Promise<TakenTime[]> {
  const posts = await db.post.findMany({
    where: {
      workspaceId,
      ...(exceptPostId ? { id: { not: exceptPostId } } : {}),
      status: { in: HOLDING_STATUSES },
      scheduledAt: { gte: from, lt: new Date(from.getTime() + SEARCH_SPAN_MS) },
      targets: { some: { channelId: { in: channelIds } } },
    },
    select: { scheduledAt: true, targets: { where: { channelId: { in: channelIds } }, select: { channelId: true } } },
  });
  return posts.flatMap((post) =>
    post.targets.flatMap((target) => (target.channelId && post.scheduledAt ? [{ channelId: target.channelId, at: post.scheduledAt }] : [])),
  );
}

/** The next `count` free slot times of one of the workspace's channels (404 for any other id). */
export async function nextQueueTimes(workspaceId: string, channelId: string, count: number, now: Date = new Date()): Promise<Date[]> {
  const db = getDb();
  const channel = isRecordId(channelId) ? await db.channel.findFirst({ where: { id: channelId, workspaceId }, select: { id: true } }) : null;
  if (!channel) throw new AppError("not_found", "connections.errors.channelNotFound");
  const [timezone, slots, taken] = await Promise.all([
    queueZone(db, workspaceId),
    db.queueSlot.findMany({ where: { workspaceId }, select: slotSelect }),
    takenTimes(db, workspaceId, [channelId], new Date(now.getTime() + MIN_LEAD_MS)),
  ]);
  return freeSlotTimes({ slots, channelIds: [channelId], zone: timezone, now, taken, count });
}

/** Whether the workspace has a queue, and the first free time it offers every one of `channelIds` (null: none within the search, or no account chosen). */
export async function queueOffer(
  workspaceId: string,
  channelIds: readonly string[],
  now: Date = new Date(),
): Promise<{ slotCount: number; next: Date | null }> {
  const db = getDb();
  const channels = [...new Set(channelIds)].filter(isRecordId);
  const slots = await db.queueSlot.findMany({ where: { workspaceId }, select: slotSelect });
  if (slots.length === 0 || channels.length === 0) return { slotCount: slots.length, next: null };
  const [timezone, taken] = await Promise.all([queueZone(db, workspaceId), takenTimes(db, workspaceId, channels, new Date(now.getTime() + MIN_LEAD_MS))]);
  const [next] = freeSlotTimes({ slots, channelIds: channels, zone: timezone, now, taken });
  return { slotCount: slots.length, next: next ?? null };
}

/** How many queue slots the workspace has set (0: no queue, the pages offer no "Add to queue"). */
export async function queueSlotCount(workspaceId: string): Promise<number> {
  // Raw: on every /posts page, where a Prisma count costs about four times the statement.
  const [row] = await getDb().$queryRaw<{ count: number | bigint }[]>`SELECT COUNT(*) AS "count" FROM "QueueSlot" WHERE "workspaceId" = ${workspaceId}`;
  return rawNumber(row?.count ?? 0);
}

/**
 * Schedules an editable post at the first free slot of every one of its channels, through
 * schedulePost's checks. The time is chosen inside the scheduling transaction under the workspace's
 * row lock, so two adds to one workspace's queue never read the same time as free. No slot at all: 409
 * queue_empty; slots, but none free for all its channels within the search: 409 queue_empty too.
 */
export function addToQueue(by: ActorRef, postId: string): Promise<PostRecord> {
  const actor = asActor(by);
  return schedulePostAtChosenTime(actor, postId, async (tx, post) => {
    const channelIds = post.targets.flatMap((target) => (target.channelId ? [target.channelId] : []));
    const placed = await placeInQueue(tx, actor.workspaceId, [channelIds], { exceptPostId: postId });
    if ("failed" in placed) throw placed.error;
    return placed.times[0]!;
  });
}

/**
 * The queue times of several posts placed one after the other (each post's channels in `posts`),
 * inside a transaction: the workspace's row is locked first, then each post takes the first slot free
 * on all its channels, and holds it before the next is placed. `held`: times this transaction also
 * holds (posts it makes at a chosen time); `exceptPostId`: a post whose own time does not count.
 * The first post that finds no time is named by its index, with the error addToQueue answers.
 */
export async function placeInQueue(
  tx: Tx,
  workspaceId: string,
  posts: readonly (readonly string[])[],
  { held = [], exceptPostId }: { held?: readonly TakenTime[]; exceptPostId?: string } = {},
): Promise<{ times: Date[] } | { failed: number; error: AppError }> {
  await lockRow(tx, "Workspace", workspaceId);
  const slots: QueueSlotRule[] = await tx.queueSlot.findMany({ where: { workspaceId }, select: slotSelect });
  if (slots.length === 0) return { failed: 0, error: new AppError("queue_empty", "queue.errors.empty") };
  // Read after the lock: the clock may have moved while waiting for it.
  const now = new Date();
  const allChannels = [...new Set(posts.flat())];
  const taken = [...(await takenTimes(tx, workspaceId, allChannels, new Date(now.getTime() + MIN_LEAD_MS), exceptPostId)), ...held];
  const zone = await queueZone(tx, workspaceId);
  // Each set of channels searches the slots once, for as many free times as there are posts: the
  // posts placed before can hold no more of them than that, so a post's time is always among them.
  const candidates = new Map<string, { times: Date[]; next: number }>();
  const takenOn = new Map<string, Set<number>>();
  const hold = (channelId: string, at: Date) => {
    const set = takenOn.get(channelId) ?? new Set<number>();
    set.add(at.getTime());
    takenOn.set(channelId, set);
  };
  const times: Date[] = [];
  for (const [index, channels] of posts.entries()) {
    const channelIds = [...new Set(channels)].sort();
    const key = channelIds.join(",");
    let own = candidates.get(key);
    if (!own) {
      own = { times: freeSlotTimes({ slots, channelIds, zone, now, taken, count: posts.length }), next: 0 };
      candidates.set(key, own);
    }
    while (own.next < own.times.length && channelIds.some((id) => takenOn.get(id)?.has(own.times[own.next]!.getTime()))) own.next++;
    const at = own.times[own.next];
    if (!at) return { failed: index, error: new AppError("queue_empty", "queue.errors.noFreeSlot") };
    own.next++;
    times.push(at);
    for (const channelId of channelIds) hold(channelId, at);
  }
  return { times };
}
