// Webhooks (docs/decisions/0076-webhooks.md): signed deliveries, retries with the same event id,
// no redirects, no private addresses, leases shared by several workers, and the events the real
// publisher emits. Runs on SQLite and PostgreSQL.
import { createHmac } from "node:crypto";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { resetEnvCache } from "~/core/env/env.server";
import { getDb } from "~/modules/db/db.server";
import { postPublishedEventWrites } from "~/modules/webhook-events/emit.server";
import {
  attemptWebhookDelivery,
  BACKOFF_MS,
  claimDueWebhookDeliveries,
  LEASE_MS,
  pruneWebhookEvents,
  RETENTION_MS,
} from "~/modules/webhooks/deliveries.server";
import { startWebhookWorker } from "~/modules/webhooks/worker.server";
import { createWebhook, listAttempts, pingWebhook, resendEvent } from "~/modules/webhooks/webhooks.server";
import { startWebhookReceiver, type WebhookReceiver } from "../fakes/webhook-receiver";
import { connectedUser, duePost, publishAllDue, startFakes, waitFor, type Fakes } from "../support/publishing";

let receiver: WebhookReceiver;
let fakes: Fakes;

beforeAll(async () => {
  process.env.WEBHOOKS_ALLOW_PRIVATE = "true";
  resetEnvCache();
  receiver = await startWebhookReceiver();
  fakes = await startFakes();
});
afterAll(async () => {
  await receiver.close();
  await fakes.close();
  delete process.env.WEBHOOKS_ALLOW_PRIVATE;
  resetEnvCache();
});
beforeEach(() => {
  receiver.requests.length = 0;
  receiver.answer = () => ({ status: 200 });
});
afterEach(async () => {
  // Nothing left due for the next test's workers.
  await getDb().webhookDelivery.updateMany({ where: { status: { in: ["pending", "sending"] } }, data: { status: "failed", leaseOwner: null } });
});

let serial = 0;
async function userWithWebhook(path = "/hook", events = ["post.published", "post.failed", "channel.needs_reconnect"]) {
  serial += 1;
  const user = await getDb().user.create({ data: { email: `webhooks-${Date.now()}-${serial}@example.com`, passwordHash: "x" } });
  const hook = await createWebhook(user.id, { url: `${receiver.url}${path}`, events: events as never });
  return { user, hook };
}

/** One event of the user's, to a webhook: its id. */
async function oneEvent(userId: string) {
  const post = await getDb().post.create({ data: { userId, workspaceId: userId, status: "published", platforms: "linkedin", linkedinText: "Hello" } });
  expect(await getDb().$transaction(postPublishedEventWrites([post.id]))).toEqual([1, 1]);
  const event = await getDb().webhookEvent.findFirstOrThrow({ where: { userId }, orderBy: { createdAt: "desc" } });
  return { eventId: event.id, postId: post.id };
}

/** Claims and attempts everything due for this user's webhook now (one worker, `at` as now). */
async function sendDue(workerId: string, at = new Date(), timeoutMs?: number) {
  const claimed = await claimDueWebhookDeliveries(workerId, 100, at);
  return Promise.all(claimed.map((d) => attemptWebhookDelivery(workerId, d, { allowPrivate: true, timeoutMs })));
}

function verify(secret: string, header: string, body: string): boolean {
  const match = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(header);
  if (!match) return false;
  const expected = createHmac("sha256", Buffer.from(secret, "utf8"))
    .update(Buffer.concat([Buffer.from(`${match[1]}.`), Buffer.from(body, "utf8")]))
    .digest("hex");
  return expected === match[2];
}

