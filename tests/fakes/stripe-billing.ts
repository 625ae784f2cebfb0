// What the Stripe fake keeps, and what happens to it outside API calls: the customer pays at
// Checkout, a subscription renews, fails to renew or is canceled. Tests drive these through the
// fake's controls (stripe-server.ts); every object handed out is a copy.
import type { RecordedRequest } from "./fake-kit";
import type { CheckoutDetails } from "./stripe-checkout";
import { copy, invoiceObject, nowSeconds, stripeId, subscriptionObject, type StripeObject, type SubscriptionStatus } from "./stripe-objects";

export interface StripeFakeState {
  secretKey: string;
  apiVersion: string;
  prices: Map<string, StripeObject>;
  coupons: Map<string, StripeObject>;
  customers: Map<string, StripeObject>;
  checkoutSessions: Map<string, StripeObject>;
  /** What each session's completion needs, which Stripe does not show on the session. */
  checkoutDetails: Map<string, CheckoutDetails>;
  subscriptions: Map<string, StripeObject>;
  invoices: Map<string, StripeObject>;
  portalSessions: Map<string, StripeObject>;
  requests: RecordedRequest[];
  /** Webhook deliveries made by the fake itself (the checkout page's "Pay"). */
  deliveries: Array<{ type: string; status: number }>;
}

export interface CheckoutOutcome {
  session: StripeObject;
  subscription: StripeObject;
  customer: StripeObject;
  invoice: StripeObject;
}

export interface SubscriptionChanges {
  status?: SubscriptionStatus;
  /** Unix seconds, on the subscription's item as basil keeps it. */
  currentPeriodEnd?: number;
  cancelAtPeriodEnd?: boolean;
}

export function newCustomer(state: StripeFakeState, email: string | null, metadata: Record<string, string> = {}, name: string | null = null): StripeObject {
  const id = stripeId("cus");
  const invoiceSettings = { default_payment_method: null, custom_fields: null, footer: null };
  state.customers.set(id, { id, object: "customer", email, name, metadata, invoice_settings: invoiceSettings, created: nowSeconds(), livemode: false });
  return state.customers.get(id)!;
}

/** The customer pays (or starts the trial): the subscription and its first invoice exist, the session is complete. */
export function completeCheckout(
  state: StripeFakeState,
  sessionId: string,
  { paymentMethod = true, trialEnd }: { paymentMethod?: boolean; trialEnd?: number } = {},
): CheckoutOutcome {
  const session = state.checkoutSessions.get(sessionId);
  const details = state.checkoutDetails.get(sessionId);
  if (!session || !details) throw new Error(`No such checkout session: ${sessionId}`);
  if (session.status !== "open") throw new Error(`Checkout session ${sessionId} is ${session.status}`);
  // Subscription mode always leaves a customer behind, created from the email when none was given.
  const customer = session.customer ? state.customers.get(session.customer)! : newCustomer(state, session.customer_email);
  const subscription = subscriptionObject({
    customer: customer.id,
    price: details.price,
    quantity: details.quantity,
    trialEnd: trialEnd ?? details.trialEnd,
    defaultPaymentMethod: paymentMethod ? stripeId("pm") : null,
    metadata: details.subscriptionMetadata,
  });
  const invoice: StripeObject = { ...invoiceObject(subscription, true), billing_reason: "subscription_create" };
  subscription.latest_invoice = invoice.id;
  state.subscriptions.set(subscription.id, subscription);
  state.invoices.set(invoice.id, invoice);
  Object.assign(session, {
    status: "complete",
    payment_status: invoice.amount_due === 0 ? "no_payment_required" : "paid",
    customer: customer.id,
    customer_details: { email: customer.email, name: customer.name },
    subscription: subscription.id,
    invoice: invoice.id,
  });
  return copy({ session, subscription, customer, invoice });
}

function subscription(state: StripeFakeState, id: string): StripeObject {
  const found = state.subscriptions.get(id);
  if (!found) throw new Error(`No such subscription: ${id}`);
  return found;
}

export function updateSubscription(state: StripeFakeState, id: string, changes: SubscriptionChanges): StripeObject {
  const found = subscription(state, id);
  const item = found.items.data[0];
  if (changes.status) found.status = changes.status;
  if (changes.status === "canceled") found.canceled_at = found.ended_at = nowSeconds();
  if (changes.currentPeriodEnd !== undefined) item.current_period_end = changes.currentPeriodEnd;
  if (changes.cancelAtPeriodEnd !== undefined) {
    found.cancel_at_period_end = changes.cancelAtPeriodEnd;
    found.cancel_at = changes.cancelAtPeriodEnd ? item.current_period_end : null;
  }
  return copy(found);
}

/** A renewal invoice: a failed charge makes an active subscription past_due, a paid one makes it active again. */
export function createInvoice(state: StripeFakeState, subscriptionId: string, { paid = true }: { paid?: boolean } = {}): StripeObject {
  const found = subscription(state, subscriptionId);
  const invoice = invoiceObject(found, paid);
  state.invoices.set(invoice.id, invoice);
  found.latest_invoice = invoice.id;
  if (!paid && found.status === "active") found.status = "past_due";
  if (paid && ["past_due", "unpaid"].includes(found.status)) found.status = "active";
  return copy(invoice);
}
