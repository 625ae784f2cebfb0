import { randomBytes } from "node:crypto";
import type { z } from "zod";
import { getEnv } from "~/core/env/env.server";
import { seal } from "~/modules/crypto/secrets.server";
import { getDb } from "~/modules/db/db.server";
import { newRecordId } from "~/modules/db/ids";
import { AppError } from "~/modules/errors/app-error";
import { newEventId, parseEventTypes, WEBHOOK_EVENT_TYPES } from "~/modules/webhook-events/emit.server";
import { isPrivateAddress } from "./address.server";
import { webhookFormSchema } from "./schemas";
import { attemptWebhookDelivery, LEASE_MS, sendOptions, type AttemptView } from "./deliveries.server";
import type { SendOptions } from "./send.server";
import { type ActorRef, requireCan } from "~/modules/workspaces/owner";

// A user's webhooks (docs/decisions/0076-webhooks.md). Managed with the session only.

export const MAX_WEBHOOKS_PER_WORKSPACE = 10;
export const ATTEMPTS_SHOWN = 50;

export interface WebhookView {
  id: string;
  url: string;
  events: string[];
  createdAt: string;
  lastStatus: "delivered" | "failed" | null;
}

function toView(row: { id: string; url: string; events: string; createdAt: Date; lastStatus: string | null }): WebhookView {
  return {
    id: row.id,
    url: row.url,
    events: parseEventTypes(row.events),
    createdAt: row.createdAt.toISOString(),
    lastStatus: row.lastStatus === "delivered" || row.lastStatus === "failed" ? row.lastStatus : null,
  };
}

/** Whether a URL may receive webhooks: https (http only with WEBHOOKS_ALLOW_PRIVATE), no credentials, no private address literal. */
function urlAllowed(value: string): boolean {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  const allowPrivate = getEnv().WEBHOOKS_ALLOW_PRIVATE;
  if (url.protocol !== "https:" && !(allowPrivate && url.protocol === "http:")) return false;
  if (url.username || url.password) return false;
  if (allowPrivate) return true;
  const host = url.hostname.replace(/^\[|\]$/g, "");
  if (host === "localhost" || host.endsWith(".localhost")) return false;
  return !/^[\d.]+$|:/.test(host) || !isPrivateAddress(host);
}

/** What the API and the page accept: the form's schema, and an address webhooks may use. */
export const webhookInput = webhookFormSchema.extend({
  url: webhookFormSchema.shape.url.refine(urlAllowed, { error: "webhooks.errors.urlInvalid" }),
});

/** A workspace's webhooks, oldest first. */
export async function listWebhooks(by: ActorRef): Promise<WebhookView[]> {
  const { workspaceId } = requireCan(by, "manage");
  const rows = await getDb().webhook.findMany({ where: { workspaceId }, orderBy: [{ createdAt: "asc" }, { id: "asc" }] });
  return rows.map(toView);
}

/**
 * Adds a webhook and answers it with its secret, the only time the secret is shown. The limit is
 * claimed by the insert itself (INSERT … SELECT … WHERE fewer than the workspace's limit; on
 * PostgreSQL after locking the workspace's row in the same transaction, so concurrent adds count
 * each other).
 */
export async function createWebhook(by: ActorRef, input: z.infer<typeof webhookInput>): Promise<WebhookView & { secret: string }> {
  const { userId, workspaceId } = requireCan(by, "manage");
  const db = getDb();
  const id = newRecordId();
  const secret = `whsec_${randomBytes(24).toString("base64url")}`;
  const events = WEBHOOK_EVENT_TYPES.filter((type) => input.events.includes(type)).join(",");
  const now = new Date();
  const insert = db.$executeRaw`
    INSERT INTO "Webhook" ("id", "userId", "workspaceId", "url", "events", "secretEnc", "createdAt")
    SELECT ${id}, ${userId}, ${workspaceId}, ${input.url}, ${events}, ${seal(secret)}, ${now}
    WHERE (SELECT COUNT(*) FROM "Webhook" WHERE "workspaceId" = ${workspaceId}) < ${MAX_WEBHOOKS_PER_WORKSPACE}`;
  const results = getEnv().isPostgres
    ? await db.$transaction([db.$queryRaw`SELECT 1 FROM "Workspace" WHERE "id" = ${workspaceId} FOR UPDATE`, insert])
    : [await insert];
  const inserted = results[results.length - 1] as number;
  if (inserted !== 1) throw new AppError("webhook_limit_reached", "webhooks.errors.limitReached", { values: { max: MAX_WEBHOOKS_PER_WORKSPACE } });
  return { ...toView({ id, url: input.url, events, createdAt: now, lastStatus: null }), secret };
}

