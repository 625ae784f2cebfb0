import { E2E_ANALYTICS } from "../../playwright.config";
import { ANALYTICS_URL } from "./analytics";
import { connectAccount, createPost, expect, markPublishedOnLinkedIn, signUp, test, uniqueEmail } from "./fixtures";

// The post's page after an action on it: the schedule dialog goes once its work is done, and a post
// sent with "Publish now" is followed until it is out, without reloading by hand. The publisher runs
// inside the e2e server and delivers to the LinkedIn fake.

test.describe("post page", () => {
  test("the schedule dialog closes once the post is scheduled, and again once rescheduled", async ({ page, hasJavaScript }) => {
    await signUp(page, uniqueEmail("schedule"));
    await connectAccount(page, "LinkedIn", "/profile");
    const id = await createPost(page.request, "Scheduled from its own page");
    await page.goto(`/posts/${id}`);
    for (const [action, time] of [
      ["Schedule", "09:30"],
      ["Reschedule", "10:45"],
    ] as const) {
      await page.getByRole("link", { name: action, exact: true }).click();
      const scope = hasJavaScript ? page.getByRole("dialog", { name: action }) : page.getByRole("main");
      await scope.getByRole("radio", { name: "Schedule for later" }).check();
      await scope.getByLabel("Date").fill("2030-06-12");
      await scope.getByLabel("Time").fill(time);
      await scope.getByRole("button", { name: "Confirm" }).click();
      await expect(page).toHaveURL(new RegExp(`/posts/${id}$`));
      // The first round's toast may still be showing when the second one comes: the newest is last.
      await expect(page.getByText("Post scheduled", { exact: true }).last()).toBeVisible();
      await expect(page.getByRole("dialog")).toHaveCount(0);
      await expect(page.getByRole("main").locator("header").getByText("Scheduled", { exact: true })).toBeVisible();
    }
  });

  test("Publish now: the page follows the post to published, with its link, with no reload by hand", async ({ page, hasJavaScript }) => {
    await signUp(page, uniqueEmail("live"));
    await connectAccount(page, "LinkedIn", "/profile");
    // Its own text: the LinkedIn fake, shared by both projects, refuses a duplicate as LinkedIn does.
    const id = await createPost(page.request, `Out at once, followed live (${uniqueEmail("text")})`);
    await page.goto(`/posts/${id}`);
    await page.getByRole("button", { name: "Publish now" }).click();
    await expect(page).toHaveURL(new RegExp(`/posts/${id}$`));
    await expect(page.getByText("Your post is on its way", { exact: true })).toBeVisible();
    // With JavaScript the page must stay the same document: a mark left on it survives.
    if (hasJavaScript) await page.evaluate(() => ((window as unknown as { __samePage: boolean }).__samePage = true));
    await expect(page.getByRole("link", { name: "View on LinkedIn" })).toHaveAttribute("href", /^https:\/\/www\.linkedin\.com\/feed\/update\/urn:li:share:/, {
      timeout: 20_000,
    });
    await expect(page.getByRole("main").locator("header").getByText("Published", { exact: true }).first()).toBeVisible();
    await expect(page.getByRole("button", { name: "Publish now" })).toHaveCount(0);
    if (hasJavaScript) expect(await page.evaluate(() => (window as unknown as { __samePage?: boolean }).__samePage)).toBe(true);
  });
});

test.describe("post page, publisher held", () => {
  // The app server whose publisher is off: the post stays on its way until the test settles it.
  test.use({ baseURL: ANALYTICS_URL });

  test("a post on its way shows as publishing, then turns to published with its link by itself", async ({ page, hasJavaScript }) => {
    await signUp(page, uniqueEmail("held"));
    await connectAccount(page, "LinkedIn", "/profile");
    const id = await createPost(page.request, "Held until the test lets it go");
    await page.goto(`/posts/${id}`);
    await page.getByRole("button", { name: "Publish now" }).click();
    await expect(page).toHaveURL(new RegExp(`/posts/${id}$`));
    const header = page.getByRole("main").locator("header");
    await expect(page.getByRole("status").filter({ hasText: "Publishing… This page updates by itself." })).toBeVisible();
    await expect(header.getByText("Publishing", { exact: true })).toBeVisible();
    if (hasJavaScript) await page.evaluate(() => ((window as unknown as { __samePage: boolean }).__samePage = true));

    const url = "https://www.linkedin.com/feed/update/urn:li:share:7399999999999999999";
    await markPublishedOnLinkedIn(id, url, E2E_ANALYTICS.dataDir);
    await expect(page.getByRole("link", { name: "View on LinkedIn" })).toHaveAttribute("href", url, { timeout: 15_000 });
    await expect(header.getByText("Published", { exact: true }).first()).toBeVisible();
    await expect(page.getByText("Publishing… This page updates by itself.")).toHaveCount(0);
    if (hasJavaScript) {
      await expect(page.getByRole("status").filter({ hasText: "Published." })).toBeVisible();
      expect(await page.evaluate(() => (window as unknown as { __samePage?: boolean }).__samePage)).toBe(true);
    }
  });
});
