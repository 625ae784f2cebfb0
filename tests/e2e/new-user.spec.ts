import type { Page } from "@playwright/test";
import { addChannel, createPost, expect, imageFiles, mailedLink, markPublishedOnLinkedIn, signUp, test, uniqueEmail } from "./fixtures";

// Issue 26: what a new user met on the way. Each test fails on the behaviour that was reported.

test.use({ timezoneId: "UTC" });

test.describe("previews", () => {
  test("show the connected account, never Plume's user, and a published post's time, not 'Now'", async ({ page }) => {
    const email = uniqueEmail("preview");
    await signUp(page, email);
    await addChannel(email, { network: "linkedin", displayName: "Ada Lovelace", handle: "ada@example.com" });
    await addChannel(email, { network: "twitter", displayName: "Ada", handle: "ada_tweets" });
    const id = await createPost(page.request, "Hello from the connected account", ["linkedin", "twitter"]);

    await page.goto(`/create/${id}/review`);
    const linkedin = page.getByRole("article", { name: "LinkedIn preview" });
    const x = page.getByRole("article", { name: "X preview" });
    await expect(linkedin).toContainText("Ada Lovelace");
    await expect(x).toContainText("@ada_tweets");
    for (const preview of [linkedin, x]) await expect(preview).not.toContainText(email.split("@")[0]!);

    await markPublishedOnLinkedIn(id, "https://www.linkedin.com/feed/update/urn:li:share:1");
    await page.goto(`/posts/${id}`);
    const published = page.getByRole("article", { name: "LinkedIn preview" });
    await expect(published).toContainText("Ada Lovelace");
    await expect(published).toContainText(String(new Date().getUTCFullYear()));
    await expect(published).not.toContainText(/\bNow\b/);
  });
});

test.describe("the offered time", () => {
  test("the schedule dialog offers a time ahead of when it is opened, in waking hours", async ({ page, hasJavaScript }) => {
    test.skip(!hasJavaScript, "the dialog exists only with JavaScript; its page computes the offer on the server");
    await signUp(page, uniqueEmail("offer"));
    const id = await createPost(page.request, "Left open for two days");
    await page.clock.install({ time: new Date() });
    await page.goto(`/posts/${id}`);
    await expect(page.getByRole("link", { name: "Schedule", exact: true })).toBeVisible();
    // The page stays open for two days before the user opens the dialog.
    await page.clock.fastForward(2 * 24 * 60 * 60_000);
    await page.getByRole("link", { name: "Schedule", exact: true }).click();
    const dialog = page.getByRole("dialog", { name: "Schedule" });
    const date = await dialog.getByLabel("Date").inputValue();
    const time = await dialog.getByLabel("Time").inputValue();
    const now = await page.evaluate(() => Date.now());
    expect(Date.parse(`${date}T${time}:00Z`)).toBeGreaterThanOrEqual(now + 30 * 60_000);
    expect(time >= "07:00" && time <= "22:00", time).toBe(true);
  });
});

test.describe("words", () => {
  test("one word for a post waiting for its time, and the menu names what /create does", async ({ page, hasJavaScript }) => {
    await signUp(page, uniqueEmail("words"));
    await createPost(page.request, "Any post");
    await page.goto("/posts");
    const filters = page.getByRole("navigation", { name: "Filter posts" });
    await expect(filters.getByRole("link", { name: /Scheduled\s*0/ })).toBeVisible();
    await expect(page.getByText(/Pending/)).toHaveCount(0);
    await page.goto("/posts?status=pending");
    await expect(page.getByRole("heading", { name: "Nothing scheduled" })).toBeVisible();
    const main = page.getByRole("navigation", { name: "Main" });
    await main.getByRole("link", { name: "Write a post" }).click();
    // The composer once the page runs JavaScript, the wizard without (decision 65).
    await expect(page).toHaveURL(hasJavaScript ? /\/compose$/ : /\/create$/);
    await expect(page.getByRole("heading", { name: "Write a post", level: 1 })).toBeVisible();
    await expect(page.getByText(/Generate/)).toHaveCount(0);
  });
});

test.describe("the verification link", () => {
  test("opened again once the address is verified, it says so calmly, not as an error", async ({ page }) => {
    const email = uniqueEmail("verified");
    await signUp(page, email);
    const link = await mailedLink(email, "/verify-email");
    await page.goto(link);
    await expect(page.getByText("Email confirmed", { exact: true })).toBeVisible();
    await page.goto(link);
    await expect(page.getByText("Already confirmed", { exact: true })).toBeVisible();
    await expect(page.getByText("Your email address is already verified: there is nothing more to do.", { exact: true })).toBeVisible();
    await expect(page.getByText("This link does not work")).toHaveCount(0);
  });
});

test.describe("password fields", () => {
  test("are empty again once a password change is saved", async ({ page }) => {
    await signUp(page, uniqueEmail("password"));
    await page.goto("/profile");
    const section = page.locator("#password");
    const fields = [section.getByLabel("Current password"), section.getByLabel("New password", { exact: true }), section.getByLabel("Confirm new password")];
    await fields[0]!.fill("password123");
    await fields[1]!.fill("a-new-password-42");
    await fields[2]!.fill("a-new-password-42");
    await section.getByRole("button", { name: "Update password" }).click();
    await expect(page.getByText("Password updated.", { exact: true })).toBeVisible();
    for (const field of fields) await expect(field).toHaveValue("");
  });
});

