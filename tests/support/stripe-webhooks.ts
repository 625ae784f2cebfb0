// Shared by the Stripe webhook tests: the app's billing settings pointed at the Stripe fake, a user
// who went through Checkout there, and deliveries to the real route module, signed as Stripe signs.
import type { ActionFunctionArgs } from "@remix-run/node";
import { stripe } from "~/integrations/stripe.server";
import { getDb } from "~/modules/db/db.server";
import { resetEnvCache } from "~/core/env/env.server";
import { trialSubscriptionData } from "~/modules/subscriptions/subscription.server";
import { action } from "~/routes/api.stripe.webhook";
import { signedWebhook, startStripeFake, type StripeEventType, type StripeFake, type StripeObject } from "../fakes/stripe-server";
import { uniqueEmail } from "../integration/helpers";

export const WEBHOOK_SECRET = "whsec_plume_webhook_tests";
const SECRET_KEY = "sk_test_plume_webhook_tests";
const BILLING_KEYS = ["STRIPE_SECRET_KEY", "STRIPE_WEBHOOK_SECRET", "STRIPE_PRICE_PRO_MONTHLY", "STRIPE_PRICE_PRO_YEARLY", "STRIPE_API_URL"] as const;

/** Starts the fake and turns billing on against it; `stop` turns billing off again. */
export async function startBilling(): Promise<{ fake: StripeFake; stop: () => Promise<void> }> {
  const fake = await startStripeFake({ secretKey: SECRET_KEY });
  const settings = {
    STRIPE_SECRET_KEY: SECRET_KEY,
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_PRICE_PRO_MONTHLY: "price_monthly",
    STRIPE_PRICE_PRO_YEARLY: "price_yearly",
    STRIPE_API_URL: fake.url,
  };
  Object.assign(process.env, settings);
  resetEnvCache();
  return {
    fake,
    stop: async () => {
      for (const key of BILLING_KEYS) delete process.env[key];
      resetEnvCache();
      await fake.close();
    },
  };
}

/** A new account in its trial, as sign-up leaves it. */
export async function trialUser(locale = "en") {
  return getDb().user.create({
    data: { email: uniqueEmail("billing"), passwordHash: "x", locale, subscription: { create: trialSubscriptionData() } },
    select: { id: true, email: true },
  });
}

/** The user paid at Checkout (our customer, with metadata[userId], as the checkout flow makes it). */
export async function checkedOut(fake: StripeFake, userId: string, options?: { paymentMethod?: boolean; trialEnd?: number }) {
  const customer = await stripe().customers.create({ email: "payer@example.com", metadata: { userId } });
  const session = await stripe().checkout.sessions.create({
    mode: "subscription",
    line_items: [{ price: "price_monthly", quantity: 1 }],
    customer: customer.id,
    client_reference_id: userId,
    success_url: "http://localhost:3000/stripe/success?session_id={CHECKOUT_SESSION_ID}",
    cancel_url: "http://localhost:3000/stripe/cancel",
  });
  return fake.completeCheckout(session.id, options);
}

/** POSTs a body to the webhook route as Stripe does; the answer's status and JSON. */
export async function post(body: string, signature: string | null) {
  const headers = new Headers({ "Content-Type": "application/json; charset=utf-8", "User-Agent": "Stripe/1.0 (+https://stripe.com/docs/webhooks)" });
  if (signature !== null) headers.set("Stripe-Signature", signature);
  const request = new Request("http://localhost:3000/api/stripe/webhook", { method: "POST", headers, body });
  const response = await action({ request, params: {}, context: { cspNonce: "", clientIp: null } } as unknown as ActionFunctionArgs);
  return { status: response.status, body: (await response.json()) as Record<string, any> };
}

/** Delivers an event (built by the fake, or given) signed with the endpoint's secret. */
export async function deliver(fake: StripeFake, event: StripeObject | [StripeEventType, StripeObject], options: { timestamp?: number } = {}) {
  const payload = Array.isArray(event) ? fake.event(event[0], event[1]) : event;
  const { body, header } = signedWebhook(payload, WEBHOOK_SECRET, options);
  return post(body, header);
}

export const subscriptionRow = (userId: string) => getDb().subscription.findUniqueOrThrow({ where: { userId } });
