import { E2E_ANALYTICS } from "../../playwright.config";
import { ANALYTICS_URL, looksLikeAPerson, postHogEvents } from "./analytics";
import { ageLinkedInConnection, connectAccount, expect, signUp, startPost, test, uniqueEmail } from "./fixtures";

// The fakes' consent pages (tests/fakes) stand in for LinkedIn's and X's: the real OAuth code flows
// run against them, and the publisher inside the server delivers to them.

test.describe("connections", () => {
  test("connect LinkedIn and X from the profile, then disconnect", async ({ page, hasJavaScript }) => {
    await signUp(page, uniqueEmail());
    await page.goto("/profile");
    const section = page.getByRole("region", { name: "Connected accounts" });
    await section.getByRole("button", { name: "Connect LinkedIn" }).click();
    await expect(page.getByRole("heading", { name: "Allow access to your LinkedIn account?" })).toBeVisible();
    await page.getByRole("button", { name: "Allow" }).click();
    await expect(page).toHaveURL(/\/profile/);
    await expect(page.getByText("LinkedIn connected", { exact: true })).toBeVisible();
    await expect(section.getByText(/^Member \d+$/).first()).toBeVisible();

    await section.getByRole("button", { name: "Connect X (Twitter)" }).click();
    await page.getByRole("button", { name: "Allow" }).click();
    await expect(page.getByText("X (Twitter) connected", { exact: true })).toBeVisible();
    await expect(section.getByText("Connected", { exact: true })).toHaveCount(2);

    // Each account is disconnected on its own, after a confirmation: a dialog with JavaScript, a page without.
    const account = (await section
      .locator("[data-channel]")
      .last()
      .getByText(/^@xuser\d+/)
      .textContent())!.split(" ")[0]!;
    await section.getByRole(hasJavaScript ? "button" : "link", { name: /^Disconnect X User/ }).click();
    const confirmation = hasJavaScript ? page.getByRole("dialog", { name: /^Disconnect X User \d+ \(@xuser\d+\)\?$/ }) : page.getByRole("main");
    await confirmation.getByRole("button", { name: "Disconnect", exact: true }).click();
    await expect(page.getByText(new RegExp(`^X User \\d+ \\(${account}\\) disconnected$`))).toBeVisible();
    await expect(section.getByRole("button", { name: "Connect X (Twitter)" })).toBeVisible();
  });

  test("a cancelled consent stores nothing and says so", async ({ page }) => {
    await signUp(page, uniqueEmail());
    await page.goto("/profile");
    await page.getByRole("button", { name: "Connect LinkedIn" }).click();
    await page.getByRole("button", { name: "Cancel" }).click();
    await expect(page.getByText("Failed to connect LinkedIn", { exact: true })).toBeVisible();
    await expect(page.getByRole("button", { name: "Connect LinkedIn" })).toBeVisible();
    const me = await page.request.get("/api/users/me");
    const services = ((await me.json()) as { data: { services: { serviceName: string; connected: boolean }[] } }).data.services;
    expect(services.find((s) => s.serviceName === "linkedin")?.connected).toBe(false);
  });

  test("from the wizard: connect when asked, come back to the draft, publish now, see it published", async ({ page, hasJavaScript }) => {
    await signUp(page, uniqueEmail());
    await startPost(page, "manual", ["LinkedIn"]);
    const text = `Published end to end (${Date.now()}) #e2e`;
    await page.getByLabel("Your post").fill(text);
    await page.getByRole("button", { name: "Continue" }).click();
    await expect(page).toHaveURL(/\/review$/);
    await page.getByRole("button", { name: "Continue" }).click();
    await expect(page).toHaveURL(/\/images$/);
    await page.getByRole("button", { name: "Continue without images" }).click();
    await expect(page).toHaveURL(/\/schedule$/);
    const schedulePath = new URL(page.url()).pathname;
    await page.getByRole("radio", { name: "Publish now" }).check();
    await page.getByRole("button", { name: "Confirm" }).click();
    const connect = hasJavaScript
      ? page.getByRole("dialog", { name: "Please connect your accounts first" })
      : page.getByRole("alert").filter({ hasText: "Please connect your accounts first" });
    await connect.getByRole("button", { name: "Connect LinkedIn" }).click();
    await page.getByRole("button", { name: "Allow" }).click();
    // The choice confirmed before connecting is applied on return (no second Confirm): on to the post.
    const postId = schedulePath.split("/")[2];
    await expect(page).toHaveURL(new RegExp(`/posts/${postId}$`));
    // The publisher runs inside the server: reload until the post is out.
    await expect(async () => {
      await page.reload();
      await expect(page.getByText("Published", { exact: true }).first()).toBeVisible({ timeout: 1000 });
    }).toPass({ timeout: 20_000 });
    await expect(page.getByRole("link", { name: "View on LinkedIn" })).toHaveAttribute("href", /^https:\/\/www\.linkedin\.com\/feed\/update\/urn:li:share:/);
  });
});

