import { getEnv } from "~/core/env/env.server";
import { logger } from "~/core/logger/logger.server";
import { listChannels } from "~/modules/channels/channels.server";
import { unseal } from "~/modules/crypto/secrets.server";
import { empty, getDb, sql } from "~/modules/db/db.server";
import { newRecordId } from "~/modules/db/ids";
import { inTransaction, type Tx } from "~/modules/db/transaction.server";
import { rawDate, rawNumber } from "~/modules/db/raw-values";
import { postInclude, toPostView } from "~/modules/posts/post-view.server";
import type { EventSubject } from "~/modules/webhook-events/emit.server";
import { batcher } from "~/core/batching/batcher";
import { sendEvent, type SendOptions, type SendResult } from "./send.server";

// Delivering webhook events, leased like post deliveries (docs/decisions/0076-webhooks.md): a
// worker claims due deliveries with one conditional UPDATE … RETURNING, holds each for LEASE_MS,
// and every write of the outcome is conditional on still holding it.

/** How long a claimed delivery stays with its worker: well above the 10 s send timeout. */
export const LEASE_MS = 60_000;

/** Waits after the 1st, 2nd, … failed attempt; the last one repeats, until 24 h after the event. */
export const BACKOFF_MS = [30_000, 120_000, 600_000, 3_600_000, 3 * 3_600_000, 6 * 3_600_000];

/** Events (with their deliveries and attempts) are kept this long. */
export const RETENTION_MS = 30 * 24 * 3_600_000;

export function backoffAfter(attempts: number): number {
  return BACKOFF_MS[Math.min(Math.max(attempts, 1), BACKOFF_MS.length) - 1]!;
}

export interface ClaimedWebhookDelivery {
  id: string;
  eventId: string;
  webhookId: string;
  attempts: number;
  giveUpAt: Date;
}

/**
 * Takes up to `limit` due deliveries (pending and due, or sending with a lease run out: their
 * worker stopped), by one statement that picks and updates them: whichever worker updates a row
 * first owns it. PostgreSQL skips rows another worker is taking (FOR UPDATE SKIP LOCKED).
 */
export async function claimDueWebhookDeliveries(workerId: string, limit: number, now = new Date()): Promise<ClaimedWebhookDelivery[]> {
  if (limit <= 0) return [];
  const skipLocked = getEnv().isPostgres ? sql`FOR UPDATE SKIP LOCKED` : empty;
  const rows = await getDb().$queryRaw<{ id: string; eventId: string; webhookId: string; attempts: number | bigint; giveUpAt: Date | string }[]>`
    WITH "picked" AS MATERIALIZED (
      SELECT "id" FROM "WebhookDelivery"
      WHERE ("status" = 'pending' AND "nextAttemptAt" <= ${now}) OR ("status" = 'sending' AND "leaseUntil" < ${now})
      ORDER BY "nextAttemptAt" LIMIT ${limit} ${skipLocked}
    )
    UPDATE "WebhookDelivery"
    SET "status" = 'sending', "leaseOwner" = ${workerId}, "leaseUntil" = ${new Date(now.getTime() + LEASE_MS)}, "attempts" = "attempts" + 1, "updatedAt" = ${now}
    WHERE "id" IN (SELECT "id" FROM "picked")
    RETURNING "id", "eventId", "webhookId", "attempts", "giveUpAt"`;
  return rows.map((row) => ({
    id: row.id,
    eventId: row.eventId,
    webhookId: row.webhookId,
    attempts: rawNumber(row.attempts),
    giveUpAt: rawDate(row.giveUpAt) ?? now,
  }));
}

/** Whether anything is due (one read; a worker with nothing to do writes nothing). */
export async function anythingDue(now = new Date()): Promise<boolean> {
  const row = await getDb().webhookDelivery.findFirst({
    where: {
      OR: [
        { status: "pending", nextAttemptAt: { lte: now } },
        { status: "sending", leaseUntil: { lt: now } },
      ],
    },
    select: { id: true },
  });
  return row !== null;
}

