import { randomBytes } from "node:crypto";
import { hostname } from "node:os";
import { getEnv } from "~/core/env/env.server";
import { logger } from "~/core/logger/logger.server";
import { listChannels } from "~/modules/channels/channels.server";
import { unseal } from "~/modules/crypto/secrets.server";
import { empty, getDb, sql } from "~/modules/db/db.server";
import { rawDate, rawNumber } from "~/modules/db/raw-values";
import { postInclude, toPostView } from "~/modules/posts/post-view.server";
import type { EventSubject } from "~/modules/webhook-events/emit.server";
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

/**
 * The event's data, written on the event the first time one of its deliveries is sent (a post or
 * channel as the API shows it at that moment), then the same for every delivery and retry.
 */
async function eventData(event: { id: string; userId: string; subject: string; data: string | null }): Promise<string> {
  if (event.data !== null) return event.data;
  const subject = JSON.parse(event.subject) as EventSubject;
  let data: unknown;
  if ("postId" in subject) {
    const post = await getDb().post.findUnique({ where: { id: subject.postId }, include: postInclude });
    data = { post: post ? toPostView(post) : { id: subject.postId } };
  } else if ("channelId" in subject) {
    const channel = (await listChannels(event.userId)).find((c) => c.id === subject.channelId);
    data = { channel: channel ?? { id: subject.channelId } };
  } else {
    data = { webhook: { id: subject.webhookId } };
  }
  const json = JSON.stringify(data);
  await getDb().webhookEvent.updateMany({ where: { id: event.id, data: null }, data: { data: json } });
  const stored = await getDb().webhookEvent.findUnique({ where: { id: event.id }, select: { data: true } });
  return stored?.data ?? json;
}