test.describe("connect first", () => {
  test("after connecting from the schedule step, the post is scheduled: no second Confirm", async ({ page }) => {
    await signUp(page, uniqueEmail("connect-first"));
    const id = await createPost(page.request, `Scheduled once connected (${uniqueEmail("text")})`);
    await page.goto(`/create/${id}/schedule`);
    await page.getByRole("radio", { name: "Schedule for later" }).check();
    await page.getByLabel("Date").fill("2031-05-20");
    await page.getByLabel("Time").fill("10:15");
    await page.getByRole("button", { name: "Confirm" }).click();
    await page.getByRole("button", { name: "Connect LinkedIn" }).click();
    await page.getByRole("button", { name: "Allow" }).click();
    await expect(page).toHaveURL(new RegExp(`/posts/${id}$`));
    await expect(page.getByText("Post scheduled", { exact: true })).toBeVisible();
    await expect(page.getByRole("main").locator("header").getByText("Scheduled", { exact: true })).toBeVisible();
    await expect(page.getByRole("main").locator("header").first()).toContainText("2031");
  });
});

/**
 * The buttons and links of the page's main content a visible toast covers: as the page opens, and
 * each one once scrolled to the middle of the screen, as a user brings it into view.
 */
function actionsUnderToast(page: Page) {
  return page.evaluate(() => {
    const toast = () => document.querySelector("[data-toast]")?.getBoundingClientRect();
    if (!toast()?.height) return ["no toast"];
    const actions = Array.from(document.querySelectorAll<HTMLElement>("main button, main a")).filter((el) => el.getBoundingClientRect().width > 0);
    const covered = (el: HTMLElement) => {
      const box = el.getBoundingClientRect();
      const over = toast()!;
      return box.left < over.right && box.right > over.left && box.top < over.bottom && box.bottom > over.top;
    };
    window.scrollTo(0, 0);
    const found = actions.filter(covered).map((el) => `${el.getAttribute("aria-label") ?? el.textContent?.trim()} (page top)`);
    for (const el of actions) {
      el.scrollIntoView({ block: "center" });
      if (covered(el)) found.push(`${el.getAttribute("aria-label") ?? el.textContent?.trim()} (in view)`);
    }
    return found;
  });
}

test.describe("toasts", () => {
  for (const viewport of [
    { width: 390, height: 844 },
    { width: 1280, height: 800 },
  ]) {
    test(`never cover the wizard's buttons (${viewport.width}x${viewport.height})`, async ({ page }) => {
      await page.setViewportSize(viewport);
      await signUp(page, uniqueEmail("toast"));
      const id = await createPost(page.request, "A post with an image");
      await page.goto(`/create/${id}/images`);
      await page.getByLabel("Choose images").setInputFiles([(await imageFiles()).png]);
      await page.getByRole("button", { name: "Upload" }).click();
      await expect(page.getByText("Image added", { exact: true })).toBeVisible();
      expect(await actionsUnderToast(page)).toEqual([]);
      await page.getByRole("button", { name: "Continue" }).scrollIntoViewIfNeeded();
      await page.screenshot({ path: `/tmp/shots-ux/toast-${viewport.width}-${test.info().project.name}.png` });
    });
  }
});

test.describe("on a phone (390 px)", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  const noSidewaysScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);
  /** Every link of a navigation lies whole inside the screen (none clipped or scrolled out of sight). */
  const linksInside = (page: Page, name: string) =>
    page.getByRole("navigation", { name }).evaluate((nav) =>
      Array.from(nav.querySelectorAll("a")).every((link) => {
        const box = link.getBoundingClientRect();
        return box.left >= 0 && box.right <= window.innerWidth && box.width > 0;
      }),
    );

  test("/posts: the filter tabs and the view switcher are whole; nothing overflows", async ({ page }) => {
    await signUp(page, uniqueEmail("phone"));
    await createPost(page.request, "On a small screen");
    await page.goto("/posts");
    expect(await linksInside(page, "Filter posts")).toBe(true);
    expect(await linksInside(page, "View")).toBe(true);
    expect(await noSidewaysScroll(page)).toBe(true);
  });

  test("/pricing and the docs fit the screen; the docs' navigation is folded until asked for", async ({ page }) => {
    await page.goto("/pricing");
    await expect(page.getByRole("heading", { name: "Compare the plans" })).toBeVisible();
    expect(await noSidewaysScroll(page)).toBe(true);
    const table = await page.locator("table").evaluate((el) => el.getBoundingClientRect().right <= window.innerWidth);
    expect(table).toBe(true);

    await page.goto("/docs/getting-started");
    expect(await noSidewaysScroll(page)).toBe(true);
    const docsNav = page.getByRole("navigation", { name: "Documentation" });
    await expect(docsNav).toBeHidden();
    await expect(page.getByRole("heading", { level: 1 })).toBeInViewport();
    await page.getByText("Browse the documentation").click();
    await expect(docsNav).toBeVisible();
  });
});
