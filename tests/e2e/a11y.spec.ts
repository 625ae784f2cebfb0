import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { connectAccount, expect, signUp, test, uniqueEmail } from "./fixtures";

const publicPages = [
  "/",
  "/?lang=fr",
  "/login",
  "/signup",
  "/forgot-password",
  "/pricing",
  "/pricing?billing=yearly&lang=fr",
  "/blog",
  "/blog/why-posts-fail-to-publish",
  "/docs/getting-started",
  "/docs/self-hosting/configuration",
  "/docs/api/overview?lang=fr",
  "/about",
  "/careers",
  "/contact",
  "/privacy",
  "/terms",
  "/search?q=linkedin",
  "/stripe/cancel",
  "/missing-page",
];
const signedInPages = ["/posts", "/analytics", "/create", "/compose", "/profile", "/workspaces", "/checkout?interval=year"];

async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  return results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
}

test.describe("accessibility", () => {
  test.describe.configure({ timeout: 120_000 });
  test.skip(({ javaScriptEnabled }) => javaScriptEnabled === false, "axe runs as a script in the page");

  for (const scheme of ["light", "dark"] as const) {
    test(`public pages have no serious violations (${scheme})`, async ({ page }) => {
      await page.emulateMedia({ colorScheme: scheme });
      for (const path of publicPages) {
        await page.goto(path);
        expect(await seriousViolations(page), path).toEqual([]);
      }
    });

    test(`signed-in pages have no serious violations (${scheme})`, async ({ page }) => {
      await page.emulateMedia({ colorScheme: scheme });
      await signUp(page, uniqueEmail());
      // An account connected, so the composer shows its accounts, parts and previews.
      await connectAccount(page, "X (Twitter)", "/profile");
      for (const path of signedInPages) {
        await page.goto(path);
        expect(await seriousViolations(page), path).toEqual([]);
      }
    });
  }
});

test.describe("phone layout", () => {
  test.describe.configure({ timeout: 120_000 });
  test("no page scrolls sideways at 360 px", async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 780 });
    for (const path of publicPages) {
      await page.goto(path);
      expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(360);
    }
    await signUp(page, uniqueEmail());
    // A post's page shows previews headed by the (long) e-mail address.
    const created = await page.request.post("/api/posts", {
      data: { platforms: ["linkedin", "twitter"], linkedinText: "Previews on a phone", twitterText: "Previews on a phone" },
      headers: { origin: new URL(page.url()).origin },
    });
    const postPage = `/posts/${((await created.json()) as { data: { id: string } }).data.id}`;
    for (const path of [...signedInPages, "/posts?view=calendar", "/posts?view=list", postPage]) {
      await page.goto(path);
      expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(360);
    }
  });
});