describe("delivering an event", () => {
  it("POSTs {id, type, createdAt, data} signed with the webhook's secret", async () => {
    const { user, hook } = await userWithWebhook();
    expect(hook.secret).toMatch(/^whsec_/);
    const stored = await getDb().webhook.findUniqueOrThrow({ where: { id: hook.id } });
    expect(stored.secretEnc).not.toContain(hook.secret);
    const { eventId, postId } = await oneEvent(user.id);
    const [attempt] = await sendDue("signer");
    expect(attempt).toMatchObject({ eventId, type: "post.published", status: "delivered", responseStatus: 200 });
    const [request] = receiver.requests;
    expect(request).toMatchObject({ method: "POST", path: "/hook" });
    expect(request!.headers["plume-event-id"]).toBe(eventId);
    expect(verify(hook.secret, String(request!.headers["plume-signature"]), request!.body)).toBe(true);
    expect(verify("whsec_other", String(request!.headers["plume-signature"]), request!.body)).toBe(false);
    const body = JSON.parse(request!.body) as { id: string; type: string; createdAt: string; data: { post: { id: string; status: string; text: string } } };
    expect(body).toMatchObject({ id: eventId, type: "post.published", data: { post: { id: postId, status: "published", text: "Hello" } } });
    expect(new Date(body.createdAt).toISOString()).toBe(body.createdAt);
  });

  it("retries after a 500 with the same event id and the same body, after the backoff", async () => {
    const { user } = await userWithWebhook();
    const { eventId } = await oneEvent(user.id);
    receiver.answer = () => ({ status: 500 });
    const now = new Date();
    const [first] = await sendDue("retrier", now);
    expect(first).toMatchObject({ status: "failed", responseStatus: 500 });
    const delivery = await getDb().webhookDelivery.findFirstOrThrow({ where: { eventId } });
    expect(delivery).toMatchObject({ status: "pending", attempts: 1 });
    expect(delivery.nextAttemptAt!.getTime()).toBeGreaterThanOrEqual(now.getTime() + BACKOFF_MS[0]!);
    // Not due before its time.
    expect(await claimDueWebhookDeliveries("early", 10, new Date(now.getTime() + 1000))).toHaveLength(0);
    receiver.answer = () => ({ status: 204 });
    const [second] = await sendDue("retrier", new Date(delivery.nextAttemptAt!.getTime() + 1));
    expect(second).toMatchObject({ status: "delivered", responseStatus: 204 });
    expect(receiver.requests.map((r) => r.headers["plume-event-id"])).toEqual([eventId, eventId]);
    expect(receiver.requests[0]!.body).toBe(receiver.requests[1]!.body);
    expect((await listAttempts(user.id, delivery.webhookId)).map((a) => [a.eventId, a.status, a.responseStatus])).toEqual([
      [eventId, "delivered", 204],
      [eventId, "failed", 500],
    ]);
  });

  it("counts no answer within the timeout as a failure, retried with the same event id", async () => {
    const { user } = await userWithWebhook();
    const { eventId } = await oneEvent(user.id);
    receiver.answer = () => "hang";
    const [first] = await sendDue("patient", new Date(), 200);
    expect(first).toMatchObject({ status: "failed", responseStatus: null });
    expect(first!.error).toMatch(/No answer/);
    const delivery = await getDb().webhookDelivery.findFirstOrThrow({ where: { eventId } });
    expect(delivery.status).toBe("pending");
    receiver.answer = () => ({ status: 200 });
    const [second] = await sendDue("patient", new Date(delivery.nextAttemptAt!.getTime() + 1));
    expect(second).toMatchObject({ status: "delivered" });
    expect(receiver.requests.map((r) => r.headers["plume-event-id"])).toEqual([eventId, eventId]);
  });

  it("fails for good once the next try would fall past 24 hours after the event", async () => {
    const { user } = await userWithWebhook();
    const { eventId } = await oneEvent(user.id);
    receiver.answer = () => ({ status: 503 });
    // Nearly 24 hours on: the window closes in 10 seconds, before the next backoff.
    await getDb().webhookDelivery.updateMany({ where: { eventId }, data: { attempts: 6, giveUpAt: new Date(Date.now() + 10_000) } });
    const [attempt] = await sendDue("late");
    expect(attempt).toMatchObject({ status: "failed", responseStatus: 503 });
    expect(await getDb().webhookDelivery.findFirstOrThrow({ where: { eventId } })).toMatchObject({ status: "failed", nextAttemptAt: null });
  });

  it("never follows a redirect: a 302 is a failed attempt and its Location is never asked", async () => {
    const { user } = await userWithWebhook("/moved");
    await oneEvent(user.id);
    receiver.answer = (request) => (request.path === "/moved" ? { status: 302, headers: { Location: `${receiver.url}/elsewhere` } } : { status: 200 });
    const [attempt] = await sendDue("redirected");
    expect(attempt).toMatchObject({ status: "failed", responseStatus: 302 });
    expect(receiver.requests.map((r) => r.path)).toEqual(["/moved"]);
  });
});

