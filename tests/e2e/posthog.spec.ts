import type { Page } from "@playwright/test";
import { E2E_ANALYTICS } from "../../playwright.config";
import { ANALYTICS_URL, looksLikeAPerson, postHogEvents } from "./analytics";
import { ADMIN, signInAsAdmin } from "./admin";
import { expect, signUp, test, uniqueEmail } from "./fixtures";

// PostHog in the browser, against the PostHog fake: a second app server runs with POSTHOG_KEY set
// (playwright.config.ts); the main one has none. Events are told apart by the person or by a marker
// in the page's address, since every test shares the fake.

const marker = () => `e2e${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}`;
const sentFromBrowser = (page: Page) => page.waitForRequest((r) => r.url().startsWith(E2E_ANALYTICS.host) && r.method() === "POST", { timeout: 15_000 });

test.describe("with POSTHOG_KEY", () => {
  test.skip(({ javaScriptEnabled }) => javaScriptEnabled === false, "browser analytics need JavaScript");
  test.use({ baseURL: ANALYTICS_URL });
  test.beforeEach(async ({ page }) => {
    await looksLikeAPerson(page);
  });

  test("identify on sign-up, a page view and a route change on each client-side navigation, reset on sign-out", async ({ page, request }) => {
    const email = uniqueEmail("analytics");
    await signUp(page, email);
    const mine = async () => (await postHogEvents(request)).filter((e) => e.via === "browser" && e.distinct_id === email);
    await expect.poll(async () => (await mine()).map((e) => e.event)).toEqual(expect.arrayContaining(["$identify", "$pageview", "route_changed"]));
    const identified = (await mine()).find((e) => e.event === "$identify")!;
    expect(identified.set).toMatchObject({ email, email_verified: false, is_admin: false, timezone: expect.any(String) });
    expect(identified.set).toHaveProperty("user_id");

    // Client-side navigation (no document load): still a page view and a route change.
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Profile" }).click();
    await expect(page).toHaveURL(/\/profile$/);
    await expect
      .poll(async () => (await mine()).some((e) => e.event === "route_changed" && e.properties.from === "/posts" && e.properties.to === "/profile"))
      .toBe(true);
    const view = (await mine()).find((e) => e.event === "$pageview" && e.properties.path === "/profile")!;
    expect(view.properties).toMatchObject({ title: "Profile - Plume", $current_url: `${ANALYTICS_URL}/profile` });
    const change = (await mine()).find((e) => e.event === "route_changed" && e.properties.to === "/profile")!;
    expect(change.properties).toMatchObject({ from_route: "routes/_dashboard.posts._index", to_route: "routes/_dashboard.profile" });

    await page.getByRole("button", { name: "Sign out" }).first().click();
    await expect(page).toHaveURL(`${ANALYTICS_URL}/`);
    // After the reset, the landing page's view belongs to a new anonymous visitor.
    await expect
      .poll(async () =>
        (await postHogEvents(request)).some(
          (e) => e.event === "$pageview" && e.properties.path === "/" && e.distinct_id !== email && e.properties.$user_id !== email,
        ),
      )
      .toBe(true);
    const stored = await page.evaluate(() => localStorage.getItem("plume.analytics.identified"));
    expect(stored).toBeNull();
  });

  test("the landing page reports scroll depth 25/50/75/90, the resting position and the session", async ({ page, request }) => {
    const tag = marker();
    await page.setViewportSize({ width: 1280, height: 600 });
    await page.goto(`/?from=${tag}`);
    const ours = async () => (await postHogEvents(request)).filter((e) => String(e.properties.path ?? e.properties.$current_url ?? "").includes(tag));
    await expect.poll(async () => (await ours()).map((e) => e.event)).toContain("$pageview");
    const height = await page.evaluate(() => document.documentElement.scrollHeight);
    for (const y of [0.3, 0.55, 0.8, 1].map((f) => Math.round(f * height))) {
      await page.mouse.wheel(0, y - (await page.evaluate(() => window.scrollY)));
      await page.waitForTimeout(150);
    }
    await expect
      .poll(async () => (await ours()).filter((e) => e.event === "scroll_depth").map((e) => e.properties.depth))
      .toEqual(expect.arrayContaining([25, 50, 75, 90]));
    expect((await ours()).filter((e) => e.event === "scroll_depth")).toHaveLength(4);
    await expect.poll(async () => (await ours()).some((e) => e.event === "scroll_position" && Number(e.properties.scroll_y) > 0)).toBe(true);
    const session = await page.evaluate(() => sessionStorage.getItem("plume.analytics.sessionStart"));
    expect(Number(session)).toBeGreaterThan(0);

    // Leaving (pagehide) reports how long the session lasted and how deep it went.
    const distinctId = (await ours())[0]!.distinct_id;
    await page.evaluate(() => window.dispatchEvent(new PageTransitionEvent("pagehide")));
    await expect
      .poll(async () => (await postHogEvents(request)).find((e) => e.event === "session_end" && e.distinct_id === distinctId)?.properties.max_scroll_depth)
      .toBe(100);
  });

  test("a search sends its text, cut to 100 characters", async ({ page, request }) => {
    const tag = marker();
    const typed = `${tag} ${"linkedin ".repeat(20)}`;
    await page.goto("/pricing");
    await page.getByRole("heading", { level: 1 }).click();
    await page.keyboard.press("ControlOrMeta+k");
    await page.getByRole("dialog", { name: "Search" }).getByRole("combobox").fill(typed);
    const sent = async () => (await postHogEvents(request)).find((e) => e.event === "search" && String(e.properties.query).startsWith(tag));
    await expect.poll(async () => (await sent())?.properties.query).toBe(typed.slice(0, 100));
    expect(typed.length).toBeGreaterThan(100);
  });

  test("a browser sending Global Privacy Control sends nothing", async ({ page }) => {
    await page.addInitScript(() => Object.defineProperty(Navigator.prototype, "globalPrivacyControl", { get: () => true }));
    const toPostHog: string[] = [];
    page.on("request", (r) => {
      if (r.url().startsWith(E2E_ANALYTICS.host)) toPostHog.push(r.url());
    });
    await page.goto("/");
    await page.goto("/pricing");
    await page.mouse.wheel(0, 2000);
    await page.waitForTimeout(2500);
    expect(toPostHog).toEqual([]);
  });
});

