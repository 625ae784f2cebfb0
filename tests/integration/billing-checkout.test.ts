// Checkout, the billing portal and the success page against the Stripe fake, through the real SDK
// and the real route modules: what is sent to Stripe, what is stored, and what the user gets back.
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { createSession } from "~/modules/auth/session.server";
import { startCheckout } from "~/modules/billing/checkout.server";
import { loadAllContent } from "~/modules/content/content.server";
import { getDb } from "~/modules/db/db.server";
import { resetEnvCache } from "~/core/env/env.server";
import { logger } from "~/core/logger/logger.server";
import { getToast } from "~/modules/toast/toast.server";
import * as checkoutApi from "~/routes/api.stripe.checkout";
import * as portalApi from "~/routes/api.stripe.portal";
import * as me from "~/routes/api.users.me";
import * as checkoutPage from "~/routes/_dashboard.checkout";
import * as pricingPage from "~/routes/_default.pricing";
import * as profilePage from "~/routes/_dashboard.profile";
import * as successPage from "~/routes/stripe.success";
import { startStripeFake, type StripeFake } from "../fakes/stripe-server";
import { uniqueEmail } from "./helpers";

const SECRET_KEY = "sk_test_plume_checkout";
const HOUR_MS = 3_600_000;
let fake: StripeFake;

function configure(overrides: Record<string, string | undefined> = {}) {
  const values: Record<string, string | undefined> = {
    STRIPE_SECRET_KEY: SECRET_KEY,
    STRIPE_WEBHOOK_SECRET: "whsec_plume_checkout",
    STRIPE_PRICE_PRO_MONTHLY: "price_monthly",
    STRIPE_PRICE_PRO_YEARLY: "price_yearly",
    STRIPE_WAITLIST_COUPON: "WAITLIST20",
    STRIPE_API_URL: fake.url,
    ...overrides,
  };
  for (const [key, value] of Object.entries(values)) {
    if (value === undefined) delete process.env[key];
    else process.env[key] = value;
  }
  resetEnvCache();
}

beforeAll(async () => {
  await loadAllContent(); // the pricing and checkout pages show content/pricing
  fake = await startStripeFake({ secretKey: SECRET_KEY, coupons: { WAITLIST20: { percentOff: 20, duration: "forever" } } });
  configure();
});
afterEach(() => configure());
afterAll(async () => {
  configure({ STRIPE_SECRET_KEY: undefined, STRIPE_WEBHOOK_SECRET: undefined, STRIPE_WAITLIST_COUPON: undefined });
  await fake.close();
});

async function newUser(subscription?: { plan: string; status: string; trialEndsAt?: Date | null } | null) {
  const user = await getDb().user.create({
    data: { email: uniqueEmail("billing"), passwordHash: "x", ...(subscription ? { subscription: { create: subscription } } : {}) },
  });
  const cookie = (await createSession(user.id)).split(";")[0]!;
  return { user, cookie };
}
const trialing = (leftMs: number) => ({ plan: "pro", status: "trialing", trialEndsAt: new Date(Date.now() + leftMs) });

const sent = (path: string) => fake.state.requests.filter((r) => r.method === "POST" && r.path === path);
const lastSession = () => sent("/v1/checkout/sessions").at(-1)!.body as Record<string, string>;

type Route = { loader?: (args: LoaderFunctionArgs) => Promise<unknown>; action?: (args: ActionFunctionArgs) => Promise<unknown> };

async function call(route: Route, method: string, { cookie, body, path = "/x", lang }: { cookie?: string; body?: unknown; path?: string; lang?: string } = {}) {
  const headers = new Headers();
  if (cookie) headers.set("Cookie", cookie);
  if (lang) headers.set("Accept-Language", lang);
  let payload: BodyInit | undefined;
  if (body instanceof URLSearchParams) payload = body;
  else if (body !== undefined) {
    headers.set("Content-Type", "application/json");
    payload = JSON.stringify(body);
  }
  const request = new Request(`http://localhost:3000${path}`, { method, headers, body: payload });
  const args = { request, params: {}, context: { cspNonce: "", clientIp: "192.0.2.20" } } as unknown as ActionFunctionArgs;
  try {
    return method === "GET" ? await route.loader!(args) : await route.action!(args);
  } catch (thrown) {
    return thrown;
  }
}

async function api(route: Route, method: string, init: Parameters<typeof call>[2] = {}) {
  const response = (await call(route, method, init)) as Response;
  return { status: response.status, body: (await response.json()) as Record<string, any> };
}