describe("addresses", () => {
  it("refuses a name resolving to 127.0.0.1 and loopback literals, v4 and v6, without sending anything", async () => {
    const { user } = await userWithWebhook();
    await oneEvent(user.id);
    const hook = await getDb().webhook.findFirstOrThrow({ where: { userId: user.id } });
    const resolve = async () => [{ address: "127.0.0.1", family: 4 as const }];
    for (const url of [
      `http://receiver.test:${receiver.port}/hook`,
      `http://localhost:${receiver.port}/hook`,
      `http://[::1]:${receiver.port}/hook`,
      `http://[::ffff:127.0.0.1]:${receiver.port}/hook`,
      `http://[::ffff:7f00:1]:${receiver.port}/hook`,
    ]) {
      await getDb().webhook.update({ where: { id: hook.id }, data: { url } });
      await getDb().webhookDelivery.updateMany({ where: { webhookId: hook.id }, data: { status: "pending", nextAttemptAt: new Date(0) } });
      const [claimed] = await claimDueWebhookDeliveries("guard", 1);
      const attempt = await attemptWebhookDelivery("guard", claimed!, { allowPrivate: false, resolve });
      expect(attempt).toMatchObject({ status: "failed", responseStatus: null });
      expect(attempt!.error).toMatch(/private address|Only https/);
    }
    expect(receiver.requests).toHaveLength(0);
  });

  it("connects to the address it checked (pinned), keeping the name in the Host header", async () => {
    const { user } = await userWithWebhook();
    await oneEvent(user.id);
    await getDb().webhook.updateMany({ where: { userId: user.id }, data: { url: `http://receiver.test:${receiver.port}/pinned` } });
    let lookups = 0;
    const resolve = async () => {
      lookups += 1;
      return [{ address: "127.0.0.1", family: 4 as const }];
    };
    const [claimed] = await claimDueWebhookDeliveries("pinner", 1);
    const attempt = await attemptWebhookDelivery("pinner", claimed!, { allowPrivate: true, resolve });
    expect(attempt).toMatchObject({ status: "delivered" });
    expect(lookups).toBe(1);
    expect(receiver.requests[0]).toMatchObject({ path: "/pinned" });
    expect(receiver.requests[0]!.headers.host).toBe(`receiver.test:${receiver.port}`);
  });
});

