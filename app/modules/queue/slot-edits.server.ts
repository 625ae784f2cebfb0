import { getDb } from "~/modules/db/db.server";
import { isRecordId } from "~/modules/db/ids";
import { inTransaction, lockRow } from "~/modules/db/transaction.server";
import { AppError } from "~/modules/errors/app-error";
import type { QueueSlotView } from "./queue.server";
import { MAX_QUEUE_SLOTS } from "./schemas";
import { type ActorRef, requireCan } from "~/modules/workspaces/owner";

// The posting-times page's edits, one slot or a few at a time (docs/decisions/0069). Each runs in
// one transaction under the user's row, as replaceQueue and addToQueue do, so parallel adds never
// pass MAX_QUEUE_SLOTS nor insert the same slot twice.

export interface NewSlots {
  weekdays: readonly number[];
  time: string;
  /** null: every account. */
  channelId: string | null;
}

export type AddSlotsResult =
  | { ok: true; added: number }
  /** These weekdays already have this time for this account: nothing was added. */
  | { ok: false; reason: "duplicate"; weekdays: number[] }
  /** The queue would pass MAX_QUEUE_SLOTS: nothing was added. */
  | { ok: false; reason: "full"; have: number; adding: number };

/**
 * Adds `time` on each of `weekdays` for one of the workspace's channels (or every channel), all or
 * nothing. Another workspace's channel, or an unknown one, is a 422 on the channel field.
 */
export async function addQueueSlots(by: ActorRef, { weekdays, time, channelId }: NewSlots): Promise<AddSlotsResult> {
  const { userId, workspaceId } = requireCan(by, "publish");
  const days = [...new Set(weekdays)].sort((a, b) => a - b);
  if (channelId !== null) {
    const own = isRecordId(channelId) && (await getDb().channel.count({ where: { id: channelId, workspaceId } })) === 1;
    if (!own) throw new AppError("validation_failed", "errors.validationFailed", { fields: { channelId: "queue.validation.channel" } });
  }
  return inTransaction(async (tx): Promise<AddSlotsResult> => {
    await lockRow(tx, "Workspace", workspaceId);
    const clashing = await tx.queueSlot.findMany({ where: { workspaceId, channelId, time, weekday: { in: days } }, select: { weekday: true } });
    if (clashing.length > 0) return { ok: false, reason: "duplicate", weekdays: [...new Set(clashing.map((slot) => slot.weekday))].sort((a, b) => a - b) };
    const have = await tx.queueSlot.count({ where: { workspaceId } });
    if (have + days.length > MAX_QUEUE_SLOTS) return { ok: false, reason: "full", have, adding: days.length };
    await tx.queueSlot.createMany({ data: days.map((weekday) => ({ userId, workspaceId, channelId, weekday, time })) });
    return { ok: true, added: days.length };
  });
}

/** Removes one of the workspace's slots and answers it (for an undo); another workspace's, or a gone one, is a 404. */
export async function removeQueueSlot(by: ActorRef, slotId: string): Promise<QueueSlotView> {
  const { workspaceId } = requireCan(by, "publish");
  const slot = isRecordId(slotId)
    ? await getDb().queueSlot.findFirst({ where: { id: slotId, workspaceId }, select: { id: true, channelId: true, weekday: true, time: true } })
    : null;
  if (!slot) throw new AppError("not_found", "queue.slots.errors.notFound");
  const { count } = await getDb().queueSlot.deleteMany({ where: { id: slot.id, workspaceId } });
  if (count === 0) throw new AppError("not_found", "queue.slots.errors.notFound");
  return slot;
}

/** Removes every slot of the workspace's queue; answers how many there were. */
export async function clearQueue(by: ActorRef): Promise<number> {
  const { workspaceId } = requireCan(by, "publish");
  const { count } = await getDb().queueSlot.deleteMany({ where: { workspaceId } });
  return count;
}

/** How many slots the workspace has, and the earliest time of the week (for the time-zone notice). */
export async function queueSummary(workspaceId: string): Promise<{ count: number; firstTime: string | null }> {
  const db = getDb();
  const [count, first] = await Promise.all([
    db.queueSlot.count({ where: { workspaceId } }),
    db.queueSlot.findFirst({ where: { workspaceId }, orderBy: [{ weekday: "asc" }, { time: "asc" }], select: { time: true } }),
  ]);
  return { count, firstTime: first?.time ?? null };
}
