import { billingEnabled, verifiedEvent, type Stripe } from "~/integrations/stripe.server";
import { getDb } from "~/modules/db/db.server";
import { AppError } from "~/modules/errors/app-error";
import { logger } from "~/core/logger/logger.server";
import { sendPaymentFailedMail } from "./payment-failed-mail.server";
import { syncSubscription, type Owner } from "./stripe-sync.server";

// Stripe's webhook deliveries (docs/decisions/0025): genuine ones only, each event handled once,
// every subscription event applied as the state read back from Stripe.

export type WebhookOutcome = "handled" | "duplicate" | "ignored";

// The SDK's errors (connection, API, rate limit…) are named Stripe*Error in their `type`.
const isStripeError = (error: unknown) => /^Stripe\w*Error$/.test(String((error as { type?: unknown })?.type));

const idOf = (value: string | { id: string } | null | undefined) => (typeof value === "string" ? value : (value?.id ?? null));

/** What an event names: the subscription to read back and who owns it, or null for an event we skip. */
function subjectOf(event: Stripe.Event): { subscriptionId: string | null; owner: Owner } | null {
  switch (event.type) {
    case "checkout.session.completed": {
      const session = event.data.object;
      const userId = session.client_reference_id ?? session.metadata?.userId ?? null;
      return { subscriptionId: idOf(session.subscription), owner: { userId, customerId: idOf(session.customer) } };
    }
    case "customer.subscription.created":
    case "customer.subscription.updated":
    case "customer.subscription.deleted":
      return { subscriptionId: event.data.object.id, owner: { customerId: idOf(event.data.object.customer) } };
    case "invoice.paid":
    case "invoice.payment_failed": {
      const invoice = event.data.object;
      return { subscriptionId: idOf(invoice.parent?.subscription_details?.subscription), owner: { customerId: idOf(invoice.customer) } };
    }
    default:
      return null;
  }
}

async function handle(event: Stripe.Event, subject: { subscriptionId: string | null; owner: Owner }): Promise<void> {
  if (!subject.subscriptionId) {
    logger.info({ eventId: event.id, type: event.type }, "Stripe event without a subscription; nothing to apply");
    return;
  }
  const applied = await syncSubscription(subject.subscriptionId, subject.owner);
  if (applied && event.type === "invoice.payment_failed") await sendPaymentFailedMail(applied.userId);
}

/**
 * Verifies and handles one delivery. Throws AppError invalid_signature (nothing changes) or
 * billing_disabled; anything else thrown (Stripe unreachable…) leaves the event unrecorded, so
 * Stripe's next delivery is handled in full.
 */
export async function receiveStripeWebhook(rawBody: Buffer, signatureHeader: string | null): Promise<WebhookOutcome> {
  if (!billingEnabled()) throw new AppError("billing_disabled", "billing.webhooks.disabled");
  let event: Stripe.Event;
  try {
    event = verifiedEvent(rawBody, signatureHeader ?? "");
  } catch {
    logger.warn({ hasHeader: Boolean(signatureHeader), bytes: rawBody.byteLength }, "Stripe webhook refused: bad or stale signature");
    throw new AppError("invalid_signature", "billing.webhooks.invalidSignature");
  }
  const subject = subjectOf(event);
  if (!subject) {
    logger.info({ eventId: event.id, type: event.type }, "Stripe event type not handled; ignored");
    return "ignored";
  }

  // The id is claimed first: of two deliveries at once, only one handles the event.
  const db = getDb();
  try {
    await db.stripeEvent.create({ data: { id: event.id, type: event.type } });
  } catch (error) {
    if ((error as { code?: string }).code !== "P2002") throw error;
    logger.info({ eventId: event.id, type: event.type }, "Stripe event already handled; replay ignored");
    return "duplicate";
  }
  try {
    await handle(event, subject);
  } catch (error) {
    // Released, so that Stripe's retry is handled rather than taken for a replay.
    await db.stripeEvent.deleteMany({ where: { id: event.id } });
    logger.error({ err: error, eventId: event.id, type: event.type }, "Stripe event could not be handled; Stripe will retry");
    if (isStripeError(error)) throw new AppError("provider_unavailable", "billing.webhooks.stripeUnavailable");
    throw error;
  }
  logger.info({ eventId: event.id, type: event.type }, "Stripe event handled");
  return "handled";
}

/** Stripe redelivers for 3 days and keeps events 30 days (resends from its dashboard): past that, an id is no longer needed. */
export const HANDLED_EVENT_RETENTION_MS = 35 * 24 * 60 * 60 * 1000;

export async function sweepHandledStripeEvents(now = new Date()): Promise<number> {
  const { count } = await getDb().stripeEvent.deleteMany({ where: { receivedAt: { lt: new Date(now.getTime() - HANDLED_EVENT_RETENTION_MS) } } });
  return count;
}
