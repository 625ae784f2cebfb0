import { getDb } from "~/modules/db/db.server";
import { getEnv } from "~/modules/env/env.server";
import type { Platform } from "~/modules/platforms/platforms";
import { batcher } from "./batch.server";
import { failInterruptedTooOften, INTERRUPTED } from "./stranded.server";

/** How long a claim lasts without renewal (PUBLISHER_LEASE_MS, 2 minutes by default). */
export function leaseMs(): number {
  return getEnv().PUBLISHER_LEASE_MS;
}

/** Due now: pending and its time has come, or taken by a publisher whose lease ran out. */
function claimable(now: Date) {
  return {
    OR: [
      { status: "pending", nextAttemptAt: { lte: now } },
      { status: "publishing", leaseUntil: { lt: now } },
    ],
  };
}

export interface ClaimedDelivery {
  id: string;
  postId: string;
  platform: Platform;
  attempts: number;
  sentAt: Date | null;
}

/**
 * Takes up to `limit` due deliveries for this worker. They are taken by conditional updates
 * (status and lease re-checked row by row, RETURNING what was taken), so whichever process updates
 * a row first owns it and every other one simply gets fewer rows: any number of publishers can share
 * one database without doing a delivery twice. A delivery whose lease ran out is taken over marked
 * INTERRUPTED, unless it keeps stopping its publisher (then it fails, see failInterruptedTooOften).
 */
export async function claimDue(workerId: string, platform: Platform, limit: number, now = new Date()): Promise<ClaimedDelivery[]> {
  if (limit <= 0) return [];
  const db = getDb();
  const candidates = await db.delivery.findMany({
    where: { platform, ...claimable(now) },
    orderBy: { nextAttemptAt: "asc" },
    take: limit * 3,
    select: { id: true, status: true },
  });
  if (candidates.length === 0) return [];
  const expired = candidates.some((c) => c.status === "publishing");
  if (expired) await failInterruptedTooOften(platform, now);
  // Processes that read the same candidates try different ones, so they rarely collide.
  const ids = candidates
    .map((c) => c.id)
    .sort(() => Math.random() - 0.5)
    .slice(0, limit);
  const taken = { status: "publishing", leaseOwner: workerId, leaseUntil: new Date(Date.now() + leaseMs()), attempts: { increment: 1 } };
  const select = { id: true, postId: true, platform: true, attempts: true, sentAt: true } as const;
  const claimed = await db.delivery.updateManyAndReturn({
    where: { id: { in: ids }, platform, status: "pending", nextAttemptAt: { lte: now } },
    data: taken,
    select,
  });
  if (expired) {
    const takenOver = await db.delivery.updateManyAndReturn({
      where: { id: { in: ids }, platform, status: "publishing", leaseUntil: { lt: now } },
      data: { ...taken, errorCode: INTERRUPTED, lastError: "The previous attempt stopped before it finished" },
      select,
    });
    claimed.push(...takenOver);
  }
  return claimed.map((row) => ({ ...row, platform: row.platform as Platform }));
}

/** When the next pending delivery falls due (epoch ms), or null when none is pending. */
export async function nextDueAt(): Promise<number | null> {
  const next = await getDb().delivery.findFirst({
    where: { status: "pending", nextAttemptAt: { not: null } },
    orderBy: { nextAttemptAt: "asc" },
    select: { nextAttemptAt: true },
  });
  return next?.nextAttemptAt?.getTime() ?? null;
}

/** Extends this worker's lease; false when it has lost it (another worker took the delivery over). */
export async function renewLease(deliveryId: string, workerId: string): Promise<boolean> {
  const { count } = await getDb().delivery.updateMany({
    where: { id: deliveryId, status: "publishing", leaseOwner: workerId },
    data: { leaseUntil: new Date(Date.now() + leaseMs()) },
  });
  return count === 1;
}

/**
 * Gives a delivery back at shutdown, due again at once for whichever publisher comes next, unless
 * this attempt has already sent its create request (sentAt is no longer what the claim read): that
 * request may still be in flight, so the delivery keeps its lease, and whoever takes it over once
 * the lease runs out looks for the post before posting. False when it was kept (or is no longer
 * this worker's).
 */
export async function releaseUnsent(delivery: Pick<ClaimedDelivery, "id" | "sentAt">, workerId: string): Promise<boolean> {
  const { count } = await getDb().delivery.updateMany({
    where: { id: delivery.id, status: "publishing", leaseOwner: workerId, sentAt: delivery.sentAt },
    data: { status: "pending", nextAttemptAt: new Date(), leaseOwner: null, leaseUntil: null, attempts: { decrement: 1 } },
  });
  return count === 1;
}

/**
 * Records that the request creating the post is about to go out (see Delivery.sentAt); false when
 * the lease was lost (do not send). Deliveries reaching this point together share one update, still
 * conditional row by row on the lease.
 */
export function markSent(deliveryId: string, workerId: string): Promise<boolean> {
  return markSentTogether({ deliveryId, workerId });
}

const markSentTogether = batcher(
  async (items: { deliveryId: string; workerId: string }[]) => {
    const now = Date.now();
    const marked = new Set<string>();
    for (const workerId of new Set(items.map((item) => item.workerId))) {
      const rows = await getDb().delivery.updateManyAndReturn({
        where: { id: { in: items.filter((item) => item.workerId === workerId).map((item) => item.deliveryId) }, status: "publishing", leaseOwner: workerId },
        data: { sentAt: new Date(now), leaseUntil: new Date(now + leaseMs()) },
        select: { id: true },
      });
      for (const row of rows) marked.add(row.id);
    }
    return items.map((item) => marked.has(item.deliveryId));
  },
  { delayMs: 0, max: 200 },
);
