import { trackEventFor } from "~/modules/analytics/server-events.server";
import { currentPeriodEnd, stripe, type Stripe } from "~/integrations/stripe.server";
import { getDb } from "~/modules/db/db.server";
import { getEnv } from "~/core/env/env.server";
import { logger } from "~/core/logger/logger.server";
import type { Plan, SubscriptionStatus } from "~/modules/subscriptions/subscription.server";

// A Stripe subscription applied to our row (docs/decisions/0025): always the state read back from
// Stripe, never an event's copy, so deliveries in any order converge on Stripe's latest state.

const STATUSES: Record<Stripe.Subscription.Status, SubscriptionStatus> = {
  trialing: "trialing",
  active: "active",
  past_due: "pending",
  unpaid: "pending",
  incomplete: "pending",
  canceled: "canceled",
  incomplete_expired: "canceled",
  paused: "inactive",
};

export function statusOf(stripeStatus: Stripe.Subscription.Status): SubscriptionStatus {
  return STATUSES[stripeStatus] ?? "inactive";
}

const idOf = (value: string | { id: string } | null | undefined) => (typeof value === "string" ? value : (value?.id ?? null));

/** Who the subscription belongs to, as far as the event knew (a checkout session names the user). */
export interface Owner {
  userId?: string | null;
  customerId?: string | null;
}

export interface AppliedSubscription {
  userId: string;
  status: SubscriptionStatus;
  /** False when a newer state was already applied (this one was older, or revived a canceled one). */
  changed: boolean;
}

/** What our row says for this subscription. A canceled one leaves the user on the free plan. */
export function rowFromSubscription(subscription: Stripe.Subscription, cardOnCustomer: boolean) {
  const status = statusOf(subscription.status);
  const priceId = subscription.items.data[0]?.price.id ?? null;
  const { STRIPE_PRICE_PRO_MONTHLY, STRIPE_PRICE_PRO_YEARLY } = getEnv();
  if (priceId && priceId !== STRIPE_PRICE_PRO_MONTHLY && priceId !== STRIPE_PRICE_PRO_YEARLY) {
    // Pro is the only plan sold; a price no longer configured (prices replaced) is still pro.
    logger.warn({ subscriptionId: subscription.id, priceId }, "Stripe subscription on a price that is not configured");
  }
  const plan: Plan = status === "canceled" ? "free" : "pro";
  return {
    plan,
    status,
    stripeCustomerId: idOf(subscription.customer),
    stripeSubscriptionId: subscription.id,
    stripePriceId: priceId,
    currentPeriodEnd: currentPeriodEnd(subscription),
    trialEndsAt: subscription.trial_end ? new Date(subscription.trial_end * 1000) : null,
    cardConfigured: Boolean(subscription.default_payment_method) || cardOnCustomer,
  };
}

async function customerOf(subscription: Stripe.Subscription): Promise<Stripe.Customer | null> {
  const customer = await stripe().customers.retrieve(idOf(subscription.customer)!);
  return customer.deleted ? null : customer;
}

async function rowFor(subscription: Stripe.Subscription, owner: Owner, customer: () => Promise<Stripe.Customer | null>) {
  const db = getDb();
  const customerId = owner.customerId ?? idOf(subscription.customer);
  const bySubscription = await db.subscription.findUnique({ where: { stripeSubscriptionId: subscription.id } });
  if (bySubscription) return bySubscription;
  const userId = owner.userId ?? subscription.metadata?.userId;
  if (userId) {
    const user = await db.user.findUnique({ where: { id: userId }, select: { id: true } });
    if (user) return db.subscription.upsert({ where: { userId }, create: { userId }, update: {} });
  }
  if (customerId) {
    const byCustomer = await db.subscription.findUnique({ where: { stripeCustomerId: customerId } });
    if (byCustomer) return byCustomer;
  }
  // Our customers carry metadata[userId] from the first checkout.
  const fromCustomer = (await customer())?.metadata?.userId;
  if (!fromCustomer || !(await db.user.findUnique({ where: { id: fromCustomer }, select: { id: true } }))) return null;
  return db.subscription.upsert({ where: { userId: fromCustomer }, create: { userId: fromCustomer }, update: {} });
}

/**
 * Reads the subscription back from Stripe and applies it to its user's row, unless a state read
 * later was already applied (stripeStateAt) or it would revive a canceled subscription. Stripe
 * failures are thrown: the webhook answers 5xx and Stripe delivers it again.
 * Null when no user of ours owns the subscription (or Stripe has no such subscription).
 */
export async function syncSubscription(subscriptionId: string, owner: Owner = {}): Promise<AppliedSubscription | null> {
  const readAt = new Date();
  let subscription: Stripe.Subscription;
  try {
    subscription = await stripe().subscriptions.retrieve(subscriptionId);
  } catch (error) {
    if ((error as { code?: string }).code !== "resource_missing") throw error;
    logger.warn({ subscriptionId }, "Stripe has no such subscription; event ignored");
    return null;
  }
  let customer: Promise<Stripe.Customer | null> | undefined;
  const loadCustomer = () => (customer ??= customerOf(subscription));
  const row = await rowFor(subscription, owner, loadCustomer);
  if (!row) {
    logger.warn({ subscriptionId }, "No user of ours owns this Stripe subscription; event ignored");
    return null;
  }
  const cardOnCustomer = subscription.default_payment_method ? false : Boolean((await loadCustomer())?.invoice_settings?.default_payment_method);
  const data = rowFromSubscription(subscription, cardOnCustomer);

  const sameSubscription = row.stripeSubscriptionId === subscription.id;
  const otherLive = row.stripeSubscriptionId && !sameSubscription && row.status !== "canceled";
  // An old subscription ending does not end the newer one the user has since taken.
  if (otherLive && data.status === "canceled") return { userId: row.userId, status: row.status as SubscriptionStatus, changed: false };

  const { count } = await getDb().subscription.updateMany({
    where: {
      id: row.id,
      OR: [{ stripeStateAt: null }, { stripeStateAt: { lt: readAt } }],
      // Canceled is final in Stripe: a stale "active" must not bring it back.
      ...(sameSubscription && data.status !== "canceled" ? { status: { not: "canceled" } } : {}),
    },
    data: { ...data, stripeStateAt: readAt },
  });
  const status = count ? data.status : ((await getDb().subscription.findUnique({ where: { id: row.id } }))?.status as SubscriptionStatus);
  logger.info({ userId: row.userId, subscriptionId, status, applied: count === 1 }, "Stripe subscription synced");
  if (count === 1 && (row.status !== data.status || row.plan !== data.plan)) {
    trackEventFor(row.userId, "subscription changed", { plan: data.plan, status: data.status, previous_plan: row.plan, previous_status: row.status });
  }
  return { userId: row.userId, status, changed: count === 1 };
}
