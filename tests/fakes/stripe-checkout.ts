// The checks Stripe makes on `POST /v1/checkout/sessions` (subscription mode), with its messages and
// `param` names, and the session object it answers. No kinder than Stripe: unknown parameters, a
// coupon together with promotion codes, or a trial ending within 48 hours are all refused.
import type { Reply } from "./fake-kit";
import { DAY, invalidParam, missingParam, noSuch, nowSeconds, stripeError, stripeId, unknownParamProblem, type StripeObject } from "./stripe-objects";

/** What the fake accepts; the rest of Stripe's parameters (not used by us) answer "unknown parameter". */
const ALLOWED: Record<string, true | Record<string, true>> = {
  mode: true,
  line_items: { price: true, quantity: true },
  customer: true,
  customer_email: true,
  client_reference_id: true,
  metadata: true,
  success_url: true,
  cancel_url: true,
  discounts: { coupon: true, promotion_code: true },
  allow_promotion_codes: true,
  subscription_data: { trial_end: true, trial_period_days: true, metadata: true, description: true },
  payment_method_collection: true,
  billing_address_collection: true,
  locale: true,
  expand: true,
};

export interface CheckoutContext {
  baseUrl: string;
  prices: Map<string, StripeObject>;
  coupons: Map<string, StripeObject>;
  customers: Map<string, StripeObject>;
}

export const isUrl = (value: unknown) => typeof value === "string" && /^https?:\/\/[^\s]+$/.test(value) && URL.canParse(value);
export const isEmail = (value: unknown) => typeof value === "string" && /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value);

/** Stripe's metadata limits: 50 keys, keys up to 40 characters, values up to 500. */
export function checkMetadata(metadata: unknown, param = "metadata"): Reply | null {
  if (metadata === undefined) return null;
  if (!metadata || typeof metadata !== "object" || Array.isArray(metadata)) return invalidParam(param, `Invalid object`);
  const entries = Object.entries(metadata);
  if (entries.length > 50) return invalidParam(param, "Metadata can have up to 50 keys.");
  for (const [key, value] of entries) {
    if (key.length > 40) return invalidParam(`${param}[${key}]`, "Metadata keys can be up to 40 characters long.");
    if (typeof value !== "string" || value.length > 500) return invalidParam(`${param}[${key}]`, "Metadata values can be up to 500 characters long.");
  }
  return null;
}

function checkBoolean(value: unknown, param: string): Reply | null {
  return value === undefined || value === "true" || value === "false" ? null : invalidParam(param, `Invalid boolean: ${String(value)}`);
}

/** When the trial ends (Unix seconds), or the error Stripe gives for a trial too short or too long. */
function trialEndOf(data: StripeObject | undefined): number | null | Reply {
  const param = "subscription_data[trial_end]";
  if (data?.trial_end !== undefined && data?.trial_period_days !== undefined)
    return stripeError(400, "You may only specify one of these parameters: trial_end, trial_period_days.", { param });
  if (data?.trial_period_days !== undefined) {
    const days = Number(data.trial_period_days);
    if (!/^\d+$/.test(String(data.trial_period_days)) || days < 1 || days > 730)
      return invalidParam("subscription_data[trial_period_days]", "trial_period_days must be between 1 and 730.");
    return nowSeconds() + days * DAY;
  }
  if (data?.trial_end === undefined) return null;
  if (!/^\d+$/.test(String(data.trial_end))) return invalidParam(param, `Invalid integer: ${String(data.trial_end)}`);
  const end = Number(data.trial_end);
  if (end < nowSeconds() + 2 * DAY) return invalidParam(param, "The `trial_end` date has to be at least 2 days in the future.");
  if (end > nowSeconds() + 730 * DAY) return invalidParam(param, "The `trial_end` date has to be less than 730 days in the future.");
  return end;
}

function checkLineItems(items: unknown, prices: Map<string, StripeObject>): Reply | { price: StripeObject; quantity: number } {
  if (!Array.isArray(items) || items.length === 0) return missingParam("line_items");
  if (items.length > 1) return invalidParam("line_items", "The fake takes one line item: a single recurring price.");
  const item = items[0] as StripeObject;
  if (!item.price) return missingParam("line_items[0][price]");
  const price = prices.get(String(item.price));
  if (!price) return noSuch("price", String(item.price), "line_items[0][price]");
  if (item.quantity === undefined) return stripeError(400, "Quantity is required. Add `quantity` to `line_items[0]`", { param: "line_items[0][quantity]" });
  if (!/^\d+$/.test(String(item.quantity)) || Number(item.quantity) < 1)
    return invalidParam("line_items[0][quantity]", "This value must be greater than or equal to 1.");
  return { price, quantity: Number(item.quantity) };
}

