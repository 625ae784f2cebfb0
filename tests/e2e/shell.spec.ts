import { signInAsAdmin } from "./admin";
import { backgroundLuminance, expect, signUp, test, uniqueEmail } from "./fixtures";

test.describe("shell", () => {
  test("an unknown page is a real 404 with the site's error page", async ({ page }) => {
    const response = await page.goto("/no/such/page");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Page not found", level: 1 })).toBeVisible();
    await expect(page.getByText("We are sorry but this page could not be found.")).toBeVisible();
    await expect(page.getByTestId("error-status")).toHaveText("404");
    await expect(page.getByTestId("error-status-message")).toHaveText(/not found/i);
    await expect(page.getByTestId("error-message")).toHaveText("Page not found: /no/such/page");
    await expect(page).toHaveTitle("Page not found - Plume");
    const links = page.getByRole("navigation", { name: "Helpful links" });
    await expect(links.getByRole("link", { name: "Docs" })).toHaveAttribute("href", "/docs/getting-started");
    await expect(links.getByRole("link", { name: "Pricing" })).toHaveAttribute("href", "/pricing");
    await expect(links.getByRole("link", { name: "Blog" })).toHaveAttribute("href", "/blog");
    await page.getByRole("link", { name: "Back to home" }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test("the header, top navigation and footer", async ({ page }) => {
    await page.goto("/");
    await expect(page).toHaveTitle(/LinkedIn, X, Bluesky and Mastodon posts - Plume$/);
    const top = page.getByRole("navigation", { name: "Site" }).first();
    await expect(top.getByRole("link", { name: "Docs" })).toHaveAttribute("href", "/docs/getting-started");
    await expect(top.getByRole("link", { name: "Pricing" })).toHaveAttribute("href", "/pricing");
    await expect(top.getByRole("link", { name: "Blog" })).toHaveAttribute("href", "/blog");
    await expect(page.getByRole("navigation", { name: "Main" })).toHaveCount(0);
    for (const [name, href] of [
      ["About", "/about"],
      ["Careers", "/careers"],
      ["Contact", "/contact"],
      ["Privacy", "/privacy"],
      ["Terms", "/terms"],
    ] as const) {
      await expect(page.getByRole("contentinfo").getByRole("link", { name, exact: true })).toHaveAttribute("href", href);
    }
    await expect(page.getByRole("contentinfo")).toContainText(`© ${new Date().getFullYear()} Plume`);
    await page.goto("/pricing");
    await expect(page).toHaveTitle("Pricing - Plume");
  });

  test("the language switch persists across pages and reloads", async ({ page, hasJavaScript }) => {
    await page.goto("/login");
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    await page.getByRole("button", { name: "Français" }).click();
    await expect(page.locator("html")).toHaveAttribute("lang", "fr");
    await expect(page.getByRole("heading", { name: "Connexion" })).toBeVisible();
    await expect(page).toHaveTitle("Connexion - Plume");
    await page.reload();
    await expect(page.getByRole("heading", { name: "Connexion" })).toBeVisible();
    await page.goto("/signup");
    await page.getByRole("button", { name: "Créer mon compte" }).click();
    await expect(page.getByText("Adresse e-mail invalide")).toBeVisible();
    await expect(page.getByText("Le mot de passe doit contenir au moins 8 caractères")).toBeVisible();
    if (hasJavaScript) expect(await page.evaluate(() => localStorage.getItem("locale"))).toBe("fr");
    await page.getByRole("button", { name: "English" }).click();
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    await expect(page.getByRole("heading", { name: "Create your account" })).toBeVisible();
  });

  test("the browser's language is detected, limited to English and French", async ({ browser }) => {
    const french = await browser.newContext({ locale: "fr-FR" });
    const page = await french.newPage();
    await page.goto("/");
    await expect(page.locator("html")).toHaveAttribute("lang", "fr");
    await french.close();
    const german = await browser.newContext({ locale: "de-DE" });
    const other = await german.newPage();
    await other.goto("/");
    await expect(other.locator("html")).toHaveAttribute("lang", "en");
    await german.close();
  });

  test("the colour mode switch persists", async ({ page, hasJavaScript }) => {
    await page.emulateMedia({ colorScheme: "light" });
    // A page of the app (the landing page is sent without the app's JavaScript, see decision 15).
    await page.goto("/pricing");
    const html = page.locator("html");
    const group = page.getByRole("group", { name: "Colour mode" }).first();
    // With JavaScript the choice is saved in the background: wait for it before reloading.
    const choose = async (name: string) => {
      const saved = hasJavaScript ? page.waitForResponse("**/set-theme") : null;
      await group.getByRole("button", { name }).click();
      await saved;
    };
    await choose("Dark");
    await expect(html).toHaveClass(/\bdark\b/);
    await expect(group.getByRole("button", { name: "Dark" })).toHaveAttribute("aria-pressed", "true");
    await page.reload();
    await expect(html).toHaveClass(/\bdark\b/);
    await expect.poll(() => backgroundLuminance(page)).toBeLessThan(0.1);

    await choose("Light");
    await expect(html).toHaveClass(/\blight\b/);
    await page.reload();
    await expect.poll(() => backgroundLuminance(page)).toBeGreaterThan(0.9);

    // System: follows the device, with or without JavaScript.
    await choose("System");
    await expect(group.getByRole("button", { name: "System" })).toHaveAttribute("aria-pressed", "true");
    await page.emulateMedia({ colorScheme: "dark" });
    await page.reload();
    await expect.poll(() => backgroundLuminance(page)).toBeLessThan(0.1);
    if (hasJavaScript) await expect(html).toHaveClass(/\bdark\b/);
  });

  test("a signed-in user who is not an admin gets 403 on admin pages", async ({ page, request }) => {
    await signUp(page, uniqueEmail());
    const response = await page.goto("/admin/users");
    expect(response?.status()).toBe(403);
    await expect(page.getByRole("heading", { name: "Access denied" })).toBeVisible();
    // The bare /admin too: the site's page, not the server's JSON.
    expect((await page.goto("/admin"))?.status()).toBe(403);
    await expect(page.getByRole("heading", { name: "Access denied" })).toBeVisible();
    expect((await page.goto("/admin/analytics"))?.status()).toBe(403);
    expect((await page.goto("/debug-posthog"))?.status()).toBe(403);
    // Data requests are refused too, not only the page.
    const data = await page.request.get("/admin/users.data");
    expect(data.status()).toBe(403);
    // Anonymous visitors are sent to sign in.
    const anonymous = await request.get("/admin/users", { maxRedirects: 0 });
    expect(anonymous.status()).toBe(302);
    expect(anonymous.headers()["location"]).toBe("/login?redirectTo=%2Fadmin%2Fusers");
  });

  test("an admin sees user management", async ({ page, request }) => {
    await signInAsAdmin(page, request);
    await page.goto("/posts");
    const main = page.getByRole("navigation", { name: "Main" });
    await main.getByRole("link", { name: "User management" }).click();
    await expect(page).toHaveURL(/\/admin\/users$/);
    await expect(page.getByRole("heading", { name: "Administration" })).toBeVisible();
    await expect(page).toHaveTitle("User management - Plume");
  });

  test("the mobile menu opens, navigates and closes", async ({ page, hasJavaScript }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto("/");
    const menu = page.locator("details").filter({ has: page.getByLabel("Menu") });
    await page.getByLabel("Menu").click();
    await expect(menu).toHaveAttribute("open", "");
    await menu.getByRole("link", { name: "Sign up" }).click();
    await expect(page).toHaveURL(/\/signup$/);
    await page.goto("/pricing");
    await page.getByLabel("Menu").click();
    await menu.getByRole("link", { name: "Blog" }).click();
    await expect(page).toHaveURL(/\/blog$/);
    if (hasJavaScript) await expect(menu).not.toHaveAttribute("open");
    await expect(page.getByRole("link", { name: "Blog" }).last()).toBeVisible();
  });

  test("a session that has gone ends and sends the user to sign in", async ({ page, context }) => {
    await signUp(page, uniqueEmail());
    const cookies = await context.cookies();
    const session = cookies.find((c) => c.name === "plume_session")!;
    await context.addCookies([{ ...session, value: "forged.value" }]);
    await page.goto("/profile");
    await expect(page).toHaveURL(/\/login\?redirectTo=%2Fprofile$/);
    expect((await context.cookies()).find((c) => c.name === "plume_session")).toBeUndefined();
  });

  test("security headers are sent", async ({ request }) => {
    const response = await request.get("/");
    const headers = response.headers();
    expect(headers["content-security-policy"]).toMatch(/script-src 'strict-dynamic' 'self' 'nonce-[^']+'/);
    expect(headers["content-security-policy"]).toContain("frame-ancestors 'none'");
    expect(headers["x-content-type-options"]).toBe("nosniff");
    expect(headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
    expect(headers["x-frame-options"]).toBe("DENY");
    expect(headers["x-powered-by"]).toBeUndefined();
  });

  test("the health check answers", async ({ request }) => {
    const response = await request.get("/healthz");
    expect(response.status()).toBe(200);
    expect(await response.json()).toEqual({ status: "ok" });
  });
});
