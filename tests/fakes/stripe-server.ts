// A stand-in for Stripe (docs/providers.md, "Stripe"): customers, Checkout sessions in subscription
// mode, subscriptions and billing-portal sessions, over real HTTP so the real Stripe SDK runs against
// it (`new Stripe(secretKey, {host: "127.0.0.1", port, protocol: "http"})`). Tests play the customer
// with completeCheckout and the controls below, and build the webhook events Stripe would send.
import Stripe from "stripe";
import { json, startFakeServer, type FakeControls, type FakeStartOptions, type RecordedRequest, type Reply, type RequestPayload } from "./fake-kit";
import * as billing from "./stripe-billing";
import type { CheckoutOutcome, StripeFakeState, SubscriptionChanges } from "./stripe-billing";
import { checkMetadata, isEmail, isUrl, newCheckoutSession } from "./stripe-checkout";
import { authProblem, idempotencyKeys, versionProblem } from "./stripe-guards";
import {
  couponObject,
  decodeForm,
  eventObject,
  faultBody,
  missingParam,
  noSuch,
  nowSeconds,
  priceObject,
  signedWebhook,
  stripeError,
  stripeId,
  unknownParamProblem,
  type FakeCoupon,
  type FakePrice,
  type StripeEventType,
  type StripeObject,
} from "./stripe-objects";

export { signedWebhook };
export type { FaultOptions, RecordedRequest, RequestMatcher } from "./fake-kit";
export type { CheckoutOutcome, StripeFakeState, SubscriptionChanges } from "./stripe-billing";
export type { FakeCoupon, FakePrice, StripeEventType, StripeObject, SubscriptionStatus } from "./stripe-objects";

export interface StripeFakeOptions extends Pick<FakeStartOptions, "port" | "latencyMs"> {
  /** The only key accepted as `Authorization: Bearer …`. */
  secretKey?: string;
  /** Known prices by id (default price_monthly and price_yearly). */
  prices?: Record<string, FakePrice>;
  coupons?: Record<string, FakeCoupon>;
  /** The `api_version` of the events it builds (default: the SDK's). */
  apiVersion?: string;
  /** Where the checkout page's "Pay" sends the resulting events, signed with `secret`. */
  webhook?: { url: string; secret: string };
}

export interface StripeFake extends FakeControls {
  url: string;
  host: string;
  port: number;
  state: StripeFakeState;
  /** The customer pays (or starts the trial): subscription, first invoice, session complete. Copies. */
  completeCheckout(sessionId: string, options?: { paymentMethod?: boolean; trialEnd?: number }): CheckoutOutcome;
  /** Changes a subscription as Stripe would over time; the copy is what an event would carry now. */
  updateSubscription(id: string, changes: SubscriptionChanges): StripeObject;
  /** A renewal invoice, paid or failed; a failure makes the subscription past_due, a payment active again. */
  createInvoice(subscriptionId: string, options?: { paid?: boolean }): StripeObject;
  /** The event Stripe would send about `object` (copied as it is now). */
  event(type: StripeEventType, object: StripeObject, previousAttributes?: StripeObject): StripeObject;
}

const DEFAULT_PRICES: Record<string, FakePrice> = { price_monthly: { interval: "month" }, price_yearly: { interval: "year", unitAmount: 9000 } };
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const page = (status: number, title: string, body: string): Reply => ({
  status,
  html: `<!doctype html><html lang="en"><head><title>${title}</title></head><body>${body}</body></html>`,
});

