// The Stripe fake is driven here by the real Stripe SDK, so what the SDK sends (form encoding,
// Bearer key, Stripe-Version) and what it makes of the answers (objects, typed errors, signed
// webhooks) are what billing code will meet.
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signedWebhook, startStripeFake, type StripeFake } from "./stripe-server";

const SECRET_KEY = "sk_test_plume_fake";
const WEBHOOK_SECRET = "whsec_plume_fake";
const DAY = 86_400;
const now = () => Math.floor(Date.now() / 1000);

let fake: StripeFake;
let stripe: Stripe;
const clientWith = (key: string) => new Stripe(key, { host: fake.host, port: fake.port, protocol: "http", maxNetworkRetries: 0 });

beforeAll(async () => {
  fake = await startStripeFake({ secretKey: SECRET_KEY, coupons: { LAUNCH50: { percentOff: 50 } } });
  stripe = clientWith(SECRET_KEY);
});
afterAll(async () => {
  await fake.close();
});

const urls = { success_url: "https://plume.test/billing/done?session={CHECKOUT_SESSION_ID}", cancel_url: "https://plume.test/billing" };

async function checkout(extra: Partial<Stripe.Checkout.SessionCreateParams> = {}) {
  const customer = await stripe.customers.create({ email: "ada@example.com", metadata: { userId: "user_1" } });
  const session = await stripe.checkout.sessions.create({
    mode: "subscription",
    line_items: [{ price: "price_monthly", quantity: 1 }],
    customer: customer.id,
    client_reference_id: "user_1",
    metadata: { userId: "user_1" },
    ...urls,
    ...extra,
  });
  return { customer, session };
}

describe("customers", () => {
  it("creates one with its metadata, sent form-encoded with the key and the API version", async () => {
    const customer = await stripe.customers.create({ email: "ada@example.com", metadata: { userId: "user_1" } });
    expect(customer).toMatchObject({ object: "customer", email: "ada@example.com", metadata: { userId: "user_1" } });
    expect(customer.id).toMatch(/^cus_/);
    expect(customer.invoice_settings.default_payment_method).toBeNull();
    const sent = fake.state.requests.findLast((r) => r.path === "/v1/customers")!;
    expect(sent.headers.authorization).toBe(`Bearer ${SECRET_KEY}`);
    expect(sent.headers["stripe-version"]).toBe(Stripe.API_VERSION);
    expect(sent.body).toEqual({ email: "ada@example.com", "metadata[userId]": "user_1" });
    expect(await stripe.customers.retrieve(customer.id)).toMatchObject({ id: customer.id, email: "ada@example.com" });
  });

  it("refuses an unknown one with 404 resource_missing", async () => {
    await expect(stripe.customers.retrieve("cus_nobody")).rejects.toMatchObject({
      type: "StripeInvalidRequestError",
      statusCode: 404,
      code: "resource_missing",
    });
  });
});

