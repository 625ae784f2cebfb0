import type Stripe from "stripe";
import { getEnv } from "~/core/env/env.server";
import { loadOnFirstUse } from "~/core/runtime/load-on-first-use.server";

const StripeSdk = loadOnFirstUse<typeof Stripe>("stripe");

// Stripe through its own SDK (docs/providers.md, "Stripe"). STRIPE_API_URL points it elsewhere (the
// tests' fake, a proxy); without STRIPE_SECRET_KEY billing is off and nothing here is called.

export type BillingInterval = "month" | "year";

export function billingEnabled(): boolean {
  return Boolean(getEnv().STRIPE_SECRET_KEY);
}

let cached: { signature: string; client: Stripe } | undefined;

/** The SDK client for the configured key and address (made once per configuration). */
export function stripe(): Stripe {
  const { STRIPE_SECRET_KEY: key, STRIPE_API_URL: address, PROVIDER_TIMEOUT_MS: timeout } = getEnv();
  if (!key) throw new Error("Billing is off: STRIPE_SECRET_KEY is not set");
  const signature = `${key}|${address}|${timeout}`;
  if (cached?.signature !== signature) {
    const url = new URL(address);
    const protocol = url.protocol === "http:" ? "http" : "https";
    cached = {
      signature,
      client: new (StripeSdk())(key, {
        host: url.hostname,
        port: url.port ? Number(url.port) : protocol === "http" ? 80 : 443,
        protocol,
        timeout,
        // The SDK retries network failures and 409/429/5xx with an idempotency key of its own.
        maxNetworkRetries: 2,
        appInfo: { name: "Plume" },
      }),
    };
  }
  return cached.client;
}

export function priceFor(interval: BillingInterval): string {
  const env = getEnv();
  const price = interval === "year" ? env.STRIPE_PRICE_PRO_YEARLY : env.STRIPE_PRICE_PRO_MONTHLY;
  if (!price) throw new Error(`STRIPE_PRICE_PRO_${interval === "year" ? "YEARLY" : "MONTHLY"} is not set`);
  return price;
}

/** The period end of a subscription: on its item since the 2025-03-31 (basil) API. */
export function currentPeriodEnd(subscription: Stripe.Subscription): Date | null {
  const ends = subscription.items.data.map((item) => item.current_period_end).filter((end): end is number => typeof end === "number");
  return ends.length ? new Date(Math.max(...ends) * 1000) : null;
}

/** The webhook's event, verified on the raw body (signature and a 300 s tolerance); throws when not genuine. */
export function verifiedEvent(rawBody: string | Buffer, signatureHeader: string): Stripe.Event {
  const secret = getEnv().STRIPE_WEBHOOK_SECRET;
  if (!secret) throw new Error("STRIPE_WEBHOOK_SECRET is not set");
  return stripe().webhooks.constructEvent(rawBody, signatureHeader, secret, 300);
}

export type { Stripe };