type EventRow = { id: string; userId: string; workspaceId: string; type: string; subject: string; data: string | null; createdAt: Date };

/**
 * The events' data, written on each event the first time one of its deliveries is sent (a post or
 * channel as the API shows it at that moment), then the same for every delivery and retry: each
 * write is conditional on the data still being empty, and what is stored is what is sent.
 */
async function freezeEventData(events: EventRow[]): Promise<Map<string, string>> {
  const data = new Map(events.flatMap((event) => (event.data === null ? [] : [[event.id, event.data] as const])));
  const unfrozen = [...new Map(events.filter((event) => event.data === null).map((event) => [event.id, event])).values()];
  if (unfrozen.length === 0) return data;
  const db = getDb();
  const subjects = new Map(unfrozen.map((event) => [event.id, JSON.parse(event.subject) as EventSubject]));
  const postIds = [...subjects.values()].flatMap((subject) => ("postId" in subject ? [subject.postId] : []));
  const posts = postIds.length > 0 ? await db.post.findMany({ where: { id: { in: postIds } }, include: postInclude }) : [];
  const channelWorkspaces = [...new Set(unfrozen.filter((event) => "channelId" in subjects.get(event.id)!).map((event) => event.workspaceId))];
  const channels = new Map(
    (await Promise.all(channelWorkspaces.map((workspaceId) => listChannels(workspaceId)))).flat().map((channel) => [channel.id, channel]),
  );
  const built = unfrozen.map((event) => {
    const subject = subjects.get(event.id)!;
    if ("postId" in subject) {
      const post = posts.find((p) => p.id === subject.postId);
      return { id: event.id, json: JSON.stringify({ post: post ? toPostView(post) : { id: subject.postId } }) };
    }
    if ("channelId" in subject) return { id: event.id, json: JSON.stringify({ channel: channels.get(subject.channelId) ?? { id: subject.channelId } }) };
    return { id: event.id, json: JSON.stringify({ webhook: { id: subject.webhookId } }) };
  });
  // One conditional write per distinct data (events about one post share theirs), in one transaction.
  const byJson = new Map<string, string[]>();
  for (const item of built) byJson.set(item.json, [...(byJson.get(item.json) ?? []), item.id]);
  await db.$transaction([...byJson].map(([json, ids]) => db.webhookEvent.updateMany({ where: { id: { in: ids }, data: null }, data: { data: json } })));
  const stored = await db.webhookEvent.findMany({ where: { id: { in: built.map((item) => item.id) } }, select: { id: true, data: true } });
  for (const item of built) data.set(item.id, stored.find((row) => row.id === item.id)?.data ?? item.json);
  return data;
}

/** The exact bytes sent for an event, its data already frozen. */
function eventBody(event: EventRow, data: string): string {
  return `{"id":${JSON.stringify(event.id)},"type":${JSON.stringify(event.type)},"createdAt":${JSON.stringify(event.createdAt.toISOString())},"data":${data}}`;
}

export function sendOptions(overrides: Partial<SendOptions> = {}): SendOptions {
  return { allowPrivate: getEnv().WEBHOOKS_ALLOW_PRIVATE, ...overrides };
}

export interface AttemptView {
  id: string;
  deliveryId: string;
  eventId: string;
  type: string;
  status: "delivered" | "failed";
  responseStatus: number | null;
  error: string | null;
  durationMs: number;
  at: string;
}

/** One attempt at a claimed delivery (attemptWebhookDeliveries for one). */
export async function attemptWebhookDelivery(
  workerId: string,
  delivery: ClaimedWebhookDelivery,
  options: SendOptions = sendOptions(),
): Promise<AttemptView | null> {
  const [attempt] = await attemptWebhookDeliveries(workerId, [delivery], options);
  return attempt ?? null;
}

/** A claimed delivery ready to send: its webhook and the exact event bytes (null: it is gone). */
export interface PreparedWebhookDelivery {
  delivery: ClaimedWebhookDelivery;
  target: { url: string; secretEnc: string; eventId: string; type: string; body: string | null } | null;
}