test.describe("reconnect", () => {
  // On the app server with PostHog on, so the modal's analytics events can be seen at the fake.
  test.use({ baseURL: ANALYTICS_URL });

  test("a LinkedIn connection older than 7 days asks to reconnect: modal with JavaScript, banner without", async ({ page, request, hasJavaScript }) => {
    await looksLikeAPerson(page);
    const email = uniqueEmail("reconnect");
    const reconnectEvents = async () =>
      (await postHogEvents(request)).filter((e) => e.distinct_id === email && e.event.startsWith("linkedin_reconnect")).map((e) => e.event);
    await signUp(page, email);
    await connectAccount(page, "LinkedIn", "/profile");
    await ageLinkedInConnection(email, 8, E2E_ANALYTICS.dataDir);

    await page.goto("/posts");
    const banner = page.getByRole("status").filter({ hasText: "more than a week ago" });
    if (!hasJavaScript) {
      await expect(banner).toBeVisible();
      await banner.getByRole("button", { name: "Reconnect" }).click();
      await page.getByRole("button", { name: "Allow" }).click();
      await expect(page).toHaveURL(/\/posts$/);
      await expect(banner).toHaveCount(0);
      return;
    }
    const modal = page.getByRole("dialog", { name: "LinkedIn Reconnection Required" });
    await expect(modal).toContainText("Your LinkedIn session has expired. You need to reconnect to continue using LinkedIn features.");
    await modal.getByRole("button", { name: "Cancel" }).click();
    await expect(modal).toBeHidden();
    await expect(banner).toBeVisible();
    await expect.poll(reconnectEvents, { timeout: 15_000 }).toEqual(["linkedin_reconnect_required", "linkedin_reconnect_cancelled"]);
    // Dismissed for this tab: not again on the next page; the banner stays, and no event is sent.
    await page.goto("/create");
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await expect(page.getByRole("status").filter({ hasText: "more than a week ago" })).toBeVisible();

    // A new tab asks again; confirming goes to LinkedIn and comes back.
    const second = await page.context().newPage();
    await second.goto("/posts");
    const again = second.getByRole("dialog", { name: "LinkedIn Reconnection Required" });
    await expect(again).toBeVisible();
    await expect
      .poll(reconnectEvents, { timeout: 15_000 })
      .toEqual(["linkedin_reconnect_required", "linkedin_reconnect_cancelled", "linkedin_reconnect_required"]);
    await again.getByRole("button", { name: "Reconnect" }).click();
    await second.getByRole("button", { name: "Allow" }).click();
    await expect(second).toHaveURL(/\/posts$/);
    await expect
      .poll(reconnectEvents, { timeout: 15_000 })
      .toEqual(["linkedin_reconnect_required", "linkedin_reconnect_cancelled", "linkedin_reconnect_required", "linkedin_reconnect_confirmed"]);
    // The same member came back: its channel was updated (version 2 says so rather than "connected").
    await expect(second.getByText("LinkedIn account updated", { exact: true })).toBeVisible();
    await expect(second.getByRole("dialog")).toHaveCount(0);
    // Never on callback routes: the modal did not open on the way back either.
    await second.close();
  });

  test("asks on every signed-in page, /pricing and /blog too, not only inside the dashboard", async ({ page, hasJavaScript }) => {
    const email = uniqueEmail("reconnect-site");
    await signUp(page, email);
    await connectAccount(page, "LinkedIn", "/profile");
    await ageLinkedInConnection(email, 8, E2E_ANALYTICS.dataDir);
    for (const path of ["/pricing", "/blog"]) {
      // A new tab each time: a dismissed modal stays dismissed for its tab.
      const tab = await page.context().newPage();
      await tab.goto(path);
      if (hasJavaScript) {
        const modal = tab.getByRole("dialog", { name: "LinkedIn Reconnection Required" });
        await expect(modal, path).toBeVisible();
        await modal.getByRole("button", { name: "Cancel" }).click();
        await expect(modal).toBeHidden();
      }
      await expect(tab.getByRole("status").filter({ hasText: "more than a week ago" }), path).toBeVisible();
      await tab.close();
    }
  });
});
