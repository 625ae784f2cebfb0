import { createHash, randomBytes } from "node:crypto";
import { getDb, joinSql, raw, sql } from "~/modules/db/db.server";
import type { WebhookEventType } from "./types";

// Writing webhook events (docs/decisions/0076-webhooks.md, 0079). Its own folder, depending on the
// database only, so that the modules where things happen (publishing, connections) can write an
// event where they write the change, without depending on the webhooks module (which reads posts
// and channels, which depend on connections).
//
// An event is written by statements that run in the same transaction as the change it tells of
// (Prisma's batch $transaction): a crash can lose both or neither. Its id is derived from what it
// is about (the subject, the type and which occurrence: a post's Nth failure, a channel's Nth loss),
// so two processes settling the same change write one event, the second insert doing nothing.

export { WEBHOOK_EVENT_TYPES, type WebhookEventType } from "./types";

/** How long a delivery is retried after its event: then it has failed for good. */
export const DELIVERY_WINDOW_MS = 24 * 60 * 60 * 1000;

/** What an event is about, until its data is frozen when it is first sent (see freezeEventData). */
export type EventSubject = { postId: string } | { channelId: string } | { webhookId: string };

/** A fresh id, for an event nothing else could write twice (a ping). */
export function newEventId(): string {
  return `evt_${randomBytes(12).toString("hex")}`;
}

/** The id of the `occurrence`th event of `type` about `subjectId`: the same wherever it is computed. */
export function eventIdOf(type: WebhookEventType, subjectId: string, occurrence: number): string {
  return `evt_${createHash("sha256").update(`${type}\n${subjectId}\n${occurrence}`).digest("hex").slice(0, 24)}`;
}

/** The event types of a stored list ("post.published,post.failed"). */
export function parseEventTypes(stored: string): string[] {
  return stored.split(",").filter(Boolean);
}

/** A write to pass to Prisma's batch $transaction beside the change it tells of. */
type EventWrite = ReturnType<ReturnType<typeof getDb>["$executeRaw"]>;

interface Subject {
  id: string;
  /** Which occurrence this is (a post's failures, a channel's needsReconnectCount after the change). */
  occurrence: number;
}

/**
 * The two statements writing `type` for `subjects` of `table`: one event per subject that, once
 * the change before them in the transaction is applied, satisfies `state` and whose workspace has
 * a webhook listening to `type`; then one pending delivery per such webhook. An event that exists
 * already (written by whoever made the change first) is left as it is.
 */
function eventWrites(
  type: WebhookEventType,
  table: "Post" | "Channel",
  subjects: Subject[],
  /** The subject's state once changed; given each subject's occurrence as an SQL expression (its CASE is text on PostgreSQL: cast it). */
  state: (occurrence: ReturnType<typeof sql>) => ReturnType<typeof sql>,
  now: Date,
): EventWrite[] {
  if (subjects.length === 0) return [];
  const db = getDb();
  const key = table === "Post" ? "postId" : "channelId";
  const ids = subjects.map((s) => eventIdOf(type, s.id, s.occurrence));
  const caseOf = (values: (string | number)[]) =>
    sql`CASE s."id" ${joinSql(
      subjects.map((s, i) => sql`WHEN ${s.id} THEN ${values[i]}`),
      " ",
    )} END`;
  const listening = sql`(',' || w."events" || ',') LIKE ${`%,${type},%`}`;
  return [
    db.$executeRaw`
      INSERT INTO "WebhookEvent" ("id", "userId", "workspaceId", "type", "subject", "createdAt")
      SELECT ${caseOf(ids)}, s."userId", s."workspaceId", ${type}, ${`{"${key}":"`} || s."id" || '"}', ${now}
      FROM ${raw(`"${table}"`)} s
      WHERE s."id" IN (${joinSql(subjects.map((s) => s.id))}) AND ${state(caseOf(subjects.map((s) => s.occurrence)))}
        AND EXISTS (SELECT 1 FROM "Webhook" w WHERE w."workspaceId" = s."workspaceId" AND ${listening})
      ON CONFLICT ("id") DO NOTHING`,
    db.$executeRaw`
      INSERT INTO "WebhookDelivery" ("id", "eventId", "webhookId", "status", "attempts", "nextAttemptAt", "giveUpAt", "createdAt", "updatedAt")
      SELECT e."id" || '_' || w."id", e."id", w."id", 'pending', 0, ${now}, ${new Date(now.getTime() + DELIVERY_WINDOW_MS)}, ${now}, ${now}
      FROM "WebhookEvent" e JOIN "Webhook" w ON w."workspaceId" = e."workspaceId"
      WHERE e."id" IN (${joinSql(ids)}) AND ${listening}
      ON CONFLICT ("eventId", "webhookId") DO NOTHING`,
  ];
}

/** post.published for posts that are published once the transaction's change is applied (once per post, ever). */
export function postPublishedEventWrites(postIds: string[], now = new Date()): EventWrite[] {
  return eventWrites(
    "post.published",
    "Post",
    postIds.map((id) => ({ id, occurrence: 1 })),
    () => sql`s."status" = 'published'`,
    now,
  );
}

/** post.failed for posts that are failed for the `failures`th time once the transaction's change is applied. */
export function postFailedEventWrites(posts: { id: string; failures: number }[], now = new Date()): EventWrite[] {
  return eventWrites(
    "post.failed",
    "Post",
    posts.map((p) => ({ id: p.id, occurrence: p.failures })),
    (failures) => sql`s."status" = 'failed' AND s."failures" = CAST(${failures} AS INTEGER)`,
    now,
  );
}

/** channel.needs_reconnect for channels that stopped working for the `count`th time once the transaction's change is applied. */
export function channelNeedsReconnectEventWrites(channels: { id: string; count: number }[], now = new Date()): EventWrite[] {
  return eventWrites(
    "channel.needs_reconnect",
    "Channel",
    channels.map((c) => ({ id: c.id, occurrence: c.count })),
    (count) => sql`s."status" = 'needs_reconnect' AND s."needsReconnectCount" = CAST(${count} AS INTEGER)`,
    now,
  );
}