test.describe("/debug-posthog with POSTHOG_KEY", () => {
  test.use({ baseURL: ANALYTICS_URL });
  test.beforeEach(async ({ page }) => {
    await looksLikeAPerson(page);
  });

  test("/debug-posthog: configured, and a test event from the server and from the browser reach PostHog", async ({ page, request, hasJavaScript }) => {
    await signInAsAdmin(page, request, E2E_ANALYTICS.dataDir);
    await page.goto("/debug-posthog");
    await expect(page.getByRole("heading", { name: "Debug PostHog", level: 1 })).toBeVisible();
    await expect(page.getByText("Configured", { exact: true })).toBeVisible();
    await expect(page.getByText(E2E_ANALYTICS.host)).toBeVisible();

    await page.getByRole("button", { name: "Send a test event from the server" }).click();
    await expect(page.getByText("PostHog took the server's test event.").first()).toBeVisible();
    await expect(page.getByTestId("last-capture")).toContainText("debug test event");
    expect((await postHogEvents(request)).some((e) => e.event === "debug test event" && e.via === "batch" && e.distinct_id === ADMIN)).toBe(true);

    if (!hasJavaScript) {
      await expect(page.getByTestId("browser-state")).toHaveText("Browser analytics need JavaScript.");
      return;
    }
    await expect(page.getByTestId("browser-state")).toHaveText("Active: events from this browser go to PostHog.");
    const sent = sentFromBrowser(page);
    await page.getByRole("button", { name: "Send a test event from this browser" }).click();
    await sent;
    await expect(page.getByRole("status").filter({ hasText: "Test event sent." })).toBeVisible();
    await expect
      .poll(async () => (await postHogEvents(request)).some((e) => e.event === "debug test event" && e.via === "browser" && e.properties.source === "browser"))
      .toBe(true);
  });
});

test.describe("without POSTHOG_KEY", () => {
  test.skip(({ javaScriptEnabled }) => javaScriptEnabled === false, "the console warning comes from JavaScript");

  test("no PostHog code is loaded, nothing is sent, and the console says why in French", async ({ page }) => {
    const warnings: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "warning") warnings.push(message.text());
    });
    // posthog-js is the only code that says "PostHog was…"; its requests would go to the fake.
    const withPostHog: string[] = [];
    page.on("response", async (response) => {
      if (response.url().includes(String(E2E_ANALYTICS.host))) withPostHog.push(response.url());
      else if (/\.js($|\?)/.test(response.url()) && (await response.text().catch(() => "")).includes("PostHog was")) withPostHog.push(response.url());
    });
    await page.goto("/pricing");
    await expect.poll(() => warnings.some((w) => w.includes("PostHog n'est pas initialisé"))).toBe(true);
    await page.getByRole("link", { name: "Sign in" }).first().click();
    await page.goto("/");
    await page.mouse.wheel(0, 3000);
    await expect.poll(() => warnings.filter((w) => w.includes("PostHog n'est pas initialisé")).length).toBe(2);
    await page.waitForTimeout(1000);
    expect(withPostHog).toEqual([]);
  });
});