describe("checkout", () => {
  it("creates the Stripe customer once, records it and reuses it; the session is for the interval's price", async () => {
    const { user } = await newUser(trialing(HOUR_MS));
    const customersBefore = sent("/v1/customers").length;
    const url = await startCheckout(user, "month");
    expect(url).toMatch(new RegExp(`^${fake.url}/pay/cs_`));
    const row = await getDb().subscription.findUniqueOrThrow({ where: { userId: user.id } });
    expect(row.stripeCustomerId).toMatch(/^cus_/);
    expect(sent("/v1/customers").at(-1)!.body).toEqual({ email: user.email, "metadata[userId]": user.id });
    expect(lastSession()).toMatchObject({
      mode: "subscription",
      "line_items[0][price]": "price_monthly",
      "line_items[0][quantity]": "1",
      customer: row.stripeCustomerId,
      client_reference_id: user.id,
      "metadata[userId]": user.id,
      success_url: "http://localhost:3000/stripe/success?session_id={CHECKOUT_SESSION_ID}",
      cancel_url: "http://localhost:3000/stripe/cancel",
    });

    await startCheckout(user, "year");
    expect(sent("/v1/customers").length).toBe(customersBefore + 1);
    expect(lastSession()).toMatchObject({ "line_items[0][price]": "price_yearly", customer: row.stripeCustomerId });
  });

  it("two checkouts at once leave one customer recorded, and both sessions use it", async () => {
    const { user } = await newUser(trialing(HOUR_MS));
    const before = sent("/v1/checkout/sessions").length;
    await Promise.all([startCheckout(user, "month"), startCheckout(user, "month")]);
    const row = await getDb().subscription.findUniqueOrThrow({ where: { userId: user.id } });
    const sessions = sent("/v1/checkout/sessions").slice(before);
    expect(sessions.map((s) => s.body.customer)).toEqual([row.stripeCustomerId, row.stripeCustomerId]);
  });

  it("an account without a subscription row gets one, on the free plan, holding its customer", async () => {
    const { user } = await newUser(null);
    await startCheckout(user, "month");
    const row = await getDb().subscription.findUniqueOrThrow({ where: { userId: user.id } });
    expect(row).toMatchObject({ plan: "free", status: "active" });
    expect(lastSession().customer).toBe(row.stripeCustomerId);
  });

  it("a waitlist address gets the lifetime coupon, anyone else promotion codes, never both", async () => {
    const { user } = await newUser(trialing(HOUR_MS));
    await getDb().waitlistEntry.create({ data: { fullName: "Ada", email: user.email } });
    await startCheckout(user, "month");
    expect(lastSession()["discounts[0][coupon]"]).toBe("WAITLIST20");
    expect(lastSession()).not.toHaveProperty("allow_promotion_codes");

    const other = await newUser(trialing(HOUR_MS));
    await startCheckout(other.user, "month");
    expect(lastSession().allow_promotion_codes).toBe("true");
    expect(Object.keys(lastSession()).some((key) => key.startsWith("discounts"))).toBe(false);

    // Without a coupon configured, the waitlist address may still enter a promotion code.
    configure({ STRIPE_WAITLIST_COUPON: undefined });
    await startCheckout(user, "month");
    expect(lastSession().allow_promotion_codes).toBe("true");
    expect(Object.keys(lastSession()).some((key) => key.startsWith("discounts"))).toBe(false);
  });

  it("carries the trial's end over when at least 48 hours remain, and not otherwise", async () => {
    const { user } = await newUser(trialing(10 * 24 * HOUR_MS));
    const row = await getDb().subscription.findUniqueOrThrow({ where: { userId: user.id } });
    await startCheckout(user, "month");
    expect(lastSession()["subscription_data[trial_end]"]).toBe(String(Math.floor(row.trialEndsAt!.getTime() / 1000)));

    for (const subscription of [trialing(47 * HOUR_MS), { plan: "free", status: "active" }, trialing(-HOUR_MS)]) {
      const { user: other } = await newUser(subscription);
      await startCheckout(other, "year");
      expect(lastSession()).not.toHaveProperty("subscription_data[trial_end]");
    }
  });

  it("sends a user whose Stripe subscription is live to the portal instead of a second subscription", async () => {
    const { user } = await newUser({ plan: "pro", status: "active" });
    await getDb().subscription.update({ where: { userId: user.id }, data: { stripeCustomerId: `cus_live${user.id}`, stripeSubscriptionId: `sub_${user.id}` } });
    fake.state.customers.set(`cus_live${user.id}`, { id: `cus_live${user.id}`, object: "customer" });
    const before = sent("/v1/checkout/sessions").length;
    expect(await startCheckout(user, "month")).toMatch(new RegExp(`^${fake.url}/portal/bps_`));
    expect(sent("/v1/checkout/sessions").length).toBe(before);
  });
});