describe("checkout sessions", () => {
  it("opens one with a coupon, on the fake's own pay page, and reads it back", async () => {
    const { customer, session } = await checkout({ discounts: [{ coupon: "LAUNCH50" }] });
    expect(session).toMatchObject({ object: "checkout.session", status: "open", mode: "subscription", customer: customer.id, subscription: null });
    expect(session.id).toMatch(/^cs_test_/);
    expect(session.url).toBe(`${fake.url}/pay/${session.id}`);
    expect(session.discounts).toEqual([{ coupon: "LAUNCH50", promotion_code: null }]);
    expect(session.success_url).toBe(urls.success_url);
    expect(await stripe.checkout.sessions.retrieve(session.id)).toMatchObject({
      id: session.id,
      client_reference_id: "user_1",
      metadata: { userId: "user_1" },
    });
    const page = await fetch(session.url!);
    expect(page.status).toBe(200);
  });

  it("opens one that lets the customer type a promotion code", async () => {
    const { session } = await checkout({ allow_promotion_codes: true });
    expect(session.allow_promotion_codes).toBe(true);
    expect(fake.state.requests.findLast((r) => r.path === "/v1/checkout/sessions")!.body).toMatchObject({ allow_promotion_codes: "true" });
  });

  it("refuses a coupon together with promotion codes", async () => {
    await expect(checkout({ discounts: [{ coupon: "LAUNCH50" }], allow_promotion_codes: true })).rejects.toBeInstanceOf(
      Stripe.errors.StripeInvalidRequestError,
    );
  });

  it("refuses an unknown price, coupon or customer as resource_missing, naming the parameter", async () => {
    await expect(checkout({ line_items: [{ price: "price_gold", quantity: 1 }] })).rejects.toMatchObject({
      code: "resource_missing",
      param: "line_items[0][price]",
    });
    await expect(checkout({ discounts: [{ coupon: "FREE" }] })).rejects.toMatchObject({ code: "resource_missing", param: "discounts[0][coupon]" });
    await expect(checkout({ customer: "cus_nobody" })).rejects.toMatchObject({ code: "resource_missing", param: "customer" });
  });

  it("refuses a trial ending within 48 hours, and takes one ending later", async () => {
    await expect(checkout({ subscription_data: { trial_end: now() + DAY } })).rejects.toMatchObject({
      type: "StripeInvalidRequestError",
      param: "subscription_data[trial_end]",
    });
    const { session } = await checkout({ subscription_data: { trial_end: now() + 3 * DAY } });
    expect(session.status).toBe("open");
  });

  it("refuses a parameter Stripe does not know", async () => {
    await expect(checkout({ metadata: { userId: "u" }, ...({ colour: "blue" } as object) })).rejects.toMatchObject({
      code: "parameter_unknown",
      param: "colour",
    });
  });
});

describe("subscriptions", () => {
  it("come from a completed checkout, with the period end on the item", async () => {
    const trialEnd = now() + 14 * DAY;
    const { session } = await checkout({ subscription_data: { trial_end: trialEnd, metadata: { userId: "user_1" } } });
    const outcome = fake.completeCheckout(session.id);
    const subscription = await stripe.subscriptions.retrieve(outcome.subscription.id);
    expect(subscription).toMatchObject({ object: "subscription", status: "trialing", customer: session.customer, metadata: { userId: "user_1" } });
    expect(subscription.default_payment_method).toMatch(/^pm_/);
    expect(subscription.items.data[0]!.current_period_end).toBe(trialEnd);
    expect(subscription.items.data[0]!.price.id).toBe("price_monthly");
    expect("current_period_end" in subscription).toBe(false);
    expect(await stripe.checkout.sessions.retrieve(session.id)).toMatchObject({ status: "complete", subscription: subscription.id });
  });

  it("are active without a trial, and change status and period end on command", async () => {
    const { session } = await checkout();
    const { subscription } = fake.completeCheckout(session.id, { paymentMethod: false });
    expect(subscription).toMatchObject({ status: "active", default_payment_method: null });
    const pastDue = fake.updateSubscription(subscription.id, { status: "past_due", currentPeriodEnd: now() + 30 * DAY });
    expect((await stripe.subscriptions.retrieve(subscription.id)).status).toBe("past_due");
    const canceled = fake.updateSubscription(subscription.id, { status: "canceled" });
    expect(pastDue.status).toBe("past_due"); // a snapshot: an event built from it arrives out of date
    expect(canceled.ended_at).toBeTypeOf("number");
    const failed = fake.event("invoice.payment_failed", fake.createInvoice(subscription.id, { paid: false }));
    expect(failed.data.object).toMatchObject({ object: "invoice", status: "open", parent: { subscription_details: { subscription: subscription.id } } });
  });
});

describe("billing portal", () => {
  it("opens for a known customer only", async () => {
    const { customer } = await checkout();
    const portal = await stripe.billingPortal.sessions.create({ customer: customer.id, return_url: "https://plume.test/billing" });
    expect(portal).toMatchObject({ object: "billing_portal.session", customer: customer.id, return_url: "https://plume.test/billing" });
    expect(portal.url).toMatch(new RegExp(`^${fake.url}/portal/bps_`));
    expect((await fetch(portal.url)).status).toBe(200);
    await expect(stripe.billingPortal.sessions.create({ customer: "cus_nobody", return_url: "https://plume.test" })).rejects.toMatchObject({
      code: "resource_missing",
    });
  });
});

