// The Stripe objects the fake (stripe-server.ts) keeps and answers, in the shape of API version
// 2025-03-31.basil and later (docs/providers.md, "Stripe"): the period end on the subscription item,
// an invoice's subscription under `parent.subscription_details`. Also Stripe's form decoding, its
// error bodies, events and signed webhook bodies, which tests use directly.
import Stripe from "stripe";
import { json, randomId, type Reply } from "./fake-kit";

export type StripeObject = Record<string, any>;
export type SubscriptionStatus = "incomplete" | "incomplete_expired" | "trialing" | "active" | "past_due" | "canceled" | "unpaid" | "paused";
export type StripeEventType =
  | "checkout.session.completed"
  | "customer.subscription.created"
  | "customer.subscription.updated"
  | "customer.subscription.deleted"
  | "invoice.paid"
  | "invoice.payment_failed";

export interface FakePrice {
  interval: "day" | "week" | "month" | "year";
  /** In the currency's smallest unit (default 900). */
  unitAmount?: number;
  currency?: string;
}

export interface FakeCoupon {
  percentOff?: number;
  amountOff?: number;
  duration?: "once" | "repeating" | "forever";
}

export const DAY = 86_400;
export const nowSeconds = () => Math.floor(Date.now() / 1000);
/** Stripe ids: a type prefix and random letters and digits. */
export const stripeId = (prefix: string) => `${prefix}_${randomId(18).replace(/[-_]/g, "x")}`;
/** Objects leave the fake as copies, so a test's snapshot never changes behind its back. */
export const copy = <T>(value: T): T => structuredClone(value);

export interface StripeErrorFields {
  type?: "invalid_request_error" | "api_error" | "card_error" | "idempotency_error";
  code?: string;
  param?: string;
}

/** Stripe's error body, which the SDK turns into StripeInvalidRequestError (400/404), StripeAuthenticationError (401)… */
export function stripeError(status: number, message: string, { type = "invalid_request_error", code, param }: StripeErrorFields = {}): Reply {
  return json(status, { error: { type, message, ...(code ? { code } : {}), ...(param ? { param } : {}) } });
}

export const missingParam = (param: string) => stripeError(400, `Missing required param: ${param}.`, { code: "parameter_missing", param });
export const invalidParam = (param: string, message: string) => stripeError(400, message, { code: "parameter_invalid", param });
export const noSuch = (kind: string, id: string, param = "id") =>
  stripeError(param === "id" ? 404 : 400, `No such ${kind}: '${id}'`, { code: "resource_missing", param });

export function faultBody(status: number): unknown {
  if (status === 401) return { error: { type: "invalid_request_error", message: "Invalid API Key provided: sk_test_****" } };
  if (status === 402) return { error: { type: "card_error", code: "card_declined", message: "Your card was declined." } };
  if (status === 429) return { error: { type: "invalid_request_error", code: "rate_limit", message: "Request rate limit exceeded." } };
  if (status >= 500) return { error: { type: "api_error", message: "An unknown error occurred" } };
  return { error: { type: "invalid_request_error", message: `Injected error ${status}` } };
}

/**
 * Stripe's form encoding, as the SDK writes it: `line_items[0][price]=…&metadata[userId]=…` becomes
 * `{line_items: [{price}], metadata: {userId}}`. Values stay strings, as Stripe receives them.
 */
export function decodeForm(raw: string): StripeObject {
  const root: StripeObject = {};
  for (const [key, value] of new URLSearchParams(raw)) {
    const path = key.replace(/\]/g, "").split("[");
    let node = root;
    path.forEach((segment, index) => {
      if (index === path.length - 1) node[segment] = value;
      else node = node[segment] ??= {};
    });
  }
  return arraysOf(root) as StripeObject;
}

/** Objects keyed 0, 1, 2… are the arrays the SDK flattened. */
function arraysOf(value: unknown): unknown {
  if (!value || typeof value !== "object") return value;
  const entries = Object.entries(value).map(([key, inner]) => [key, arraysOf(inner)] as const);
  const indexed = entries.length > 0 && entries.every(([key], i) => key === String(i));
  return indexed ? entries.map(([, inner]) => inner) : Object.fromEntries(entries);
}

/** The first parameter not in `allowed` (nested names as Stripe spells them, `subscription_data[foo]`). */
function unknownParam(params: StripeObject, allowed: Record<string, true | Record<string, true>>, prefix = ""): string | undefined {
  for (const [key, value] of Object.entries(params)) {
    const rule = allowed[key];
    const name = prefix ? `${prefix}[${key}]` : key;
    if (!rule) return name;
    if (rule === true || !value || typeof value !== "object") continue;
    const items: Array<[string, unknown]> = Array.isArray(value) ? value.map((item, i) => [`${name}[${i}]`, item]) : [[name, value]];
    for (const [itemName, item] of items) {
      if (!item || typeof item !== "object") continue;
      const found = unknownParam(item as StripeObject, rule, itemName);
      if (found) return found;
    }
  }
  return undefined;
}