export async function startStripeFake({
  port: wantedPort = 0,
  latencyMs = 0,
  secretKey = "sk_test_fake_plume",
  prices = DEFAULT_PRICES,
  coupons = {},
  apiVersion = Stripe.API_VERSION,
  webhook,
}: StripeFakeOptions = {}): Promise<StripeFake> {
  const state: StripeFakeState = {
    secretKey,
    apiVersion,
    prices: new Map(Object.entries(prices).map(([id, price]) => [id, priceObject(id, price)])),
    coupons: new Map(Object.entries(coupons).map(([id, coupon]) => [id, couponObject(id, coupon)])),
    customers: new Map(),
    checkoutSessions: new Map(),
    subscriptions: new Map(),
    invoices: new Map(),
    checkoutDetails: new Map(),
    portalSessions: new Map(),
    requests: [],
    deliveries: [],
  };
  const idempotently = idempotencyKeys();
  let baseUrl = "";

  function createCustomer(params: StripeObject): Reply {
    const unknown = unknownParamProblem(params, { email: true, name: true, metadata: true, description: true, expand: true });
    if (unknown) return unknown;
    if (params.email !== undefined && !isEmail(params.email)) return stripeError(400, `Invalid email address: ${String(params.email)}`, { param: "email" });
    const problem = checkMetadata(params.metadata);
    if (problem) return problem;
    return json(200, billing.newCustomer(state, params.email ?? null, params.metadata ?? {}, params.name ?? null));
  }

  function createCheckout(params: StripeObject): Reply {
    const created = newCheckoutSession(params, { baseUrl, prices: state.prices, coupons: state.coupons, customers: state.customers });
    if ("status" in created) return created;
    state.checkoutSessions.set(created.session.id, created.session);
    state.checkoutDetails.set(created.session.id, created.details);
    return json(200, created.session);
  }

  function createPortalSession(params: StripeObject): Reply {
    const unknown = unknownParamProblem(params, { customer: true, return_url: true, locale: true, expand: true });
    if (unknown) return unknown;
    if (!params.customer) return missingParam("customer");
    if (!state.customers.has(params.customer)) return noSuch("customer", String(params.customer), "customer");
    if (!params.return_url) return missingParam("return_url");
    if (!isUrl(params.return_url)) return stripeError(400, "Not a valid URL", { code: "url_invalid", param: "return_url" });
    const id = stripeId("bps");
    const session = { id, object: "billing_portal.session", url: `${baseUrl}/portal/${id}`, customer: params.customer, return_url: params.return_url };
    state.portalSessions.set(id, { ...session, created: nowSeconds(), livemode: false, locale: params.locale ?? null });
    return json(200, state.portalSessions.get(id));
  }

  function read(kind: string, objects: Map<string, StripeObject>, id: string): Reply {
    const object = objects.get(id);
    return object ? json(200, object) : noSuch(kind, id);
  }

  function api(request: RecordedRequest, raw: Buffer): Reply {
    const problem = authProblem(request.headers.authorization, state.secretKey) ?? versionProblem(request.headers["stripe-version"]);
    if (problem) return problem;
    const { method, path } = request;
    const id = decodeURIComponent(path.split("/").pop() ?? "");
    const params = request.method === "POST" ? decodeForm(raw.toString("utf8")) : {};
    if (method === "POST" && path === "/v1/customers") return createCustomer(params);
    if (method === "GET" && /^\/v1\/customers\/[^/]+$/.test(path)) return read("customer", state.customers, id);
    if (method === "POST" && path === "/v1/checkout/sessions") return createCheckout(params);
    if (method === "GET" && /^\/v1\/checkout\/sessions\/[^/]+$/.test(path)) return read("checkout.session", state.checkoutSessions, id);
    if (method === "GET" && /^\/v1\/subscriptions\/[^/]+$/.test(path)) return read("subscription", state.subscriptions, id);
    if (method === "POST" && path === "/v1/billing_portal/sessions") return createPortalSession(params);
    return stripeError(404, `Unrecognized request URL (${method}: ${path}). Please see https://stripe.com/docs or we can help at https://support.stripe.com/.`);
  }

  const event = (type: StripeEventType, object: StripeObject, previous?: StripeObject) => eventObject(type, object, state.apiVersion, previous);

  async function deliver(type: StripeEventType, object: StripeObject): Promise<void> {
    if (!webhook) return;
    const { body, header } = signedWebhook(event(type, object), webhook.secret);
    const answer = await fetch(webhook.url, { method: "POST", body, headers: { "Content-Type": "application/json", "Stripe-Signature": header } }).catch(
      () => null,
    );
    state.deliveries.push({ type, status: answer?.status ?? 0 });
  }

  /** The hosted checkout page: "Pay" completes the session and goes back to success_url, as Stripe does. */
  async function checkoutPage(request: RecordedRequest, id: string): Promise<Reply> {
    const session = state.checkoutSessions.get(id);
    if (!session) return page(404, "Stripe Checkout (fake)", "<h1>Something went wrong</h1><p>The page you were looking for could not be found.</p>");
    if (session.status !== "open") return page(410, "Stripe Checkout (fake)", "<h1>This Checkout Session is no longer active.</h1>");
    if (request.method === "GET") {
      const plan = escapeHtml(state.checkoutDetails.get(id)?.price.id ?? "");
      const form = `<form method="post" action="/pay/${id}"><button type="submit">Pay</button></form>`;
      return page(200, "Stripe Checkout (fake)", `<h1>Subscribe</h1><p>${plan}</p>${form}<a href="${escapeHtml(session.cancel_url)}">Back</a>`);
    }
    const outcome = billing.completeCheckout(state, id);
    await deliver("checkout.session.completed", outcome.session);
    await deliver("customer.subscription.created", outcome.subscription);
    await deliver("invoice.paid", outcome.invoice);
    return { status: 303, headers: { Location: String(session.success_url).replaceAll("{CHECKOUT_SESSION_ID}", id) } };
  }

  function portalPage(id: string): Reply {
    const session = state.portalSessions.get(id);
    if (!session) return page(404, "Stripe billing portal (fake)", "<h1>Something went wrong</h1>");
    return page(
      200,
      "Stripe billing portal (fake)",
      `<h1>Billing</h1><p>${escapeHtml(session.customer)}</p><a href="${escapeHtml(session.return_url)}">Return</a>`,
    );
  }

  async function route(request: RecordedRequest, { raw }: RequestPayload): Promise<Reply> {
    const [, section, id = ""] = request.path.split("/");
    if (section === "pay" && (request.method === "GET" || request.method === "POST")) return checkoutPage(request, decodeURIComponent(id));
    if (section === "portal" && request.method === "GET") return portalPage(decodeURIComponent(id));
    const reply = idempotently(request, raw, () => api(request, raw));
    const version = String(request.headers["stripe-version"] ?? state.apiVersion);
    return { ...reply, headers: { "Request-Id": stripeId("req"), "Stripe-Version": version, ...reply.headers } };
  }

  const server = await startFakeServer({
    port: wantedPort,
    latencyMs,
    jsonType: "application/json",
    record: (request) => state.requests.push(request),
    route,
    faultBody,
    faultHeaders: () => ({ "Request-Id": stripeId("req") }),
    errorReply: (message) => stripeError(500, message, { type: "api_error" }),
  });
  baseUrl = server.url;
  const url = new URL(baseUrl);

  return {
    ...server,
    host: url.hostname,
    port: Number(url.port),
    state,
    completeCheckout: (sessionId, options) => billing.completeCheckout(state, sessionId, options),
    updateSubscription: (id, changes) => billing.updateSubscription(state, id, changes),
    createInvoice: (subscriptionId, options) => billing.createInvoice(state, subscriptionId, options),
    event,
  };
}