/** The exact bytes sent for an event. */
export async function eventBody(event: { id: string; userId: string; type: string; subject: string; data: string | null; createdAt: Date }): Promise<string> {
  const data = await eventData(event);
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

/**
 * One attempt at a claimed delivery: sends it, records the attempt, and settles the delivery
 * (delivered; pending again after its backoff; failed once past its 24 hours), each write
 * conditional on this worker still holding it. Null when the delivery is gone (webhook deleted).
 */
export async function attemptWebhookDelivery(
  workerId: string,
  delivery: ClaimedWebhookDelivery,
  options: SendOptions = sendOptions(),
): Promise<AttemptView | null> {
  const db = getDb();
  const row = await db.webhookDelivery.findUnique({
    where: { id: delivery.id },
    select: {
      webhook: { select: { url: true, secretEnc: true } },
      event: { select: { id: true, userId: true, type: true, subject: true, data: true, createdAt: true } },
    },
  });
  if (!row) return null;
  let result: SendResult;
  try {
    const body = await eventBody(row.event);
    result = await sendEvent(row.webhook.url, { id: row.event.id, body, secret: unseal(row.webhook.secretEnc) }, options);
  } catch (error) {
    logger.error({ err: error, deliveryId: delivery.id }, "Webhook delivery could not be prepared");
    result = { ok: false, responseStatus: null, error: "Could not prepare the event", durationMs: 0 };
  }
  const now = new Date();
  const held = { id: delivery.id, status: "sending", leaseOwner: workerId };
  const retryAt = new Date(now.getTime() + backoffAfter(delivery.attempts));
  const data = result.ok
    ? { status: "delivered", nextAttemptAt: null }
    : retryAt < delivery.giveUpAt
      ? { status: "pending", nextAttemptAt: retryAt }
      : { status: "failed", nextAttemptAt: null };
  const { count } = await db.webhookDelivery.updateMany({ where: held, data: { ...data, leaseOwner: null, leaseUntil: null } });
  if (count === 0) return null; // lost the lease meanwhile: whoever holds it now records its own attempt
  const status = result.ok ? "delivered" : "failed";
  const attempt = await db.webhookAttempt.create({
    data: {
      deliveryId: delivery.id,
      webhookId: delivery.webhookId,
      status,
      responseStatus: result.responseStatus,
      error: result.error,
      durationMs: result.durationMs,
      at: now,
    },
  });
  await db.webhook.updateMany({ where: { id: delivery.webhookId }, data: { lastStatus: status } });
  return {
    id: attempt.id,
    deliveryId: delivery.id,
    eventId: row.event.id,
    type: row.event.type,
    status,
    responseStatus: result.responseStatus,
    error: result.error,
    durationMs: result.durationMs,
    at: now.toISOString(),
  };
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

export interface WebhookWorker {
  readonly workerId: string;
  stop(): Promise<void>;
  /** Resolves once nothing is due or in flight (tests and benchmarks). */
  idle(): Promise<void>;
}

export interface WebhookWorkerOptions {
  /** Deliveries in flight at once (each mostly waits on the network). */
  concurrency?: number;
  pollMs: number;
  workerId?: string;
  send?: Partial<SendOptions>;
}

const PRUNE_EVERY_MS = 3_600_000;

/**
 * Sends due webhook deliveries, up to `concurrency` at once, looking again when a slot frees up or
 * every `pollMs`. Started beside the publisher (startConfiguredPublisher); any number may share a
 * database. Stopping lets attempts in flight finish (at most the send timeout); one cut short by a
 * crash is sent again once its lease runs out, with the same event id.
 */
export function startWebhookWorker(options: WebhookWorkerOptions): WebhookWorker {
  const workerId = options.workerId ?? `${hostname()}:${process.pid}:webhooks:${randomBytes(4).toString("hex")}`;
  const concurrency = options.concurrency ?? 50;
  const inFlight = new Set<Promise<void>>();
  let stopping = false;
  let timer: NodeJS.Timeout | undefined;
  let ticking = false;
  let again = false;
  let lastTickFoundNothing = false;
  let lastPrune = 0;
  let idleWaiters: (() => void)[] = [];

  const schedule = (delay: number) => {
    if (stopping) return;
    clearTimeout(timer);
    timer = setTimeout(() => void tick(), delay);
  };

  async function tick() {
    if (stopping) return;
    if (ticking) {
      again = true;
      return;
    }
    ticking = true;
    let claimed = 0;
    try {
      if (Date.now() - lastPrune >= PRUNE_EVERY_MS) {
        lastPrune = Date.now();
        await pruneWebhookEvents().catch((error: unknown) => logger.error({ err: error }, "Could not prune webhook events"));
      }
      const free = concurrency - inFlight.size;
      if (free > 0 && (await anythingDue())) {
        const deliveries = await claimDueWebhookDeliveries(workerId, free);
        claimed = deliveries.length;
        for (const delivery of deliveries) {
          const done: Promise<void> = attemptWebhookDelivery(workerId, delivery, sendOptions(options.send))
            .then(() => undefined)
            .catch((error: unknown) => logger.error({ err: error, deliveryId: delivery.id }, "Webhook delivery crashed"))
            .finally(() => {
              inFlight.delete(done);
              schedule(5);
            });
          inFlight.add(done);
        }
      }
    } catch (error) {
      logger.error({ err: error }, "Webhook worker could not claim deliveries");
    } finally {
      ticking = false;
    }
    lastTickFoundNothing = claimed === 0;
    if (claimed === 0 && inFlight.size === 0) {
      for (const resolve of idleWaiters) resolve();
      idleWaiters = [];
    }
    if (again) {
      again = false;
      schedule(0);
    } else schedule(claimed > 0 ? 0 : options.pollMs);
  }

  schedule(0);
  return {
    workerId,
    async stop() {
      stopping = true;
      clearTimeout(timer);
      await Promise.allSettled([...inFlight]);
    },
    idle() {
      return new Promise<void>((resolve) => {
        if (lastTickFoundNothing && inFlight.size === 0 && !ticking) resolve();
        else idleWaiters.push(resolve);
      });
    },
  };
}
