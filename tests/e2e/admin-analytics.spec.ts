import { signInAsAdmin } from "./admin";
import { expect, signUp, test, uniqueEmail } from "./fixtures";

test.describe("admin analytics", () => {
  test("an admin sees the totals and the charts, each with a label that says what it shows", async ({ page, request }) => {
    // A sign-up today, so the sign-ups chart has something to draw.
    expect((await request.post("/api/auth/register", { data: { email: uniqueEmail("counted"), password: "password123" } })).status()).toBe(201);
    await signInAsAdmin(page, request);
    // The address becomes admin once verified (maybe by the other project's run): look until it is.
    await expect.poll(async () => (await page.goto("/admin/analytics"))?.status(), { timeout: 15_000 }).toBe(200);
    await expect(page).toHaveTitle("Analytics - Plume");
    await expect(page.getByRole("heading", { name: "Analytics", level: 2 })).toBeVisible();
    await expect(page.getByText(/Days run in your time zone \(UTC\)/)).toBeVisible();

    for (const total of ["Users", "Verified", "In trial", "Paying", "Waitlist"]) {
      await expect(page.locator("dt", { hasText: new RegExp(`^${total}$`) })).toBeVisible();
    }
    const users = Number((await page.getByTestId("total-users").textContent())!.replace(/\D/g, ""));
    expect(users).toBeGreaterThanOrEqual(2);

    const signUps = page.getByRole("img", { name: /^Sign-ups per day over the last 30 days: \d+ in total, most on \w+ \d+ \(\d+\)$/ });
    await expect(signUps).toBeVisible();
    expect(await signUps.evaluate((svg) => svg.tagName.toLowerCase())).toBe("svg");
    expect(await signUps.locator("rect").count()).toBe(30);

    // The numbers per day open without JavaScript.
    const signUpsCard = page.getByRole("region", { name: "Sign-ups per day" });
    await signUpsCard.getByText("Show the numbers").click();
    await expect(signUpsCard.getByRole("table")).toBeVisible();
    await expect(signUpsCard.getByRole("columnheader", { name: "Sign-ups" })).toBeVisible();

    // Nothing published on this fresh server yet, or something: either a chart with its label or a plain sentence.
    const posts = page.getByRole("region", { name: "Posts per day" });
    await expect(
      posts
        .getByRole("img", { name: /^Posts per day over the last 30 days: \d+ scheduled, \d+ published, \d+ failed/ })
        .or(posts.getByText("No posts were due or published in the last 30 days.")),
    ).toBeVisible();
    const drafts = page.getByRole("region", { name: "AI drafts per day" });
    // How the figure is derived is said whether or not there is data.
    await expect(drafts.getByText(/Plume keeps no record of each draft/)).toBeVisible();
    await expect(
      drafts.getByRole("img", { name: /^AI drafts per day over the last 30 days/ }).or(drafts.getByText("No posts were drafted with AI in the last 30 days.")),
    ).toBeVisible();
    await expect(page.getByRole("region", { name: "Publishing per platform" })).toBeVisible();
  });

  test("the page in French", async ({ page, request }) => {
    await signInAsAdmin(page, request);
    await expect.poll(async () => (await page.goto("/admin/analytics?lang=fr"))?.status(), { timeout: 15_000 }).toBe(200);
    await expect(page.getByRole("heading", { name: "Statistiques", level: 2 })).toBeVisible();
    await expect(page.getByRole("img", { name: /^Inscriptions par jour sur les 30 derniers jours : \d+ au total/ })).toBeVisible();
    await expect(page.locator("dt", { hasText: /^Liste d’attente$/ })).toBeVisible();
  });

  test("a signed-in user who is not an admin gets 403", async ({ page }) => {
    await signUp(page, uniqueEmail());
    expect((await page.goto("/admin/analytics"))?.status()).toBe(403);
    expect((await page.request.get("/admin/analytics.data")).status()).toBe(403);
  });
});
