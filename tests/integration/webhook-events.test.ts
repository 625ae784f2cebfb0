// Webhook events are written in the same transaction as the change they tell of (docs/decisions/
// 0079): a write that fails or dies half-way leaves neither the change nor its event, and the
// change made later brings its event; racers settling one change write one event; each new
// failure or loss is a new event. Runs on SQLite and PostgreSQL.
import { afterEach, describe, expect, it } from "vitest";
import { getEnv } from "~/core/env/env.server";
import { markNeedsReconnect } from "~/modules/connections/access-token.server";
import { getDb } from "~/modules/db/db.server";
import { settlePostOf } from "~/modules/publishing/outcome.server";
import { settleStrandedPosts } from "~/modules/publishing/stranded.server";
import { eventIdOf } from "~/modules/webhook-events/emit.server";
import { createWorkspace } from "~/modules/workspaces/workspaces.server";

let serial = 0;

async function userWithWebhook(events = ["post.published", "post.failed", "channel.needs_reconnect"]) {
  serial += 1;
  const user = await getDb().user.create({ data: { email: `webhook-events-${Date.now()}-${serial}@example.com`, passwordHash: "x" } });
  // Written directly: no address check is involved in writing events.
  await getDb().webhook.create({
    data: { userId: user.id, workspaceId: user.id, url: "https://hooks.example.com/plume", events: events.join(","), secretEnc: "x" },
  });
  return user;
}

/** A post being published whose only delivery ended as `outcome`: settling it makes it published or failed. */
async function postWhoseDeliveryEnded(userId: string, outcome: "published" | "failed") {
  const channel = await getDb().channel.create({
    data: { userId, workspaceId: userId, network: "linkedin", providerUserId: `member-${Date.now()}-${++serial}` },
  });
  const post = await getDb().post.create({ data: { userId, workspaceId: userId, status: "publishing", platforms: "linkedin", linkedinText: "Hello" } });
  const target = await getDb().postTarget.create({ data: { postId: post.id, channelId: channel.id, network: "linkedin", position: 0 } });
  await getDb().delivery.create({
    data: {
      postId: post.id,
      targetId: target.id,
      platform: "linkedin",
      status: outcome,
      attempts: 1,
      ...(outcome === "published"
        ? { publishedAt: new Date(), externalId: "urn:li:share:1", url: "https://www.linkedin.com/feed/" }
        : { errorCode: "rejected" }),
      updatedAt: new Date(Date.now() - 24 * 60 * 60 * 1000),
    },
  });
  return post.id;
}

const eventsAbout = (key: "postId" | "channelId", id: string) =>
  getDb().webhookEvent.findMany({ where: { subject: JSON.stringify({ [key]: id }) }, include: { deliveries: true }, orderBy: { createdAt: "asc" } });

/** Makes every insert of a webhook event fail, as a crash between two writes would stop the second. */
async function breakEventWrites(): Promise<() => Promise<void>> {
  const db = getDb();
  if (getEnv().isPostgres) {
    await db.$executeRawUnsafe(`CREATE OR REPLACE FUNCTION refuse_event() RETURNS trigger AS $$ BEGIN RAISE EXCEPTION 'refused'; END $$ LANGUAGE plpgsql`);
    await db.$executeRawUnsafe(`CREATE TRIGGER refuse_event BEFORE INSERT ON "WebhookEvent" FOR EACH ROW EXECUTE FUNCTION refuse_event()`);
    return async () => {
      await db.$executeRawUnsafe(`DROP TRIGGER refuse_event ON "WebhookEvent"`);
    };
  }
  await db.$executeRawUnsafe(`CREATE TRIGGER refuse_event BEFORE INSERT ON "WebhookEvent" BEGIN SELECT RAISE(ABORT, 'refused'); END`);
  return async () => {
    await db.$executeRawUnsafe(`DROP TRIGGER refuse_event`);
  };
}

let repair: (() => Promise<void>) | undefined;
afterEach(async () => {
  await repair?.();
  repair = undefined;
});

describe("an event and its change are one write", () => {
  it("a settling whose event cannot be written changes nothing; the sweep that settles it later writes both", async () => {
    const user = await userWithWebhook();
    const postId = await postWhoseDeliveryEnded(user.id, "failed");
    repair = await breakEventWrites();
    await expect(settlePostOf(postId)).rejects.toThrow();
    // Neither the status nor the event: never a failed post its webhook will not hear of.
    expect(await getDb().post.findUniqueOrThrow({ where: { id: postId } })).toMatchObject({ status: "publishing", failures: 0 });
    expect(await eventsAbout("postId", postId)).toEqual([]);
    await repair();
    repair = undefined;
    // The publisher's sweep finds the post left publishing and settles it, event included.
    expect(await settleStrandedPosts(100, Date.now() + 60 * 60 * 1000)).toBeGreaterThanOrEqual(1);
    expect(await getDb().post.findUniqueOrThrow({ where: { id: postId } })).toMatchObject({ status: "failed", failures: 1 });
    const [event] = await eventsAbout("postId", postId);
    expect(event).toMatchObject({ id: eventIdOf("post.failed", postId, 1), type: "post.failed", userId: user.id });
    expect(event!.deliveries).toHaveLength(1);
    expect(event!.deliveries[0]).toMatchObject({ status: "pending", attempts: 0 });
  });

  it("a channel's loss and its event: neither when the event cannot be written", async () => {
    const user = await userWithWebhook();
    const channel = await getDb().channel.create({ data: { userId: user.id, workspaceId: user.id, network: "twitter", providerUserId: `x-${Date.now()}` } });
    repair = await breakEventWrites();
    await expect(markNeedsReconnect(channel.id, "Token revoked")).rejects.toThrow();
    expect(await getDb().channel.findUniqueOrThrow({ where: { id: channel.id } })).toMatchObject({ status: "active", needsReconnectCount: 0 });
    await repair();
    repair = undefined;
    await markNeedsReconnect(channel.id, "Token revoked");
    expect(await getDb().channel.findUniqueOrThrow({ where: { id: channel.id } })).toMatchObject({ status: "needs_reconnect", needsReconnectCount: 1 });
    expect((await eventsAbout("channelId", channel.id)).map((e) => e.id)).toEqual([eventIdOf("channel.needs_reconnect", channel.id, 1)]);
  });
});

