// What each Stripe event does to the user's subscription: the state read back from Stripe is
// applied whatever order the events come in, and a failed payment mails the user.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "~/modules/db/db.server";
import type { StripeFake } from "../fakes/stripe-server";
import { mailsTo } from "../integration/helpers";
import { checkedOut, deliver, startBilling, subscriptionRow, trialUser } from "../support/stripe-webhooks";

let fake: StripeFake;
let stop: () => Promise<void>;
beforeAll(async () => {
  ({ fake, stop } = await startBilling());
});
afterAll(async () => stop());

const DAY = 86_400;
const seconds = (date: Date | null) => (date ? date.getTime() / 1000 : null);

describe("checkout.session.completed", () => {
  it("links the customer and the subscription to the user named by client_reference_id", async () => {
    const user = await trialUser();
    const { session, subscription, customer } = await checkedOut(fake, user.id);
    expect((await deliver(fake, ["checkout.session.completed", session])).status).toBe(200);
    const row = await subscriptionRow(user.id);
    expect(row).toMatchObject({
      plan: "pro",
      status: "active",
      stripeCustomerId: customer.id,
      stripeSubscriptionId: subscription.id,
      stripePriceId: "price_monthly",
      cardConfigured: true,
      trialEndsAt: null,
    });
    expect(seconds(row.currentPeriodEnd)).toBe(subscription.items.data[0].current_period_end);
  });

  it("links by the customer alone (its metadata[userId]) when the session names nobody", async () => {
    const user = await trialUser();
    const { session, customer } = await checkedOut(fake, user.id);
    expect((await deliver(fake, ["checkout.session.completed", { ...session, client_reference_id: null }])).status).toBe(200);
    expect(await subscriptionRow(user.id)).toMatchObject({ stripeCustomerId: customer.id, status: "active" });
  });
});

describe("customer.subscription.*", () => {
  it("created: a trial with its end, a card on the customer counts as configured", async () => {
    const user = await trialUser();
    const trialEnd = Math.floor(Date.now() / 1000) + 10 * DAY;
    const { subscription, customer } = await checkedOut(fake, user.id, { trialEnd, paymentMethod: false });
    fake.state.customers.get(customer.id)!.invoice_settings.default_payment_method = "pm_on_customer";
    await deliver(fake, ["customer.subscription.created", subscription]);
    const row = await subscriptionRow(user.id);
    expect(row).toMatchObject({ plan: "pro", status: "trialing", cardConfigured: true, stripeSubscriptionId: subscription.id });
    expect(seconds(row.trialEndsAt)).toBe(trialEnd);
  });

  it("updated: past_due and unpaid are pending, paused is inactive, and a new period end is taken", async () => {
    const user = await trialUser();
    const { subscription } = await checkedOut(fake, user.id, { paymentMethod: false });
    for (const [status, ours] of [
      ["past_due", "pending"],
      ["unpaid", "pending"],
      ["paused", "inactive"],
      ["active", "active"],
    ] as const) {
      await deliver(fake, ["customer.subscription.updated", fake.updateSubscription(subscription.id, { status })]);
      expect((await subscriptionRow(user.id)).status, status).toBe(ours);
    }
    const end = Math.floor(Date.now() / 1000) + 40 * DAY;
    await deliver(fake, ["customer.subscription.updated", fake.updateSubscription(subscription.id, { currentPeriodEnd: end })]);
    expect(await subscriptionRow(user.id)).toMatchObject({ cardConfigured: false, currentPeriodEnd: new Date(end * 1000) });
  });

  it("deleted: canceled, back on the free plan", async () => {
    const user = await trialUser();
    const { subscription } = await checkedOut(fake, user.id);
    await deliver(fake, ["customer.subscription.deleted", fake.updateSubscription(subscription.id, { status: "canceled" })]);
    expect(await subscriptionRow(user.id)).toMatchObject({ plan: "free", status: "canceled" });
  });
});

describe("deliveries out of order", () => {
  it("updated(active) delivered after deleted(canceled) leaves it canceled", async () => {
    const user = await trialUser();
    const { subscription } = await checkedOut(fake, user.id);
    const lateActive = fake.event("customer.subscription.updated", subscription);
    await deliver(fake, ["customer.subscription.deleted", fake.updateSubscription(subscription.id, { status: "canceled" })]);
    expect((await deliver(fake, lateActive)).status).toBe(200);
    expect(await subscriptionRow(user.id)).toMatchObject({ plan: "free", status: "canceled" });
  });

  it("even when Stripe itself answers a stale active, a canceled subscription stays canceled", async () => {
    const user = await trialUser();
    const { subscription } = await checkedOut(fake, user.id);
    await deliver(fake, ["customer.subscription.deleted", fake.updateSubscription(subscription.id, { status: "canceled" })]);
    fake.failNext(`GET /v1/subscriptions/${subscription.id}`, { status: 200, body: subscription });
    await deliver(fake, ["customer.subscription.updated", subscription]);
    expect(await subscriptionRow(user.id)).toMatchObject({ plan: "free", status: "canceled" });
  });

  it("a state read earlier never overwrites one read later", async () => {
    const user = await trialUser();
    const { subscription } = await checkedOut(fake, user.id);
    await deliver(fake, ["customer.subscription.created", subscription]);
    const later = new Date(Date.now() + 60_000);
    await getDb().subscription.update({ where: { userId: user.id }, data: { status: "pending", stripeStateAt: later } });
    await deliver(fake, ["invoice.paid", fake.createInvoice(subscription.id)]);
    expect(await subscriptionRow(user.id)).toMatchObject({ status: "pending", stripeStateAt: later });
  });
});

describe("invoices", () => {
  it("invoice.payment_failed: pending, and the user is mailed a link to manage billing, in their language", async () => {
    for (const [locale, words] of [
      ["en", "Update my payment details"],
      ["fr", "Mettre à jour mon moyen de paiement"],
    ] as const) {
      const user = await trialUser(locale);
      const { subscription } = await checkedOut(fake, user.id);
      const failed = fake.event("invoice.payment_failed", fake.createInvoice(subscription.id, { paid: false }));
      expect((await deliver(fake, failed)).status).toBe(200);
      expect((await subscriptionRow(user.id)).status).toBe("pending");
      await deliver(fake, failed); // a replay mails nobody again
      const mails = mailsTo(user.email);
      expect(mails).toHaveLength(1);
      expect(Buffer.from(mails[0]!, "latin1").toString("utf8")).toContain(words);
      expect(mails[0]).toContain("http://localhost:3000/profile#subscription");
    }
  });

  it("invoice.paid after a failure: active again", async () => {
    const user = await trialUser();
    const { subscription } = await checkedOut(fake, user.id);
    await deliver(fake, ["invoice.payment_failed", fake.createInvoice(subscription.id, { paid: false })]);
    await deliver(fake, ["invoice.paid", fake.createInvoice(subscription.id)]);
    expect(await subscriptionRow(user.id)).toMatchObject({ plan: "pro", status: "active" });
  });
});
