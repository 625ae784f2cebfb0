// POST /api/stripe/webhook as Stripe calls it: only genuine, fresh deliveries count, each event is
// handled once, and a delivery that could not be handled is left for Stripe to send again.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "~/modules/db/db.server";
import { resetEnvCache } from "~/core/env/env.server";
import { sweepExpired } from "~/modules/housekeeping/housekeeping.server";
import { signedWebhook, type StripeFake } from "../fakes/stripe-server";
import { checkedOut, deliver, post, startBilling, subscriptionRow, trialUser, WEBHOOK_SECRET } from "../support/stripe-webhooks";

let fake: StripeFake;
let stop: () => Promise<void>;
beforeAll(async () => {
  ({ fake, stop } = await startBilling());
});
afterAll(async () => stop());

const storedEvent = (id: string) => getDb().stripeEvent.findUnique({ where: { id } });

/** A user who paid, and an event about their subscription that nobody has delivered yet. */
async function pendingEvent() {
  const user = await trialUser();
  const { subscription } = await checkedOut(fake, user.id);
  return { user, subscription, event: fake.event("customer.subscription.created", subscription) };
}

describe("the signature", () => {
  it("a wrong secret, a missing header or an altered body is refused with 400 and changes nothing", async () => {
    const { user, event } = await pendingEvent();
    const forged = signedWebhook(event, "whsec_not_ours");
    const genuine = signedWebhook(event, WEBHOOK_SECRET);
    for (const [body, header] of [
      [forged.body, forged.header],
      [genuine.body, null],
      [genuine.body.replace("subscription", "Subscription"), genuine.header],
    ] as const) {
      const res = await post(body, header);
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe("invalid_signature");
    }
    expect(await storedEvent(event.id)).toBeNull();
    expect(await subscriptionRow(user.id)).toMatchObject({ status: "trialing", stripeSubscriptionId: null });
  });

  it("a delivery signed more than 300 s ago is refused; one 200 s old is taken", async () => {
    const { user, event } = await pendingEvent();
    const now = Math.floor(Date.now() / 1000);
    expect((await deliver(fake, event, { timestamp: now - 301 })).status).toBe(400);
    expect(await subscriptionRow(user.id)).toMatchObject({ status: "trialing", stripeSubscriptionId: null });
    expect(await deliver(fake, event, { timestamp: now - 200 })).toMatchObject({ status: 200, body: { data: { outcome: "handled" } } });
    expect((await subscriptionRow(user.id)).status).toBe("active");
  });
});

describe("each event once", () => {
  it("a replay answers 2xx and does nothing again", async () => {
    const { user, subscription, event } = await pendingEvent();
    expect((await deliver(fake, event)).body.data.outcome).toBe("handled");
    expect(await storedEvent(event.id)).toMatchObject({ type: "customer.subscription.created" });
    const readsBefore = fake.state.requests.filter((r) => r.path === `/v1/subscriptions/${subscription.id}`).length;
    const stateAt = (await subscriptionRow(user.id)).stripeStateAt;

    expect(await deliver(fake, event)).toMatchObject({ status: 200, body: { data: { received: true, outcome: "duplicate" } } });
    expect(fake.state.requests.filter((r) => r.path === `/v1/subscriptions/${subscription.id}`)).toHaveLength(readsBefore);
    expect((await subscriptionRow(user.id)).stripeStateAt).toEqual(stateAt);
  });

  it("Stripe unreachable while reading back: 5xx, the event is not kept, and Stripe's retry is handled", async () => {
    const { user, subscription, event } = await pendingEvent();
    // The SDK tries three times (maxNetworkRetries: 2) before giving up.
    fake.failNext(`GET /v1/subscriptions/${subscription.id}`, { status: 500, times: 3 });
    const res = await deliver(fake, event);
    expect(res.status).toBeGreaterThanOrEqual(500);
    expect(res.body.error.code).toBe("provider_unavailable");
    expect(await storedEvent(event.id)).toBeNull();
    expect((await subscriptionRow(user.id)).status).toBe("trialing");

    expect((await deliver(fake, event)).body.data.outcome).toBe("handled");
    expect((await subscriptionRow(user.id)).status).toBe("active");
  });

  it("an event type we do not handle is answered 2xx and ignored", async () => {
    const res = await deliver(fake, { id: "evt_unhandled_1", object: "event", type: "customer.created", data: { object: { id: "cus_x" } }, created: 1 });
    expect(res).toMatchObject({ status: 200, body: { data: { outcome: "ignored" } } });
  });
});

describe("handled event ids", () => {
  it("are kept 35 days (past Stripe's retries and resends), then swept by housekeeping", async () => {
    const now = new Date();
    const daysAgo = (days: number) => new Date(now.getTime() - days * 86_400_000);
    await getDb().stripeEvent.createMany({
      data: [
        { id: "evt_sweep_old", type: "invoice.paid", receivedAt: daysAgo(36) },
        { id: "evt_sweep_recent", type: "invoice.paid", receivedAt: daysAgo(34) },
      ],
    });
    expect((await sweepExpired(now)).stripeEvents).toBe(1);
    expect(await storedEvent("evt_sweep_old")).toBeNull();
    expect(await storedEvent("evt_sweep_recent")).not.toBeNull();
  });
});

describe("without billing", () => {
  it("answers 503 billing_disabled", async () => {
    const key = process.env.STRIPE_SECRET_KEY;
    delete process.env.STRIPE_SECRET_KEY;
    resetEnvCache();
    try {
      const { body, header } = signedWebhook({ id: "evt_off", type: "invoice.paid", data: { object: {} } }, WEBHOOK_SECRET);
      const res = await post(body, header);
      expect(res.status).toBe(503);
      expect(res.body.error.code).toBe("billing_disabled");
    } finally {
      process.env.STRIPE_SECRET_KEY = key;
      resetEnvCache();
    }
  });
});