describe("POST /api/stripe/checkout and /api/stripe/portal", () => {
  it("answers the checkout URL; 401 without a session; 422 for an unknown interval", async () => {
    const { cookie } = await newUser(trialing(HOUR_MS));
    const ok = await api(checkoutApi, "POST", { cookie, body: { interval: "year" } });
    expect(ok.status).toBe(200);
    expect(ok.body.data.url).toMatch(new RegExp(`^${fake.url}/pay/cs_`));
    expect((await api(checkoutApi, "POST", { body: { interval: "year" } })).status).toBe(401);
    const invalid = await api(checkoutApi, "POST", { cookie, body: { interval: "week" } });
    expect(invalid.status).toBe(422);
    expect(invalid.body.error).toMatchObject({ code: "validation_failed", fields: { interval: expect.any(String) } });
    expect((await api(portalApi, "POST")).status).toBe(401);
  });

  it("says 'Error creating checkout session.' (502, in the user's language) when Stripe fails, logging no secret", async () => {
    const { cookie } = await newUser(trialing(HOUR_MS));
    const logged = vi.spyOn(logger, "error").mockImplementation(() => undefined as never);
    fake.failNext("POST /v1/checkout/sessions", { status: 400 });
    const failed = await api(checkoutApi, "POST", { cookie, body: { interval: "month" } });
    expect(failed).toEqual({ status: 502, body: { error: { code: "checkout_failed", message: "Error creating checkout session." } } });
    fake.failNext("POST /v1/customers", { status: 400 });
    const french = await api(checkoutApi, "POST", { cookie: (await newUser(trialing(HOUR_MS))).cookie, body: { interval: "month" }, lang: "fr" });
    expect(french.body.error.message).toBe("Erreur lors de la création de la session de paiement.");
    expect(logged).toHaveBeenCalledTimes(2);
    expect(JSON.stringify(logged.mock.calls)).not.toContain(SECRET_KEY);
    logged.mockRestore();
  });

  it("opens the portal for the user's customer, back to the profile; 409 before any checkout; 502 when Stripe fails", async () => {
    const { user, cookie } = await newUser(trialing(HOUR_MS));
    const none = await api(portalApi, "POST", { cookie });
    expect(none).toMatchObject({ status: 409, body: { error: { code: "no_billing_account" } } });
    await startCheckout(user, "month");
    const ok = await api(portalApi, "POST", { cookie });
    expect(ok.status).toBe(200);
    expect(ok.body.data.url).toMatch(new RegExp(`^${fake.url}/portal/bps_`));
    const row = await getDb().subscription.findUniqueOrThrow({ where: { userId: user.id } });
    expect(sent("/v1/billing_portal/sessions").at(-1)!.body).toEqual({ customer: row.stripeCustomerId, return_url: "http://localhost:3000/profile" });

    const logged = vi.spyOn(logger, "error").mockImplementation(() => undefined as never);
    fake.failNext("POST /v1/billing_portal/sessions", { status: 400 });
    expect(await api(portalApi, "POST", { cookie })).toEqual({
      status: 502,
      body: { error: { code: "portal_failed", message: "Error accessing billing portal." } },
    });
    logged.mockRestore();
  });

  it("answers 503 billing_disabled when the server has no Stripe key", async () => {
    configure({ STRIPE_SECRET_KEY: undefined });
    const { cookie } = await newUser(trialing(HOUR_MS));
    expect((await api(checkoutApi, "POST", { cookie, body: { interval: "month" } })).body.error.code).toBe("billing_disabled");
    expect((await api(portalApi, "POST", { cookie })).status).toBe(503);
  });

  it("without billing the pages still show, saying billing is not set up instead of offering to pay", async () => {
    const { cookie } = await newUser(trialing(HOUR_MS));
    configure({ STRIPE_SECRET_KEY: undefined });
    expect(await call(pricingPage, "GET", { cookie, path: "/pricing" })).toMatchObject({ account: { enabled: false } });
    expect(await call(profilePage, "GET", { cookie, path: "/profile" })).toMatchObject({ billing: { enabled: false } });
    expect(await call(checkoutPage, "GET", { cookie, path: "/checkout" })).toMatchObject({ account: { enabled: false } });
    configure();
    expect(await call(pricingPage, "GET", { path: "/pricing" })).toMatchObject({ account: { enabled: true, subscribed: false } });
  });

  it("/api/users/me tells whether a card is configured", async () => {
    const { user, cookie } = await newUser(trialing(HOUR_MS));
    expect((await api(me, "GET", { cookie })).body.data.subscription).toMatchObject({ plan: "pro", status: "trialing", cardConfigured: false });
    await getDb().subscription.update({ where: { userId: user.id }, data: { cardConfigured: true } });
    expect((await api(me, "GET", { cookie })).body.data.subscription.cardConfigured).toBe(true);
  });
});

