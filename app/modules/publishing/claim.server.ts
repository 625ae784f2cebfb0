import { empty, getDb, sql } from "~/modules/db/db.server";
import { rawDate, rawNumber } from "~/modules/db/raw-values";
import { getEnv } from "~/core/env/env.server";
import type { NetworkId } from "~/core/platforms/platforms";
import { batcher } from "~/core/batching/batcher";
import { failInterruptedTooOften, INTERRUPTED } from "./stranded.server";

/** How long a claim lasts without renewal (PUBLISHER_LEASE_MS, 2 minutes by default). */
export function leaseMs(): number {
  return getEnv().PUBLISHER_LEASE_MS;
}

export interface ClaimedDelivery {
  id: string;
  postId: string;
  targetId: string;
  platform: NetworkId;
  attempts: number;
  sentAt: Date | null;
}

/**
 * Takes up to `limit` due deliveries for this worker: pending ones whose time has come, and first
 * those of a publisher whose lease ran out (taken over marked INTERRUPTED, unless they keep stopping
 * their publisher: then they fail, see failInterruptedTooOften). Each kind is taken by one
 * conditional UPDATE … RETURNING that picks the rows itself, so whichever process updates a row
 * first owns it and every other one simply gets other rows: any number of publishers can share one
 * database without doing a delivery twice. On PostgreSQL the rows being taken are locked and the
 * other processes skip them (FOR UPDATE SKIP LOCKED) rather than wait and lose them; SQLite runs one
 * writer at a time anyway.
 */
export async function claimDue(workerId: string, platform: NetworkId, limit: number, now = new Date()): Promise<ClaimedDelivery[]> {
  if (limit <= 0) return [];
  const due = await whatIsDue(platform, now);
  const claimed: ClaimedDelivery[] = [];
  if (due.expired) {
    await failInterruptedTooOften(platform, now);
    claimed.push(...(await takeDue(workerId, platform, limit, now, "expired")));
  }
  if (due.pending && claimed.length < limit) claimed.push(...(await takeDue(workerId, platform, limit - claimed.length, now, "pending")));
  return claimed;
}

/**
 * Whether anything of each kind is due, by one read through the status indexes: a publisher with
 * nothing to do (most polls) writes nothing, and on SQLite does not take the write lock the web
 * process and the other publishers need.
 */
async function whatIsDue(platform: NetworkId, now: Date): Promise<{ expired: boolean; pending: boolean }> {
  const [row] = await getDb().$queryRaw<{ expired: unknown; pending: unknown }[]>`
    SELECT EXISTS (SELECT 1 FROM "Delivery" WHERE "status" = 'publishing' AND "leaseUntil" < ${now} AND "platform" = ${platform}) AS "expired",
           EXISTS (SELECT 1 FROM "Delivery" WHERE "status" = 'pending' AND "nextAttemptAt" <= ${now} AND "platform" = ${platform}) AS "pending"`;
  // SQLite answers 0 or 1, PostgreSQL true or false.
  return { expired: Number(row?.expired) === 1, pending: Number(row?.pending) === 1 };
}

const TAKEN_OVER_MESSAGE = "The previous attempt stopped before it finished";

/** One claiming statement: the `limit` oldest due rows of one kind, re-checked as they are updated. */
async function takeDue(workerId: string, platform: NetworkId, limit: number, now: Date, kind: "pending" | "expired"): Promise<ClaimedDelivery[]> {
  const due = kind === "pending" ? sql`"status" = 'pending' AND "nextAttemptAt" <= ${now}` : sql`"status" = 'publishing' AND "leaseUntil" < ${now}`;
  const skipLocked = getEnv().isPostgres ? sql`FOR UPDATE SKIP LOCKED` : empty;
  const takenOver = kind === "expired" ? sql`, "errorCode" = ${INTERRUPTED}, "lastError" = ${TAKEN_OVER_MESSAGE}` : empty;
  const at = new Date();
  // The rows are picked once (MATERIALIZED: as a plain subquery PostgreSQL may run it again while
  // updating, and take more than `limit` rows) and updated by id. Picking is the re-check: the
  // statement is atomic on SQLite, and on PostgreSQL FOR UPDATE re-reads a row changed since the
  // statement began and drops it when it is no longer due. (Repeating the conditions on the UPDATE
  // made SQLite scan every due row by the status index instead of looking up the picked ids.)
  const rows = await getDb().$queryRaw<
    { id: string; postId: string; targetId: string; platform: string; attempts: number | bigint; sentAt: Date | string | null }[]
  >`
    WITH "picked" AS MATERIALIZED (
      SELECT "id" FROM "Delivery" WHERE "platform" = ${platform} AND ${due} ORDER BY "nextAttemptAt" LIMIT ${limit} ${skipLocked}
    )
    UPDATE "Delivery"
    SET "status" = 'publishing', "leaseOwner" = ${workerId}, "leaseUntil" = ${new Date(at.getTime() + leaseMs())}, "attempts" = "attempts" + 1,
        "updatedAt" = ${at}${takenOver}
    WHERE "id" IN (SELECT "id" FROM "picked")
    RETURNING "id", "postId", "targetId", "platform", "attempts", "sentAt"`;
  return rows.map((row) => ({
    id: row.id,
    postId: row.postId,
    targetId: row.targetId,
    platform: row.platform as NetworkId,
    attempts: rawNumber(row.attempts),
    sentAt: rawDate(row.sentAt),
  }));
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
 * Records that the request creating a part is about to go out (on the delivery, so that shutdown
 * keeps its lease, and on the part, so that the next attempt looks for it before sending it again);
 * false when the lease was lost (do not send). Deliveries reaching this point together share one
 * update of each, still conditional row by row on the lease. `sendKey` (networks that have them,
 * Network.newSendKey) is stored on the part with its sentAt, only where the part holds no other
 * key: false when it does (the part went out under that one; do not send).
 */
export function markSent(deliveryId: string, workerId: string, partId: string, sendKey: string | null = null): Promise<boolean> {
  return markSentTogether({ deliveryId, workerId, partId, sendKey });
}

const markSentTogether = batcher(
  async (items: { deliveryId: string; workerId: string; partId: string; sendKey: string | null }[]) => {
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
    const parts = items.filter((item) => marked.has(item.deliveryId) && item.sendKey === null).map((item) => item.partId);
    if (parts.length > 0) await getDb().postPart.updateMany({ where: { id: { in: parts } }, data: { sentAt: new Date(now) } });
    // One write per keyed part (each has its own key), conditional on the key stored being none or this one.
    const keyed = new Set<string>();
    for (const item of items.filter((i) => marked.has(i.deliveryId) && i.sendKey !== null)) {
      const { count } = await getDb().postPart.updateMany({
        where: { id: item.partId, OR: [{ sendKey: null }, { sendKey: item.sendKey }] },
        data: { sentAt: new Date(now), sendKey: item.sendKey },
      });
      if (count === 1) keyed.add(item.partId);
    }
    return items.map((item) => marked.has(item.deliveryId) && (item.sendKey === null || keyed.has(item.partId)));
  },
  { delayMs: 0, max: 200 },
);