/**
 * Claimed deliveries made ready to send, together: one read of the deliveries with their webhooks
 * and events, and the events' data frozen in one transaction (see freezeEventData).
 */
export async function prepareWebhookDeliveries(deliveries: ClaimedWebhookDelivery[]): Promise<PreparedWebhookDelivery[]> {
  if (deliveries.length === 0) return [];
  const rows = await getDb().webhookDelivery.findMany({
    where: { id: { in: deliveries.map((d) => d.id) } },
    select: {
      id: true,
      webhook: { select: { url: true, secretEnc: true } },
      event: { select: { id: true, userId: true, workspaceId: true, type: true, subject: true, data: true, createdAt: true } },
    },
  });
  let data: Map<string, string> | null = null;
  try {
    data = await freezeEventData(rows.map((row) => row.event));
  } catch (error) {
    logger.error({ err: error }, "Webhook events could not be prepared");
  }
  const byId = new Map(rows.map((row) => [row.id, row]));
  return deliveries.map((delivery) => {
    const row = byId.get(delivery.id);
    if (!row) return { delivery, target: null };
    const eventData = data?.get(row.event.id);
    return {
      delivery,
      target: {
        url: row.webhook.url,
        secretEnc: row.webhook.secretEnc,
        eventId: row.event.id,
        type: row.event.type,
        body: eventData === undefined ? null : eventBody(row.event, eventData),
      },
    };
  });
}

/**
 * Sends one prepared delivery and records its outcome: outcomes arriving within a few milliseconds
 * share one transaction (the attempts, and the deliveries settled: delivered; pending again after
 * their backoff; failed once past their 24 hours), each conditional on this worker still holding
 * it. Null for a delivery that is gone (webhook deleted) or whose lease was lost.
 */
export async function sendPreparedWebhookDelivery(
  workerId: string,
  prepared: PreparedWebhookDelivery,
  options: SendOptions = sendOptions(),
): Promise<AttemptView | null> {
  const { delivery, target } = prepared;
  if (!target) return null;
  let result: SendResult;
  if (target.body === null) result = { ok: false, responseStatus: null, error: "Could not prepare the event", durationMs: 0 };
  else {
    try {
      result = await sendEvent(target.url, { id: target.eventId, body: target.body, secret: unseal(target.secretEnc) }, options);
    } catch (error) {
      logger.error({ err: error, deliveryId: delivery.id }, "Webhook delivery could not be sent");
      result = { ok: false, responseStatus: null, error: "Could not send the event", durationMs: 0 };
    }
  }
  return recordOutcome({ workerId, delivery, result, eventId: target.eventId, type: target.type, at: new Date() });
}

/** Claimed deliveries, prepared together and sent at once (prepare, then send each). */
export async function attemptWebhookDeliveries(
  workerId: string,
  deliveries: ClaimedWebhookDelivery[],
  options: SendOptions = sendOptions(),
): Promise<(AttemptView | null)[]> {
  const prepared = await prepareWebhookDeliveries(deliveries);
  return Promise.all(prepared.map((item) => sendPreparedWebhookDelivery(workerId, item, options)));
}

/**
 * Gives claimed deliveries that were never sent back (a stopping worker): pending again, due now,
 * their claim's attempt not counted. Conditional on still holding them.
 */
export async function releaseWebhookDeliveries(workerId: string, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  await getDb().webhookDelivery.updateMany({
    where: { id: { in: ids }, status: "sending", leaseOwner: workerId },
    data: { status: "pending", leaseOwner: null, leaseUntil: null, attempts: { decrement: 1 } },
  });
}

interface Outcome {
  workerId: string;
  delivery: ClaimedWebhookDelivery;
  result: SendResult;
  eventId: string;
  type: string;
  at: Date;
}

const recordOutcome = batcher(
  (items: Outcome[]) => inTransaction((tx) => recordOutcomes(tx, items)),
  // Every 50 ms or 200 outcomes: at ~50 in flight and 50 ms answers, one commit per ~50 sends.
  { delayMs: 50, max: 200 },
);