/** Stripe's 400 for the first parameter it does not know, or null. */
export function unknownParamProblem(params: StripeObject, allowed: Record<string, true | Record<string, true>>): Reply | null {
  const unknown = unknownParam(params, allowed);
  return unknown ? stripeError(400, `Received unknown parameter: ${unknown}`, { code: "parameter_unknown", param: unknown }) : null;
}

export function priceObject(id: string, price: FakePrice): StripeObject {
  return {
    id,
    object: "price",
    active: true,
    currency: price.currency ?? "eur",
    unit_amount: price.unitAmount ?? 900,
    type: "recurring",
    recurring: { interval: price.interval, interval_count: 1, usage_type: "licensed" },
    livemode: false,
  };
}

export function couponObject(id: string, coupon: FakeCoupon): StripeObject {
  return {
    id,
    object: "coupon",
    percent_off: coupon.percentOff ?? (coupon.amountOff ? null : 20),
    amount_off: coupon.amountOff ?? null,
    duration: coupon.duration ?? "once",
    valid: true,
    livemode: false,
  };
}

/** The end of one billing period after `start` (calendar months and years, as Stripe bills). */
export function periodEnd(start: number, interval: FakePrice["interval"]): number {
  if (interval === "day") return start + DAY;
  if (interval === "week") return start + 7 * DAY;
  const date = new Date(start * 1000);
  if (interval === "month") date.setUTCMonth(date.getUTCMonth() + 1);
  else date.setUTCFullYear(date.getUTCFullYear() + 1);
  return Math.floor(date.getTime() / 1000);
}

export function subscriptionObject(fields: {
  customer: string;
  price: StripeObject;
  quantity: number;
  trialEnd: number | null;
  defaultPaymentMethod: string | null;
  metadata: Record<string, string>;
}): StripeObject {
  const start = nowSeconds();
  const id = stripeId("sub");
  const end = fields.trialEnd ?? periodEnd(start, fields.price.recurring.interval);
  const item = { id: stripeId("si"), object: "subscription_item", price: fields.price, quantity: fields.quantity, subscription: id };
  return {
    id,
    object: "subscription",
    status: fields.trialEnd ? "trialing" : "active",
    customer: fields.customer,
    items: {
      object: "list",
      data: [{ ...item, current_period_start: start, current_period_end: end }],
      has_more: false,
      url: `/v1/subscription_items?subscription=${id}`,
    },
    default_payment_method: fields.defaultPaymentMethod,
    metadata: fields.metadata,
    cancel_at_period_end: false,
    cancel_at: null,
    canceled_at: null,
    ended_at: null,
    trial_start: fields.trialEnd ? start : null,
    trial_end: fields.trialEnd,
    start_date: start,
    billing_cycle_anchor: end,
    created: start,
    currency: fields.price.currency,
    collection_method: "charge_automatically",
    discounts: [],
    latest_invoice: null,
    livemode: false,
  };
}

/** An invoice of the subscription's current period; `paid` false is a failed charge Stripe will retry. */
export function invoiceObject(subscription: StripeObject, paid: boolean): StripeObject {
  const item = subscription.items.data[0];
  const amount = subscription.status === "trialing" ? 0 : item.price.unit_amount * item.quantity;
  const now = nowSeconds();
  return {
    id: stripeId("in"),
    object: "invoice",
    customer: subscription.customer,
    status: paid ? "paid" : "open",
    parent: { type: "subscription_details", subscription_details: { subscription: subscription.id, metadata: subscription.metadata }, quote_details: null },
    currency: subscription.currency,
    amount_due: amount,
    amount_paid: paid ? amount : 0,
    amount_remaining: paid ? 0 : amount,
    attempt_count: 1,
    attempted: true,
    next_payment_attempt: paid ? null : now + 3 * DAY,
    billing_reason: "subscription_cycle",
    period_start: item.current_period_start,
    period_end: item.current_period_end,
    created: now,
    livemode: false,
  };
}

/** The event Stripe would send for `object` as it is now (a copy: later changes do not show). */
export function eventObject(type: StripeEventType, object: StripeObject, apiVersion: string, previousAttributes?: StripeObject): StripeObject {
  return {
    id: stripeId("evt"),
    object: "event",
    type,
    api_version: apiVersion,
    created: nowSeconds(),
    data: { object: copy(object), ...(previousAttributes ? { previous_attributes: copy(previousAttributes) } : {}) },
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
  };
}

/** A webhook body and its `Stripe-Signature` header, signed by the SDK itself. */
export function signedWebhook(payload: object, secret: string, { timestamp }: { timestamp?: number } = {}): { body: string; header: string } {
  const body = JSON.stringify(payload);
  return { body, header: Stripe.webhooks.generateTestHeaderString({ payload: body, secret, timestamp }) };
}