describe("the /checkout page's forms (no JavaScript needed)", () => {
  const form = (fields: Record<string, string>) => new URLSearchParams(fields);

  it("answers 303 to Stripe's page for an interval, and to the portal for intent=portal", async () => {
    const { user, cookie } = await newUser(trialing(HOUR_MS));
    const checkout = (await call(checkoutPage, "POST", { cookie, path: "/checkout", body: form({ interval: "year" }) })) as Response;
    expect(checkout.status).toBe(303);
    expect(checkout.headers.get("Location")).toMatch(new RegExp(`^${fake.url}/pay/cs_`));
    expect(lastSession()["line_items[0][price]"]).toBe("price_yearly");
    expect(user.id).toBe(lastSession().client_reference_id);
    const portal = (await call(checkoutPage, "POST", { cookie, path: "/checkout", body: form({ intent: "portal" }) })) as Response;
    expect(portal.status).toBe(303);
    expect(portal.headers.get("Location")).toMatch(new RegExp(`^${fake.url}/portal/`));
  });

  it("sends an anonymous visitor to sign in first, coming back to checkout", async () => {
    const answer = (await call(checkoutPage, "GET", { path: "/checkout?interval=year" })) as Response;
    expect(answer.status).toBe(302);
    expect(answer.headers.get("Location")).toBe(`/login?${new URLSearchParams({ redirectTo: "/checkout?interval=year" })}`);
  });

  it("a failure comes back to the page that posted with an error toast, or is /checkout's own form error", async () => {
    const { cookie } = await newUser(trialing(HOUR_MS));
    const logged = vi.spyOn(logger, "error").mockImplementation(() => undefined as never);
    fake.failNext("POST /v1/checkout/sessions", { status: 400 });
    const back = (await call(checkoutPage, "POST", { cookie, body: form({ interval: "month", returnTo: "/profile#subscription" }) })) as Response;
    expect(back.status).toBe(302);
    expect(back.headers.get("Location")).toBe("/profile#subscription");
    const toastCookie = back.headers.get("Set-Cookie")!.split(";")[0]!;
    const { toast } = await getToast(new Request("http://localhost/", { headers: { Cookie: toastCookie } }));
    expect(toast).toMatchObject({ color: "error", title: "Error creating checkout session." });

    fake.failNext("POST /v1/checkout/sessions", { status: 400 });
    const own = (await call(checkoutPage, "POST", { cookie, body: form({ interval: "month" }) })) as { data: any; init: ResponseInit };
    expect(own.init.status).toBe(502);
    expect(own.data.result.error[""]).toEqual(["Error creating checkout session."]);

    // Another site is never a place to come back to.
    fake.failNext("POST /v1/checkout/sessions", { status: 400 });
    const offsite = (await call(checkoutPage, "POST", { cookie, body: form({ interval: "month", returnTo: "//evil.example" }) })) as Response;
    expect(offsite.headers.get("Location")).toBe("/checkout");
    logged.mockRestore();
  });
});

describe("/stripe/success", () => {
  async function paidSession(user: { id: string; email: string }) {
    const url = await startCheckout(user, "month");
    const sessionId = new URL(url).pathname.split("/").pop()!;
    return sessionId;
  }
  const load = async (cookie: string, sessionId: string) => call(successPage, "GET", { cookie, path: `/stripe/success?session_id=${sessionId}` });
  const statusOf = (thrown: unknown) => (thrown as { init: ResponseInit }).init?.status;

  it("says 'activating' until our row has the subscription, then confirms the plan", async () => {
    const { user, cookie } = await newUser(trialing(HOUR_MS));
    const sessionId = await paidSession(user);
    expect(await load(cookie, sessionId)).toMatchObject({ state: "unpaid" });
    const { subscription } = fake.completeCheckout(sessionId);
    expect(await load(cookie, sessionId)).toMatchObject({ state: "activating" });
    // What the webhook does (written elsewhere): the row takes Stripe's subscription.
    await getDb().subscription.update({ where: { userId: user.id }, data: { stripeSubscriptionId: subscription.id, plan: "pro", status: "active" } });
    expect(await load(cookie, sessionId)).toEqual({ state: "confirmed", plan: "pro", status: "active" });
  });

  it("is a 404 for another user's session, an unknown one, or none", async () => {
    const owner = await newUser(trialing(HOUR_MS));
    const sessionId = await paidSession(owner.user);
    const stranger = await newUser(trialing(HOUR_MS));
    expect(statusOf(await load(stranger.cookie, sessionId))).toBe(404);
    expect(statusOf(await load(owner.cookie, "cs_test_unknown"))).toBe(404);
    expect(statusOf(await load(owner.cookie, "not-a-session"))).toBe(404);
    expect(statusOf(await call(successPage, "GET", { cookie: owner.cookie, path: "/stripe/success" }))).toBe(404);
  });
});
