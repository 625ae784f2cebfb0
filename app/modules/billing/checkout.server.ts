import { billingEnabled, priceFor, stripe, type BillingInterval, type Stripe } from "~/integrations/stripe.server";
import { getDb } from "~/modules/db/db.server";
import { getEnv } from "~/core/env/env.server";
import { AppError, isAppError } from "~/modules/errors/app-error";
import { logger } from "~/core/logger/logger.server";
import { currentSubscription, type SubscriptionView } from "~/modules/subscriptions/subscription.server";
import { carriedTrialEnd, LIVE_STRIPE_STATUSES } from "./account.server";
import { stripeFailure } from "./stripe-failure.server";

// Stripe Checkout and the billing portal (docs/decisions/0025): one Stripe customer per user,
// created at the first checkout and reused; the answer is the Stripe page to send the user to.

export interface BillingUser {
  id: string;
  email: string;
}

function requireBilling(): void {
  if (!billingEnabled()) throw new AppError("billing_disabled", "billing.checkout.disabled");
}

function appUrl(path: string): string {
  return new URL(path, getEnv().APP_URL).toString();
}

/** The user's Stripe customer: the stored one, else a new one recorded unless a parallel checkout won. */
async function customerFor(user: BillingUser): Promise<string> {
  const db = getDb();
  const stored = await db.subscription.findUnique({ where: { userId: user.id }, select: { stripeCustomerId: true } });
  if (stored?.stripeCustomerId) return stored.stripeCustomerId;
  const customer = await stripe().customers.create({ email: user.email, metadata: { userId: user.id } });
  // Recorded only where none is yet: of two checkouts racing, the first to write keeps its customer.
  const record = async () =>
    (await db.subscription.updateMany({ where: { userId: user.id, stripeCustomerId: null }, data: { stripeCustomerId: customer.id } })).count === 1;
  if (await record()) return customer.id;
  if (!stored) {
    // An account without a subscription row (made before trials existed) is on the free plan.
    try {
      await db.subscription.create({ data: { userId: user.id, plan: "free", status: "active", stripeCustomerId: customer.id } });
      return customer.id;
    } catch (error) {
      if ((error as { code?: string }).code !== "P2002") throw error;
      if (await record()) return customer.id;
    }
  }
  const winner = await db.subscription.findUniqueOrThrow({ where: { userId: user.id }, select: { stripeCustomerId: true } });
  logger.info({ userId: user.id, unused: customer.id, kept: winner.stripeCustomerId }, "A parallel checkout recorded the Stripe customer first");
  return winner.stripeCustomerId!;
}

async function onWaitlist(email: string): Promise<boolean> {
  return (await getDb().waitlistEntry.count({ where: { email: email.trim().toLowerCase() } })) > 0;
}

/** Where the user is sent to pay for Pro: a Checkout session, or the portal when already subscribed. */
export async function startCheckout(user: BillingUser, interval: BillingInterval, now = new Date()): Promise<string> {
  requireBilling();
  const row = await getDb().subscription.findUnique({ where: { userId: user.id } });
  if (row?.stripeSubscriptionId && LIVE_STRIPE_STATUSES.has(row.status)) return openBillingPortal(user);
  try {
    const customer = await customerFor(user);
    const { STRIPE_WAITLIST_COUPON: coupon } = getEnv();
    const discount: Partial<Stripe.Checkout.SessionCreateParams> =
      coupon && (await onWaitlist(user.email)) ? { discounts: [{ coupon }] } : { allow_promotion_codes: true };
    const trialEnd = carriedTrialEnd(row, now);
    const session = await stripe().checkout.sessions.create({
      mode: "subscription",
      line_items: [{ price: priceFor(interval), quantity: 1 }],
      customer,
      client_reference_id: user.id,
      metadata: { userId: user.id },
      success_url: `${appUrl("/stripe/success")}?session_id={CHECKOUT_SESSION_ID}`,
      cancel_url: appUrl("/stripe/cancel"),
      ...discount,
      subscription_data: {
        metadata: { userId: user.id },
        // Our own trial carries over: the first payment is due when it would have ended.
        ...(trialEnd ? { trial_end: Math.floor(trialEnd.getTime() / 1000) } : {}),
      },
    });
    if (!session.url) throw new Error("Stripe answered a checkout session without a URL");
    return session.url;
  } catch (error) {
    if (isAppError(error)) throw error;
    logger.error({ err: stripeFailure(error), userId: user.id, interval }, "Creating a checkout session failed");
    throw new AppError("checkout_failed", "billing.checkout.failed");
  }
}

/** The Stripe billing portal for the user's customer (card, invoices, cancelling). */
export async function openBillingPortal(user: Pick<BillingUser, "id">): Promise<string> {
  requireBilling();
  const row = await getDb().subscription.findUnique({ where: { userId: user.id }, select: { stripeCustomerId: true } });
  if (!row?.stripeCustomerId) throw new AppError("no_billing_account", "billing.checkout.noAccount");
  try {
    const session = await stripe().billingPortal.sessions.create({ customer: row.stripeCustomerId, return_url: appUrl("/profile") });
    return session.url;
  } catch (error) {
    logger.error({ err: stripeFailure(error), userId: user.id }, "Opening the billing portal failed");
    throw new AppError("portal_failed", "billing.checkout.portalFailed");
  }
}

export interface CheckoutOutcome {
  /** The plan paid for, as Stripe has the session. */
  paid: boolean;
  /** Our row shows the Stripe subscription (the webhook has come). */
  activated: boolean;
  plan: SubscriptionView["plan"];
  status: SubscriptionView["status"];
}

/**
 * A checkout session read back for the success page; null when it is not this user's (or unknown),
 * which the page answers as 404.
 */
export async function checkoutOutcome(userId: string, sessionId: string): Promise<CheckoutOutcome | null> {
  requireBilling();
  if (!/^cs_[A-Za-z0-9_]+$/.test(sessionId)) return null;
  let session: Stripe.Checkout.Session;
  try {
    session = await stripe().checkout.sessions.retrieve(sessionId);
  } catch (error) {
    if ((error as { statusCode?: number }).statusCode === 404) return null;
    logger.error({ err: stripeFailure(error), userId }, "Reading a checkout session back failed");
    throw new AppError("checkout_failed", "billing.checkout.failed");
  }
  if (session.client_reference_id !== userId) return null;
  const row = await getDb().subscription.findUnique({ where: { userId } });
  const subscriptionId = typeof session.subscription === "string" ? session.subscription : session.subscription?.id;
  const view = currentSubscription(row);
  return {
    paid: session.status === "complete",
    activated: Boolean(row?.stripeSubscriptionId && (!subscriptionId || row.stripeSubscriptionId === subscriptionId)),
    plan: view.plan,
    status: view.status,
  };
}