describe("keys, faults and webhooks", () => {
  it("refuses a wrong key with StripeAuthenticationError", async () => {
    await expect(clientWith("sk_test_wrong_key_1234").customers.create({ email: "a@example.com" })).rejects.toBeInstanceOf(
      Stripe.errors.StripeAuthenticationError,
    );
  });

  it("replays an answer for a repeated Idempotency-Key and refuses the key with other parameters", async () => {
    const first = await stripe.customers.create({ email: "once@example.com" }, { idempotencyKey: "signup-1" });
    const again = await stripe.customers.create({ email: "once@example.com" }, { idempotencyKey: "signup-1" });
    expect(again.id).toBe(first.id);
    await expect(stripe.customers.create({ email: "other@example.com" }, { idempotencyKey: "signup-1" })).rejects.toBeInstanceOf(
      Stripe.errors.StripeIdempotencyError,
    );
  });

  it("plays injected faults", async () => {
    fake.failNext("POST /v1/customers", { status: 500 });
    await expect(stripe.customers.create({ email: "a@example.com" })).rejects.toBeInstanceOf(Stripe.errors.StripeAPIError);
  });

  it("signs events that constructEvent accepts, and the SDK rejects a stale signature", async () => {
    const { session } = await checkout();
    const outcome = fake.completeCheckout(session.id);
    const event = fake.event("checkout.session.completed", outcome.session);
    const { body, header } = signedWebhook(event, WEBHOOK_SECRET);
    const verified = stripe.webhooks.constructEvent(body, header, WEBHOOK_SECRET);
    expect(verified).toMatchObject({ id: event.id, object: "event", type: "checkout.session.completed", livemode: false, api_version: Stripe.API_VERSION });
    expect(verified.data.object).toMatchObject({ id: session.id, status: "complete", subscription: outcome.subscription.id });
    const stale = signedWebhook(event, WEBHOOK_SECRET, { timestamp: now() - 301 });
    expect(() => stripe.webhooks.constructEvent(stale.body, stale.header, WEBHOOK_SECRET)).toThrow(Stripe.errors.StripeSignatureVerificationError);
    expect(() => stripe.webhooks.constructEvent(body, header, "whsec_other")).toThrow(Stripe.errors.StripeSignatureVerificationError);
  });
});

describe("the hosted checkout page", () => {
  it("completes the session, sends the signed events to the webhook and returns to success_url", async () => {
    const received: Stripe.Event[] = [];
    const receiver = createServer((req, res) => {
      let body = "";
      req.on("data", (chunk: Buffer) => (body += chunk.toString("utf8")));
      req.on("end", () => {
        received.push(stripe.webhooks.constructEvent(body, String(req.headers["stripe-signature"]), WEBHOOK_SECRET));
        res.end("ok");
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
    const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/webhooks/stripe`;
    const hosted = await startStripeFake({ secretKey: SECRET_KEY, webhook: { url, secret: WEBHOOK_SECRET } });
    try {
      const client = new Stripe(SECRET_KEY, { host: hosted.host, port: hosted.port, protocol: "http", maxNetworkRetries: 0 });
      const session = await client.checkout.sessions.create({
        mode: "subscription",
        line_items: [{ price: "price_yearly", quantity: 1 }],
        customer_email: "grace@example.com",
        ...urls,
      });
      const pay = await fetch(`${hosted.url}/pay/${session.id}`, { method: "POST", redirect: "manual" });
      expect(pay.status).toBe(303);
      expect(pay.headers.get("location")).toBe(`https://plume.test/billing/done?session=${session.id}`);
      expect(received.map((e) => e.type)).toEqual(["checkout.session.completed", "customer.subscription.created", "invoice.paid"]);
      const completed = await client.checkout.sessions.retrieve(session.id);
      expect(completed).toMatchObject({ status: "complete", customer: expect.stringMatching(/^cus_/) });
      expect((await client.subscriptions.retrieve(String(completed.subscription))).status).toBe("active");
      expect((await fetch(`${hosted.url}/pay/${session.id}`)).status).toBe(410); // used
    } finally {
      await hosted.close();
      receiver.close();
    }
  });
});
