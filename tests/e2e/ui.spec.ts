import type { APIRequestContext } from "@playwright/test";
import { backgroundLuminance, expect, signUp, test, uniqueEmail } from "./fixtures";

async function createPost(request: APIRequestContext, text: string) {
  const response = await request.post("/api/posts", { data: { platforms: ["linkedin"], linkedinText: text, twitterText: text } });
  expect(response.status()).toBe(201);
  return ((await response.json()) as { data: { id: string } }).data.id;
}

test.describe("toasts", () => {
  test("a toast's action: by keyboard with JavaScript, a plain form without", async ({ page, hasJavaScript }) => {
    await signUp(page, uniqueEmail());
    const id = await createPost(page.request, "A post to copy");
    await page.goto(`/posts/${id}`);
    await page.getByRole("button", { name: "Duplicate" }).click();
    await expect(page).toHaveURL(/\/create\/[^/]+\/review$/);
    const copyId = page.url().split("/create/")[1]!.split("/")[0]!;
    const toast = page.locator("[data-toast]", { hasText: "Copy created" });
    await expect(toast).toBeVisible();
    const undo = toast.getByRole("button", { name: "Undo" });
    if (hasJavaScript) {
      // F8 goes to the notifications; Tab reaches the action, Enter runs it.
      await page.keyboard.press("F8");
      for (let i = 0; i < 4 && !(await undo.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press("Tab");
      await expect(undo).toBeFocused();
      await page.keyboard.press("Enter");
    } else {
      await undo.click();
    }
    await expect(page).toHaveURL(/\/posts$/);
    await expect(page.locator("[data-toast]", { hasText: "Post deleted" })).toBeVisible();
    expect((await page.request.get(`/api/posts/${copyId}`)).status()).toBe(404);
    expect((await page.request.get(`/api/posts/${id}`)).status()).toBe(200);
  });

  test("a link action", async ({ page }) => {
    await signUp(page, uniqueEmail());
    await page.getByRole("button", { name: "Sign out" }).first().click();
    await expect(page).toHaveURL(/\/$/);
    const toast = page.locator("[data-toast]", { hasText: "You are signed out." });
    await expect(toast).toBeVisible();
    await toast.getByRole("link", { name: "Sign in" }).click();
    await expect(page).toHaveURL(/\/login$/);
  });
});

test("an icon-only button names itself in a tooltip", async ({ page, hasJavaScript }) => {
  test.skip(!hasJavaScript, "Tooltips are an enhancement");
  await page.goto("/pricing");
  const dark = page.getByRole("group", { name: "Colour mode" }).first().getByRole("button", { name: "Dark" });
  // A hover that lands before the page is hydrated finds no handler yet: leave and come back.
  await expect(async () => {
    await page.mouse.move(0, 400);
    await dark.hover();
    await expect(page.locator("[data-tooltip]")).toHaveText("Dark", { timeout: 1_500 });
  }).toPass({ timeout: 15_000 });
  // Away (in steps: Radix keeps it open while the pointer heads for it).
  await page.mouse.move(0, 400, { steps: 5 });
  await expect(page.locator("[data-tooltip]")).toHaveCount(0);
});

test("a page that forces light: light whatever the preference, which it leaves alone", async ({ page, hasJavaScript }) => {
  await page.emulateMedia({ colorScheme: "dark" });
  const html = page.locator("html");
  // System preference on a dark device.
  await page.goto("/stripe/cancel");
  await expect(html).toHaveClass(/\blight\b/);
  await expect.poll(() => backgroundLuminance(page)).toBeGreaterThan(0.9);

  // An explicit dark preference.
  await page.emulateMedia({ colorScheme: "light" });
  await page.goto("/pricing");
  const saved = hasJavaScript ? page.waitForResponse("**/set-theme") : null;
  await page.getByRole("group", { name: "Colour mode" }).first().getByRole("button", { name: "Dark" }).click();
  await saved;
  await expect(html).toHaveClass(/\bdark\b/);
  await page.goto("/stripe/cancel");
  await expect(html).toHaveClass(/\blight\b/);
  await expect.poll(() => backgroundLuminance(page)).toBeGreaterThan(0.9);
  // The next page (in the browser with JavaScript, a fresh load without) is dark again.
  await page.getByRole("link", { name: "Try again" }).click();
  await expect(page).toHaveURL(/\/pricing$/);
  await expect(html).toHaveClass(/\bdark\b/);
  await expect.poll(() => backgroundLuminance(page)).toBeLessThan(0.1);
  await expect(page.getByRole("group", { name: "Colour mode" }).first().getByRole("button", { name: "Dark" })).toHaveAttribute("aria-pressed", "true");
});

test.describe("a new deployment", () => {
  test.skip(({ javaScriptEnabled }) => javaScriptEnabled === false, "The check runs in the browser");

  test("the same build says nothing", async ({ page }) => {
    const checked = page.waitForResponse("**/build-version");
    await page.goto("/pricing");
    const answer = (await (await checked).json()) as { version: string | null };
    expect(answer.version).toBeTruthy();
    expect(answer.version).toBe(await page.evaluate(() => window.__remixManifest?.version));
    await expect(page.locator("[data-toast=new-build]")).toHaveCount(0);
  });

  test("another build is offered as a reload, which reloads", async ({ page }) => {
    await page.route("**/build-version", (route) => route.fulfill({ json: { version: "a-newer-build" } }));
    await page.goto("/pricing");
    const offer = page.locator("[data-toast=new-build]");
    await expect(offer).toContainText("A new version of Plume is available");
    await page.evaluate(() => Object.assign(window, { beforeReload: true }));
    const reloaded = page.waitForEvent("load");
    await offer.getByRole("link", { name: "Reload" }).click();
    await reloaded;
    await expect(page).toHaveURL(/\/pricing$/);
    expect(await page.evaluate(() => "beforeReload" in window)).toBe(false);
  });
});

test("a slow navigation shows the 3 px loading bar, which goes once the page is there", async ({ page, hasJavaScript }) => {
  test.skip(!hasJavaScript, "without JavaScript the browser shows its own progress");
  await page.goto("/pricing");
  const bar = page.locator("[data-phase]");
  await expect(bar).toHaveAttribute("data-phase", "idle");
  // The blog's data is held until the bar has been seen.
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(
    (url) => url.pathname === "/blog.data",
    async (route) => {
      await released;
      await route.fallback();
    },
  );
  await page.getByRole("navigation", { name: "Site" }).first().getByRole("link", { name: "Blog" }).click();
  await expect(bar).toHaveAttribute("data-phase", "loading");
  expect((await bar.boundingBox())?.height).toBe(3);
  release();
  await expect(page).toHaveURL(/\/blog$/);
  await expect(bar).toHaveAttribute("data-phase", "idle");
});