/**
 * The outcomes of finished sends, written in one transaction (one commit for the lot): the
 * deliveries settled first (a write: the transaction starts by taking the lock), each conditional
 * on its worker still holding it, then the attempts of those written, then the webhooks' status.
 */
async function recordOutcomes(db: Tx, items: Outcome[]): Promise<(AttemptView | null)[]> {
  const settled = items.map((item) => {
    if (item.result.ok) return { item, status: "delivered", nextAttemptAt: null };
    const retryAt = new Date(item.at.getTime() + backoffAfter(item.delivery.attempts));
    return retryAt < item.delivery.giveUpAt ? { item, status: "pending", nextAttemptAt: retryAt } : { item, status: "failed", nextAttemptAt: null };
  });
  // One conditional update per (worker, status, next time): usually one for all the delivered ones.
  const groups = new Map<string, typeof settled>();
  for (const entry of settled) {
    const key = `${entry.item.workerId}|${entry.status}|${entry.nextAttemptAt?.getTime() ?? ""}`;
    groups.set(key, [...(groups.get(key) ?? []), entry]);
  }
  const written = new Set<string>();
  for (const group of groups.values()) {
    const [first] = group;
    const rows = await db.webhookDelivery.updateManyAndReturn({
      where: { id: { in: group.map((entry) => entry.item.delivery.id) }, status: "sending", leaseOwner: first!.item.workerId },
      data: { status: first!.status, nextAttemptAt: first!.nextAttemptAt, leaseOwner: null, leaseUntil: null },
      select: { id: true },
    });
    for (const row of rows) written.add(row.id);
  }
  const kept = settled.filter((entry) => written.has(entry.item.delivery.id));
  const attempts = kept.map(({ item }) => ({
    id: newRecordId(item.at.getTime()),
    deliveryId: item.delivery.id,
    webhookId: item.delivery.webhookId,
    status: item.result.ok ? "delivered" : "failed",
    responseStatus: item.result.responseStatus,
    error: item.result.error?.slice(0, 500) ?? null,
    durationMs: item.result.durationMs,
    at: item.at,
  }));
  if (attempts.length > 0) await db.webhookAttempt.createMany({ data: attempts });
  for (const status of ["delivered", "failed"]) {
    const ids = [...new Set(attempts.filter((a) => a.status === status).map((a) => a.webhookId))];
    // Written only where it changes (usually nowhere): no write at all most of the time.
    if (ids.length > 0)
      await db.webhook.updateMany({ where: { id: { in: ids }, OR: [{ lastStatus: null }, { lastStatus: { not: status } }] }, data: { lastStatus: status } });
  }
  return items.map((item) => {
    const attempt = attempts.find((a) => a.deliveryId === item.delivery.id);
    if (!attempt) return null; // lost the lease meanwhile: whoever holds it now records its own attempt
    return {
      id: attempt.id,
      deliveryId: item.delivery.id,
      eventId: item.eventId,
      type: item.type,
      status: attempt.status === "delivered" ? "delivered" : "failed",
      responseStatus: attempt.responseStatus,
      error: attempt.error,
      durationMs: attempt.durationMs,
      at: item.at.toISOString(),
    };
  });
}

/** Deletes events older than RETENTION_MS with their deliveries and attempts; how many went. */
export async function pruneWebhookEvents(now = Date.now()): Promise<number> {
  const cutoff = new Date(now - RETENTION_MS);
  const db = getDb();
  const old = await db.webhookEvent.findMany({ where: { createdAt: { lt: cutoff } }, select: { id: true }, take: 1000 });
  if (old.length === 0) return 0;
  const ids = old.map((e) => e.id);
  const deliveries = await db.webhookDelivery.findMany({ where: { eventId: { in: ids } }, select: { id: true } });
  await db.$transaction([
    db.webhookAttempt.deleteMany({ where: { deliveryId: { in: deliveries.map((d) => d.id) } } }),
    db.webhookDelivery.deleteMany({ where: { eventId: { in: ids } } }),
    db.webhookEvent.deleteMany({ where: { id: { in: ids } } }),
  ]);
  return ids.length;
}