describe("leases", () => {
  it("two workers claiming at once never take the same delivery", async () => {
    const { user } = await userWithWebhook();
    for (let i = 0; i < 20; i++) await oneEvent(user.id);
    const [a, b] = await Promise.all([claimDueWebhookDeliveries("one", 12), claimDueWebhookDeliveries("two", 12)]);
    const ids = [...a, ...b].map((d) => d.id);
    expect(ids).toHaveLength(20);
    expect(new Set(ids).size).toBe(20);
  });

  it("a delivery whose worker died mid-send is sent again once its lease runs out, same event id, once", async () => {
    const { user } = await userWithWebhook();
    const { eventId } = await oneEvent(user.id);
    const [taken] = await claimDueWebhookDeliveries("crashed", 1);
    expect(taken).toBeDefined();
    // Still leased: nobody else takes it.
    expect(await claimDueWebhookDeliveries("other", 10)).toHaveLength(0);
    const later = new Date(Date.now() + LEASE_MS + 1000);
    const [retaken] = await claimDueWebhookDeliveries("survivor", 10, later);
    expect(retaken).toMatchObject({ id: taken!.id, attempts: 2 });
    expect(await attemptWebhookDelivery("survivor", retaken!, { allowPrivate: true })).toMatchObject({ status: "delivered", eventId });
    // The crashed worker coming back cannot record over it.
    expect(await attemptWebhookDelivery("crashed", taken!, { allowPrivate: true })).toBeNull();
    expect(await getDb().webhookDelivery.findUniqueOrThrow({ where: { id: taken!.id } })).toMatchObject({ status: "delivered" });
    expect(await getDb().webhookAttempt.count({ where: { deliveryId: taken!.id } })).toBe(1);
  });

  it("a worker that stops gives back what it claimed and had not sent: another takes it at once, that attempt not counted", async () => {
    const { user } = await userWithWebhook("/slow");
    for (let i = 0; i < 5; i++) await oneEvent(user.id);
    receiver.answer = () => ({ status: 200, delayMs: 300 });
    // One send at a time, two claimed ahead: one in flight, one waiting when it stops.
    const worker = startWebhookWorker({ pollMs: 25, concurrency: 1, send: { allowPrivate: true } });
    await waitFor(() => receiver.requests.length >= 1);
    await worker.stop();
    const rows = await getDb().webhookDelivery.findMany({ where: { webhook: { userId: user.id } } });
    expect(rows.filter((r) => r.status === "delivered")).toHaveLength(1);
    const rest = rows.filter((r) => r.status !== "delivered");
    expect(rest).toHaveLength(4);
    for (const row of rest) expect(row).toMatchObject({ status: "pending", leaseOwner: null, attempts: 0 });
    // Not a lease later: now.
    expect(await claimDueWebhookDeliveries("next", 10)).toHaveLength(4);
  });

  it("resend queues the same event id again", async () => {
    const { user, hook } = await userWithWebhook();
    const { eventId } = await oneEvent(user.id);
    await sendDue("first");
    await resendEvent(user.id, hook.id, eventId);
    await sendDue("again");
    expect(receiver.requests.map((r) => r.headers["plume-event-id"])).toEqual([eventId, eventId]);
    await expect(resendEvent(user.id, hook.id, "evt_00")).rejects.toMatchObject({ code: "not_found" });
  });

  it("keeps events 30 days", async () => {
    const { user } = await userWithWebhook();
    const { eventId } = await oneEvent(user.id);
    await sendDue("prune");
    await pruneWebhookEvents(Date.now() + RETENTION_MS - 60_000);
    expect(await getDb().webhookEvent.count({ where: { id: eventId } })).toBe(1);
    await pruneWebhookEvents(Date.now() + RETENTION_MS + 60_000);
    expect(await getDb().webhookEvent.count({ where: { id: eventId } })).toBe(0);
    expect(await getDb().webhookAttempt.count({ where: { delivery: { eventId } } })).toBe(0);
  });

  it("a ping is sent at once and answered as the attempt", async () => {
    const { user, hook } = await userWithWebhook();
    const attempt = await pingWebhook(user.id, hook.id);
    expect(attempt).toMatchObject({ type: "ping", status: "delivered", responseStatus: 200 });
    expect(JSON.parse(receiver.requests[0]!.body)).toMatchObject({ id: attempt.eventId, type: "ping", data: { webhook: { id: hook.id } } });
  });
});

describe("events from the publisher", () => {
  it("post.published and post.failed (with channel.needs_reconnect) reach the webhook through the real publisher", async () => {
    const { user, linkedinToken } = await connectedUser(fakes, ["linkedin", "twitter"]);
    await createWebhook(user.id, { url: `${receiver.url}/publisher`, events: ["post.published", "post.failed", "channel.needs_reconnect"] });
    const published = await duePost(user.id, ["twitter"], `Webhook published ${Date.now()}`);
    await publishAllDue();
    fakes.linkedin.revoke(linkedinToken!);
    const failed = await duePost(user.id, ["linkedin"], `Webhook failed ${Date.now()}`);
    await publishAllDue();
    const worker = startWebhookWorker({ pollMs: 25, send: { allowPrivate: true } });
    const expected = 3;
    for (let i = 0; i < 200 && receiver.requests.length < expected; i++) await new Promise((resolve) => setTimeout(resolve, 25));
    await worker.stop();
    const bodies = receiver.requests.map(
      (r) => JSON.parse(r.body) as { type: string; data: { post?: { id: string; status: string }; channel?: { network: string; status: string } } },
    );
    expect(bodies.map((b) => b.type).sort()).toEqual(["channel.needs_reconnect", "post.failed", "post.published"]);
    expect(bodies.find((b) => b.type === "post.published")!.data.post).toMatchObject({ id: published, status: "published" });
    expect(bodies.find((b) => b.type === "post.failed")!.data.post).toMatchObject({ id: failed, status: "failed" });
    expect(bodies.find((b) => b.type === "channel.needs_reconnect")!.data.channel).toMatchObject({ network: "linkedin", status: "needs_reconnect" });
  });

  it("writes nothing for a user without webhooks", async () => {
    const { user } = await connectedUser(fakes, ["twitter"]);
    const before = await getDb().webhookEvent.count();
    await duePost(user.id, ["twitter"], `No webhook ${Date.now()}`);
    await publishAllDue();
    expect(await getDb().webhookEvent.count()).toBe(before);
  });
});
