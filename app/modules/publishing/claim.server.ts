import { getDb } from "~/modules/db/db.server";
import { getEnv } from "~/modules/env/env.server";
import type { Platform } from "~/modules/posts/platforms";

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
 * Takes up to `limit` due deliveries for this worker. Each is taken by one conditional update, so
 * whichever process updates first owns it and every other one simply moves on: any number of
 * publishers can share one database without doing a delivery twice.
 */
export async function claimDue(workerId: string, platform: Platform, limit: number, now = new Date()): Promise<ClaimedDelivery[]> {
  if (limit <= 0) return [];
  const db = getDb();
  const candidates = await db.delivery.findMany({
    where: { platform, ...claimable(now) },
    orderBy: { nextAttemptAt: "asc" },
    take: limit * 3,
    select: { id: true },
  });
  // Processes that read the same candidates start at different places, so they rarely collide.
  const order = candidates.map((c) => c.id).sort(() => Math.random() - 0.5);
  const claimed: ClaimedDelivery[] = [];
  for (const id of order) {
    if (claimed.length >= limit) break;
    const { count } = await db.delivery.updateMany({
      where: { id, platform, ...claimable(now) },
      data: { status: "publishing", leaseOwner: workerId, leaseUntil: new Date(Date.now() + leaseMs()), attempts: { increment: 1 } },
    });
    if (count === 1) {
      const row = await db.delivery.findUniqueOrThrow({ where: { id }, select: { id: true, postId: true, platform: true, attempts: true, sentAt: true } });
      claimed.push({ ...row, platform: row.platform as Platform });
    }
  }
  return claimed;
}

/** Extends this worker's lease; false when it has lost it (another worker took the delivery over). */
export async function renewLease(deliveryId: string, workerId: string): Promise<boolean> {
  const { count } = await getDb().delivery.updateMany({
    where: { id: deliveryId, status: "publishing", leaseOwner: workerId },
    data: { leaseUntil: new Date(Date.now() + leaseMs()) },
  });
  return count === 1;
}

/** Gives a delivery back at shutdown: due again at once for whichever publisher comes next. */
export async function releaseLease(deliveryId: string, workerId: string): Promise<void> {
  await getDb().delivery.updateMany({
    where: { id: deliveryId, status: "publishing", leaseOwner: workerId },
    data: { status: "pending", nextAttemptAt: new Date(), leaseOwner: null, leaseUntil: null, attempts: { decrement: 1 } },
  });
}

/** Records that the request creating the post is about to go out (see Delivery.sentAt). */
export async function markSent(deliveryId: string, workerId: string): Promise<boolean> {
  const { count } = await getDb().delivery.updateMany({
    where: { id: deliveryId, status: "publishing", leaseOwner: workerId },
    data: { sentAt: new Date(), leaseUntil: new Date(Date.now() + leaseMs()) },
  });
  return count === 1;
}