describe("one event per change", () => {
  it("20 settlings of one failure at once write one post.failed event with one delivery", async () => {
    const user = await userWithWebhook();
    const postId = await postWhoseDeliveryEnded(user.id, "failed");
    const wrote = await Promise.all(Array.from({ length: 20 }, () => settlePostOf(postId)));
    expect(wrote.filter(Boolean)).toHaveLength(1);
    expect(await getDb().post.findUniqueOrThrow({ where: { id: postId } })).toMatchObject({ status: "failed", failures: 1 });
    const events = await eventsAbout("postId", postId);
    expect(events.map((e) => [e.type, e.deliveries.length])).toEqual([["post.failed", 1]]);
  });

  it("a post that fails again after a retry is a new event; published is one event, ever", async () => {
    const user = await userWithWebhook();
    const postId = await postWhoseDeliveryEnded(user.id, "failed");
    await settlePostOf(postId);
    // Retried (as the post page's Retry does), failed again.
    await getDb().post.update({ where: { id: postId }, data: { status: "publishing" } });
    await settlePostOf(postId);
    await getDb().post.update({ where: { id: postId }, data: { status: "publishing" } });
    await getDb().delivery.updateMany({ where: { postId }, data: { status: "published", publishedAt: new Date() } });
    await settlePostOf(postId);
    await settlePostOf(postId);
    const events = await eventsAbout("postId", postId);
    expect(events.map((e) => e.id)).toEqual([eventIdOf("post.failed", postId, 1), eventIdOf("post.failed", postId, 2), eventIdOf("post.published", postId, 1)]);
    expect(new Set(events.map((e) => e.id)).size).toBe(3);
  });

  it("20 markings of one channel at once write one event; reconnected and lost again, a second", async () => {
    const user = await userWithWebhook();
    const channel = await getDb().channel.create({
      data: { userId: user.id, workspaceId: user.id, network: "twitter", providerUserId: `x-race-${Date.now()}` },
    });
    await Promise.all(Array.from({ length: 20 }, (_, i) => markNeedsReconnect(channel.id, `Refused ${i}`)));
    expect(await getDb().channel.findUniqueOrThrow({ where: { id: channel.id } })).toMatchObject({ status: "needs_reconnect", needsReconnectCount: 1 });
    expect(await eventsAbout("channelId", channel.id)).toHaveLength(1);
    // Already stopped: a newer reason is kept, no new event.
    await markNeedsReconnect(channel.id, "Still refused");
    expect(await getDb().channel.findUniqueOrThrow({ where: { id: channel.id } })).toMatchObject({ lastError: "Still refused", needsReconnectCount: 1 });
    expect(await eventsAbout("channelId", channel.id)).toHaveLength(1);
    await getDb().channel.update({ where: { id: channel.id }, data: { status: "active" } });
    await markNeedsReconnect(channel.id, "Revoked again");
    expect((await eventsAbout("channelId", channel.id)).map((e) => e.id)).toEqual([
      eventIdOf("channel.needs_reconnect", channel.id, 1),
      eventIdOf("channel.needs_reconnect", channel.id, 2),
    ]);
  });

  it("writes nothing for a webhook that does not listen to the type, nor for another user's webhook", async () => {
    const listener = await userWithWebhook(["post.published"]);
    const other = await userWithWebhook();
    const postId = await postWhoseDeliveryEnded(listener.id, "failed");
    await settlePostOf(postId);
    expect(await getDb().post.findUniqueOrThrow({ where: { id: postId } })).toMatchObject({ status: "failed" });
    expect(await eventsAbout("postId", postId)).toEqual([]);
    expect(await getDb().webhookEvent.count({ where: { userId: other.id } })).toBe(0);
  });

  it("goes to the webhooks of the post's workspace, not to those of its author's own workspace", async () => {
    const author = await userWithWebhook(["post.published"]);
    const owner = await getDb().user.create({ data: { email: `webhook-owner-${Date.now()}-${++serial}@example.com`, passwordHash: "x" } });
    const acme = await createWorkspace(owner.id, "Acme");
    await getDb().workspaceMember.create({ data: { workspaceId: acme.id, userId: author.id, role: "editor" } });
    const acmeHook = await getDb().webhook.create({
      data: { userId: owner.id, workspaceId: acme.id, url: "https://hooks.example.com/acme", events: "post.published", secretEnc: "x" },
    });
    const postId = await postWhoseDeliveryEnded(author.id, "published");
    await getDb().post.update({ where: { id: postId }, data: { workspaceId: acme.id } });
    await settlePostOf(postId);
    const [event] = await eventsAbout("postId", postId);
    expect(event).toMatchObject({ userId: author.id, workspaceId: acme.id });
    expect(event!.deliveries.map((d) => d.webhookId)).toEqual([acmeHook.id]);
  });
});
