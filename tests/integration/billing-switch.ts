import { resetEnvCache } from "~/core/env/env.server";

// Billing is off in tests unless a test turns it on (docs/decisions/0025: without STRIPE_SECRET_KEY
// no account is limited by its plan). Turn it off again afterwards: the environment is per process.

const BILLING_KEYS = [
  "STRIPE_SECRET_KEY",
  "STRIPE_WEBHOOK_SECRET",
  "STRIPE_PRICE_PRO_MONTHLY",
  "STRIPE_PRICE_PRO_YEARLY",
  "STRIPE_WAITLIST_COUPON",
  "STRIPE_API_URL",
] as const;

export type BillingSettings = Partial<Record<(typeof BILLING_KEYS)[number], string | undefined>>;

/** Billing on, with test keys (pass STRIPE_API_URL to reach a Stripe fake); undefined removes a setting. */
export function turnBillingOn(overrides: BillingSettings = {}): void {
  const values: BillingSettings = {
    STRIPE_SECRET_KEY: "sk_test_plume",
    STRIPE_WEBHOOK_SECRET: "whsec_plume",
    STRIPE_PRICE_PRO_MONTHLY: "price_pro_monthly",
    STRIPE_PRICE_PRO_YEARLY: "price_pro_yearly",
    ...overrides,
  };
  for (const key of BILLING_KEYS) {
    const value = values[key];
    if (value === undefined) delete process.env[key];
    else process.env[key] = value;
  }
  resetEnvCache();
}

/** Billing off, as on a self-hosted instance. */
export function turnBillingOff(): void {
  for (const key of BILLING_KEYS) delete process.env[key];
  resetEnvCache();
}
