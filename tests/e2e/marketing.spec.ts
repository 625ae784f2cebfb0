import type { Page } from "@playwright/test";
import { expect, test, uniqueEmail } from "./fixtures";

async function waitlistCount(page: Page): Promise<number> {
  const text = (await page.getByTestId("waitlist-count").textContent()) ?? "";
  const digits = text.replace(/[^\d]/g, "");
  return digits ? Number(digits) : 0;
}

test.describe("marketing site", () => {
  test("joining the VIP waitlist: validation, thanks, the count rises, a duplicate changes nothing", async ({ page, hasJavaScript }) => {
    await page.goto("/");
    await expect(page.getByRole("heading", { name: "Join the VIP early-access list" })).toBeVisible();
    const before = await waitlistCount(page);
    const form = page.locator("#waitlist");
    await form.getByLabel("Full name").fill("Ada Lovelace");
    await form.getByLabel("Professional email").fill("not-an-email");
    await form.getByRole("button", { name: "Join the waitlist" }).click();
    await expect(form.getByText("Invalid email address")).toBeVisible();

    const email = uniqueEmail("vip");
    await form.getByLabel("Professional email").fill(email);
    await form.getByRole("button", { name: "Join the waitlist" }).click();
    await expect(form.getByText(/You are on the list/)).toBeVisible();
    if (hasJavaScript) await expect(page).toHaveURL(/\/$/); // submitted in place
    await expect.poll(() => waitlistCount(page)).toBe(before + 1);

    await page.goto("/");
    await page.locator("#waitlist").getByLabel("Full name").fill("Ada again");
    await page.locator("#waitlist").getByLabel("Professional email").fill(email);
    await page.locator("#waitlist").getByRole("button", { name: "Join the waitlist" }).click();
    await expect(page.locator("#waitlist").getByText(/You are on the list/)).toBeVisible();
    await expect.poll(() => waitlistCount(page)).toBe(before + 1);
  });

  test("after joining, the page's script says the count in the plural form each language needs", async ({ page, hasJavaScript }) => {
    test.skip(!hasJavaScript, "without JavaScript the server says it (waitlist-count.test.ts)");
    const cases = [
      ["en", 1, "1 professional already registered"],
      ["en", 2, "2 professionals already registered"],
      ["en", 1234567, "1,234,567 professionals already registered"],
      ["fr", 1, "1 professionnel déjà inscrit"],
      ["fr", 2, "2 professionnels déjà inscrits"],
      ["fr", 1000000, "1\u202f000\u202f000 professionnels déjà inscrits"],
    ] as const;
    for (const [lang, count, text] of cases) {
      // The server's answer is set, so each count is the one we want whatever the list holds.
      await page.route("**/api/waitlist", (route) => route.fulfill({ json: { data: { joined: true, count } } }));
      await page.goto(`/?lang=${lang}`);
      const form = page.locator("#waitlist");
      await form.locator('input[name="fullName"]').fill("Ada Lovelace");
      await form.locator('input[name="email"]').fill(uniqueEmail("plural"));
      await form.locator('button[type="submit"]').click();
      await expect(page.getByTestId("waitlist-count")).toHaveText(text);
      await page.unroute("**/api/waitlist");
    }
  });

  test("pricing: monthly and yearly, plans, comparison and FAQ", async ({ page }) => {
    await page.goto("/pricing");
    await expect(page).toHaveTitle("Pricing - Plume");
    const pro = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: "Pro", exact: true }) });
    await expect(pro).toContainText("€29");
    await page.getByRole("link", { name: "Yearly" }).click();
    await expect(page).toHaveURL(/billing=yearly/);
    await expect(pro).toContainText("€24");
    await expect(page.getByRole("link", { name: "Yearly" })).toHaveAttribute("aria-current", "true");
    await page.getByRole("link", { name: "Monthly" }).click();
    await expect(pro).toContainText("€29");
    await expect(page.getByRole("heading", { name: "Compare the plans" })).toBeVisible();
    await page.getByText("How does the free trial work?").click();
    await expect(page.getByText(/14 days/).first()).toBeVisible();
  });

  test("blog: list, article, RSS", async ({ page, request }) => {
    await page.goto("/blog");
    await page.getByRole("link", { name: "How LinkedIn and X count characters" }).click();
    await expect(page).toHaveURL(/\/blog\/how-linkedin-and-x-count-characters$/);
    await expect(page.getByRole("heading", { level: 1, name: "How LinkedIn and X count characters" })).toBeVisible();
    await expect(page.getByText(/min read/)).toBeVisible();
    await expect(page).toHaveTitle("How LinkedIn and X count characters - Plume");
    // The cover comes from the resizer's prefix with a content version, so browsers keep it a year.
    const cover = page.locator("article > img");
    await expect(cover).toHaveAttribute("src", /^\/img\/blog\/how-linkedin-and-x-count-characters\.svg\?v=[0-9a-f]{12}$/);
    await expect.poll(() => cover.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    const coverAnswer = await request.get((await cover.getAttribute("src"))!);
    expect(coverAnswer.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
    // `?w=` reaches the resizer through the server; /images/ stays the static original.
    const resized = await request.get("/img/og-default.png?w=320", { headers: { Accept: "image/webp,*/*" } });
    expect([resized.status(), resized.headers()["content-type"], resized.headers()["vary"]]).toEqual([200, "image/webp", "Accept"]);
    expect((await request.get("/images/og-default.png")).headers()["content-type"]).toBe("image/png");
    expect((await request.get("/img/../package.json")).status()).toBe(404);
    const rss = await request.get("/blog/rss.xml");
    expect(rss.headers()["content-type"]).toContain("application/rss+xml");
    expect(await rss.text()).toContain("<title>How LinkedIn and X count characters</title>");
  });

  test("docs: navigation tree, table of contents, next page", async ({ page }) => {
    await page.goto("/docs");
    await expect(page).toHaveURL(/\/docs\/getting-started$/);
    const nav = page.getByRole("navigation", { name: "Documentation" });
    await expect(nav.getByRole("link", { name: "Getting started" })).toHaveAttribute("aria-current", "page");
    await expect(page.getByText("/auth/callback/linkedin").first()).toBeVisible();
    await nav.getByRole("link", { name: "Publishing worker" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Publishing worker" })).toBeVisible();
    await page.getByRole("navigation", { name: "Previous and next pages" }).getByRole("link").first().click();
    await expect(page).not.toHaveURL(/\/worker$/);
    expect((await page.goto("/docs/no-such-page"))?.status()).toBe(404);
  });

  test("search: Meta+K dialog with keyboard, /search without JavaScript", async ({ page, hasJavaScript }) => {
    await page.goto("/");
    if (hasJavaScript) {
      await page.getByRole("heading", { level: 1 }).click();
      await page.keyboard.press("ControlOrMeta+k");
      const dialog = page.getByRole("dialog", { name: "Search" });
      await expect(dialog).toBeVisible();
      await dialog.getByRole("combobox").fill("worker");
      await expect(dialog.getByRole("option").first()).toBeVisible();
      const first = await dialog.getByRole("option").first().getAttribute("href");
      await page.keyboard.press("Enter");
      await expect(dialog).toBeHidden();
      await expect(page).toHaveURL(new RegExp(`${first}$`));
    } else {
      await page.getByRole("link", { name: "Search (Ctrl+K)" }).click();
      await expect(page).toHaveURL(/\/search$/);
    }
    await page.goto("/search?q=redirect%20linkedin");
    await expect(page.getByText(/results? for “redirect linkedin”/)).toBeVisible();
    await expect(page.getByRole("link").filter({ hasText: "Getting started" }).last()).toBeVisible();
  });

  test("French versions, with hreflang alternates and a canonical address", async ({ page, request }) => {
    await page.goto("/?lang=fr");
    await expect(page.locator("html")).toHaveAttribute("lang", "fr");
    await expect(page.getByRole("heading", { name: "Rejoignez la liste VIP en accès anticipé" })).toBeVisible();
    await expect(page.locator('link[rel="alternate"][hreflang="en"]')).toHaveAttribute("href", /\/\?lang=en$/);
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", /\/\?lang=fr$/);
    await expect(page.locator('meta[property="og:title"]')).toHaveAttribute("content", /LinkedIn, X, Bluesky et Mastodon/);
    await page.goto("/docs/getting-started?lang=fr");
    await expect(page.getByRole("heading", { level: 1, name: "Bien démarrer" })).toBeVisible();
    await page.goto("/pricing?lang=fr");
    await expect(page.getByRole("link", { name: "Annuel" })).toBeVisible();
    const sitemap = await request.get("/sitemap.xml");
    expect(await sitemap.text()).toContain('hreflang="fr"');
    expect(await (await request.get("/robots.txt")).text()).toContain("Sitemap:");
  });

  test("company and legal pages: each its own content and title, from the footer too", async ({ page }) => {
    const pages = [
      ["About", "About Plume"],
      ["Careers", "Careers"],
      ["Privacy", "Privacy policy"],
      ["Terms", "Terms of service"],
    ] as const;
    await page.goto("/");
    for (const [link, title] of pages) {
      // From one page to the next by the footer: client navigation with JavaScript, a new page without.
      await page.getByRole("contentinfo").getByRole("link", { name: link, exact: true }).click();
      await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
      await expect(page).toHaveTitle(`${title} - Plume`);
    }
  });

  test("contact: the message is sent and thanked", async ({ page }) => {
    await page.goto("/contact");
    await page.getByLabel("Your name").fill("Grace Hopper");
    await page.getByLabel("Email").fill(uniqueEmail("contact"));
    await page.getByLabel("Topic").selectOption("sales");
    await page.getByLabel("Message").fill("Short");
    await page.getByRole("button", { name: "Send the message" }).click();
    await expect(page.getByText("Tell us a little more (10 characters at least)")).toBeVisible();
    await page.getByLabel("Message").fill("We would like Plume for a team of forty people.");
    await page.getByRole("button", { name: "Send the message" }).click();
    await expect(page.getByText(/your message is on its way/)).toBeVisible();
  });
});
