import { billingEnabled } from "~/integrations/stripe.server";
import { getDb } from "~/modules/db/db.server";
import { currentSubscription } from "~/modules/subscriptions/subscription.server";

const HOUR_MS = 60 * 60 * 1000;
/** Stripe refuses a trial ending within 48 hours; a few minutes more cover the request's journey. */
const MIN_TRIAL_CARRIED_MS = 48 * HOUR_MS + 10 * 60 * 1000;

/** Stripe states in which the subscription is managed in the portal rather than bought again. */
export const LIVE_STRIPE_STATUSES: ReadonlySet<string> = new Set(["active", "trialing", "pending"]);

export interface BillingAccount {
  /** This server takes payments (STRIPE_SECRET_KEY is set). */
  enabled: boolean;
  /** A Stripe customer exists: the billing portal can be opened. */
  hasCustomer: boolean;
  /** A Stripe subscription is live: the user manages it rather than upgrading. */
  subscribed: boolean;
}

/** What the pages offer: upgrade buttons, the billing portal, or a word that billing is off (no user: signed out). */
export async function billingAccount(userId: string | null): Promise<BillingAccount> {
  const enabled = billingEnabled();
  if (!enabled || !userId) return { enabled, hasCustomer: false, subscribed: false };
  const row = await getDb().subscription.findUnique({
    where: { userId },
    select: { stripeCustomerId: true, stripeSubscriptionId: true, status: true },
  });
  return {
    enabled,
    hasCustomer: Boolean(row?.stripeCustomerId),
    subscribed: Boolean(row?.stripeSubscriptionId && LIVE_STRIPE_STATUSES.has(row.status)),
  };
}

/** When our trial ends, if enough of it is left to carry into the Stripe subscription (else null). */
export function carriedTrialEnd(row: Parameters<typeof currentSubscription>[0], now = new Date()): Date | null {
  const view = currentSubscription(row, now);
  if (view.status !== "trialing" || !view.trialEndsAt) return null;
  return view.trialEndsAt.getTime() - now.getTime() >= MIN_TRIAL_CARRIED_MS ? view.trialEndsAt : null;
}

/** What /checkout shows: the buttons it offers and the trial that carries over, if any. */
export async function checkoutOffer(userId: string): Promise<{ account: BillingAccount; trialEndsAt: Date | null }> {
  const [account, row] = await Promise.all([billingAccount(userId), getDb().subscription.findUnique({ where: { userId } })]);
  return { account, trialEndsAt: carriedTrialEnd(row) };
}
