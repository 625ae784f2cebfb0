import { randomBytes } from "node:crypto";
import { getDb } from "~/modules/db/db.server";
import { newRecordId } from "~/modules/db/ids";
import { logger } from "~/core/logger/logger.server";
import type { WebhookEventType } from "./types";

// Writing webhook events (docs/decisions/0076-webhooks.md). Its own folder, depending on the
// database only, so that the modules where things happen (publishing, connections) can write an
// event where they write the change, without depending on the webhooks module (which reads posts
// and channels, which depend on connections).

export { WEBHOOK_EVENT_TYPES, type WebhookEventType } from "./types";

/** How long a delivery is retried after its event: then it has failed for good. */
export const DELIVERY_WINDOW_MS = 24 * 60 * 60 * 1000;

/** What an event is about, until its data is frozen when it is first sent (see freezeEventData). */
export type EventSubject = { postId: string } | { channelId: string } | { webhookId: string };

export function newEventId(): string {
  return `evt_${randomBytes(12).toString("hex")}`;
}

/** The event types of a stored list ("post.published,post.failed"). */
export function parseEventTypes(stored: string): string[] {
  return stored.split(",").filter(Boolean);
}

/**
 * Writes one event per subject for each of `userIds`' webhooks that listen to `type`, with one
 * pending delivery per (event, webhook), in one transaction. A user without such a webhook costs
 * one read and no write. Never throws: the change that happened is already recorded, and a lost
 * event must not undo it (logged).
 */
export async function emitEvents(type: WebhookEventType, items: { userId: string; subject: EventSubject }[], now = new Date()): Promise<number> {
  if (items.length === 0) return 0;
  try {
    const db = getDb();
    const webhooks = await db.webhook.findMany({
      where: { userId: { in: [...new Set(items.map((i) => i.userId))] } },
      select: { id: true, userId: true, events: true },
    });
    const listening = webhooks.filter((w) => parseEventTypes(w.events).includes(type));
    if (listening.length === 0) return 0;
    const events: { id: string; userId: string; type: string; subject: string; createdAt: Date }[] = [];
    const deliveries: { id: string; eventId: string; webhookId: string; nextAttemptAt: Date; giveUpAt: Date; createdAt: Date; updatedAt: Date }[] = [];
    for (const item of items) {
      const hooks = listening.filter((w) => w.userId === item.userId);
      if (hooks.length === 0) continue;
      const id = newEventId();
      events.push({ id, userId: item.userId, type, subject: JSON.stringify(item.subject), createdAt: now });
      for (const hook of hooks) {
        deliveries.push({
          id: newRecordId(),
          eventId: id,
          webhookId: hook.id,
          nextAttemptAt: now,
          giveUpAt: new Date(now.getTime() + DELIVERY_WINDOW_MS),
          createdAt: now,
          updatedAt: now,
        });
      }
    }
    if (events.length === 0) return 0;
    await db.$transaction([db.webhookEvent.createMany({ data: events }), db.webhookDelivery.createMany({ data: deliveries })]);
    return events.length;
  } catch (error) {
    logger.error({ err: error, type }, "Could not write webhook events");
    return 0;
  }
}

/** post.published / post.failed for posts (their owners looked up). */
export async function emitPostEvents(type: "post.published" | "post.failed", postIds: string[]): Promise<void> {
  if (postIds.length === 0) return;
  // Most users have no webhook: one read answers that, before the posts' owners are looked up.
  const any = await getDb()
    .webhook.findFirst({ where: { user: { posts: { some: { id: { in: postIds } } } } }, select: { id: true } })
    .catch(() => null);
  if (!any) return;
  const posts = await getDb()
    .post.findMany({ where: { id: { in: postIds } }, select: { id: true, userId: true } })
    .catch(() => []);
  await emitEvents(
    type,
    posts.map((p) => ({ userId: p.userId, subject: { postId: p.id } })),
  );
}

/** channel.needs_reconnect for channels that just stopped working. */
export async function emitChannelsNeedReconnect(channels: { id: string; userId: string }[]): Promise<void> {
  await emitEvents(
    "channel.needs_reconnect",
    channels.map((c) => ({ userId: c.userId, subject: { channelId: c.id } })),
  );
}