async function ownWebhook(workspaceId: string, webhookId: string) {
  const row = await getDb().webhook.findFirst({ where: { id: webhookId, workspaceId } });
  if (!row) throw new AppError("not_found", "webhooks.errors.notFound");
  return row;
}

export async function deleteWebhook(by: ActorRef, webhookId: string): Promise<void> {
  const { workspaceId } = requireCan(by, "manage");
  const { count } = await getDb().webhook.deleteMany({ where: { id: webhookId, workspaceId } });
  if (count === 0) throw new AppError("not_found", "webhooks.errors.notFound");
}

/** The webhook's last ATTEMPTS_SHOWN attempts, newest first. */
export async function listAttempts(by: ActorRef, webhookId: string): Promise<AttemptView[]> {
  const { workspaceId } = requireCan(by, "manage");
  await ownWebhook(workspaceId, webhookId);
  const rows = await getDb().webhookAttempt.findMany({
    where: { webhookId },
    orderBy: [{ at: "desc" }, { id: "desc" }],
    take: ATTEMPTS_SHOWN,
    include: { delivery: { select: { eventId: true, event: { select: { type: true } } } } },
  });
  return rows.map((row) => ({
    id: row.id,
    deliveryId: row.deliveryId,
    eventId: row.delivery.eventId,
    type: row.delivery.event.type,
    status: row.status === "delivered" ? "delivered" : "failed",
    responseStatus: row.responseStatus,
    error: row.error,
    durationMs: row.durationMs,
    at: row.at.toISOString(),
  }));
}

/**
 * Sends a `ping` event to the webhook now and answers the attempt. A ping is not retried (resend
 * it from the attempts instead).
 */
export async function pingWebhook(by: ActorRef, webhookId: string, options: Partial<SendOptions> = {}): Promise<AttemptView> {
  const { userId, workspaceId } = requireCan(by, "manage");
  const hook = await ownWebhook(workspaceId, webhookId);
  const db = getDb();
  const now = new Date();
  const eventId = newEventId();
  const deliveryId = newRecordId();
  const workerId = `ping:${randomBytes(4).toString("hex")}`;
  await db.$transaction([
    db.webhookEvent.create({ data: { id: eventId, userId, workspaceId, type: "ping", subject: JSON.stringify({ webhookId: hook.id }), createdAt: now } }),
    db.webhookDelivery.create({
      data: {
        id: deliveryId,
        eventId,
        webhookId: hook.id,
        status: "sending",
        attempts: 1,
        leaseOwner: workerId,
        leaseUntil: new Date(now.getTime() + LEASE_MS),
        giveUpAt: now,
      },
    }),
  ]);
  const attempt = await attemptWebhookDelivery(workerId, { id: deliveryId, eventId, webhookId: hook.id, attempts: 1, giveUpAt: now }, sendOptions(options));
  if (!attempt) throw new AppError("not_found", "webhooks.errors.notFound");
  return attempt;
}

/**
 * Queues an event again for this webhook, with the same event id, due now and retried for another
 * 24 hours. Refused while it is being sent (409).
 */
export async function resendEvent(by: ActorRef, webhookId: string, eventId: string): Promise<void> {
  const { workspaceId } = requireCan(by, "manage");
  await ownWebhook(workspaceId, webhookId);
  const now = new Date();
  const { count } = await getDb().webhookDelivery.updateMany({
    where: { webhookId, eventId, status: { not: "sending" } },
    data: { status: "pending", nextAttemptAt: now, giveUpAt: new Date(now.getTime() + 24 * 3_600_000), leaseOwner: null, leaseUntil: null },
  });
  if (count === 1) return;
  const exists = await getDb().webhookDelivery.findUnique({ where: { eventId_webhookId: { eventId, webhookId } }, select: { id: true } });
  throw exists ? new AppError("webhook_delivery_in_flight", "webhooks.errors.inFlight") : new AppError("not_found", "webhooks.errors.eventNotFound");
}