function checkDiscounts(params: StripeObject, coupons: Map<string, StripeObject>): Reply | StripeObject[] {
  if (params.discounts === undefined) return [];
  if (params.allow_promotion_codes !== undefined)
    return stripeError(400, "You may only specify one of these parameters: allow_promotion_codes, discounts.", { param: "discounts" });
  if (!Array.isArray(params.discounts) || params.discounts.length !== 1)
    return invalidParam("discounts", "You may only specify one discount: a coupon or a promotion code.");
  const discount = params.discounts[0] as StripeObject;
  if (discount.promotion_code !== undefined) return noSuch("promotion code", String(discount.promotion_code), "discounts[0][promotion_code]");
  if (!discount.coupon) return missingParam("discounts[0][coupon]");
  const coupon = coupons.get(String(discount.coupon));
  if (!coupon) return noSuch("coupon", String(discount.coupon), "discounts[0][coupon]");
  return [{ coupon: coupon.id, promotion_code: null }];
}

/** What completing the session needs, which Stripe keeps but does not show on the session. */
export interface CheckoutDetails {
  price: StripeObject;
  quantity: number;
  trialEnd: number | null;
  subscriptionMetadata: Record<string, string>;
}

/** The new session, or Stripe's 400 for the first thing wrong with the request. */
export function newCheckoutSession(params: StripeObject, context: CheckoutContext): Reply | { session: StripeObject; details: CheckoutDetails } {
  const unknown = unknownParamProblem(params, ALLOWED);
  if (unknown) return unknown;
  if (!params.mode) return missingParam("mode");
  if (!["payment", "setup", "subscription"].includes(params.mode)) return invalidParam("mode", `Invalid mode: must be one of payment, setup, or subscription`);
  if (params.mode !== "subscription") return invalidParam("mode", "The fake only opens sessions in subscription mode.");
  const line = checkLineItems(params.line_items, context.prices);
  if ("status" in line) return line;
  if (params.customer !== undefined && params.customer_email !== undefined)
    return stripeError(400, "You may only specify one of these parameters: customer, customer_email.", { param: "customer" });
  if (params.customer === undefined && params.customer_email === undefined) return missingParam("customer");
  if (params.customer !== undefined && !context.customers.has(params.customer)) return noSuch("customer", String(params.customer), "customer");
  if (params.customer_email !== undefined && !isEmail(params.customer_email))
    return invalidParam("customer_email", `Invalid email address: ${String(params.customer_email)}`);
  for (const param of ["success_url", "cancel_url"]) {
    if (params[param] === undefined) return missingParam(param);
    if (!isUrl(params[param])) return stripeError(400, "Not a valid URL", { code: "url_invalid", param });
  }
  if (params.client_reference_id !== undefined && String(params.client_reference_id).length > 200)
    return invalidParam("client_reference_id", "client_reference_id must be at most 200 characters.");
  const problem =
    checkBoolean(params.allow_promotion_codes, "allow_promotion_codes") ??
    checkMetadata(params.metadata) ??
    checkMetadata(params.subscription_data?.metadata, "subscription_data[metadata]");
  if (problem) return problem;
  const discounts = checkDiscounts(params, context.coupons);
  if ("status" in discounts) return discounts;
  const trialEnd = trialEndOf(params.subscription_data);
  if (trialEnd !== null && typeof trialEnd === "object") return trialEnd;
  const id = stripeId("cs_test");
  const created = nowSeconds();
  const session = {
    id,
    object: "checkout.session",
    url: `${context.baseUrl}/pay/${id}`,
    status: "open",
    payment_status: "unpaid",
    mode: params.mode,
    customer: params.customer ?? null,
    customer_email: params.customer_email ?? null,
    customer_details: null,
    client_reference_id: params.client_reference_id ?? null,
    metadata: params.metadata ?? {},
    success_url: params.success_url,
    cancel_url: params.cancel_url,
    allow_promotion_codes: params.allow_promotion_codes === undefined ? null : params.allow_promotion_codes === "true",
    discounts,
    subscription: null,
    invoice: null,
    created,
    expires_at: created + DAY,
    livemode: false,
  };
  return { session, details: { price: line.price, quantity: line.quantity, trialEnd, subscriptionMetadata: params.subscription_data?.metadata ?? {} } };
}
