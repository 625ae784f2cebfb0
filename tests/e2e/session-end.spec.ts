import type { Page } from "@playwright/test";
import { E2E_DATA_DIR } from "../../playwright.config";
import { ageLinkedInConnection, connectAccount, expect, signUp, startPost, test, uniqueEmail } from "./fixtures";

// A session can end while a page is open (signed out elsewhere, expired, revoked): the next call
// the page makes answers 401, and the browser signs out and goes to sign in (app/utils/api-fetch.ts).

/** Ends every session of a user in the e2e database, as signing out elsewhere or an expiry would. */
async function endSessions(email: string) {
  const { createClient } = await import("@libsql/client");
  const db = createClient({ url: `file:${E2E_DATA_DIR}/plume.db` });
  // The app may be writing at this moment: wait for its lock rather than fail with SQLITE_BUSY.
  await db.execute("PRAGMA busy_timeout = 5000");
  await db.execute({ sql: `DELETE FROM "Session" WHERE "userId" = (SELECT "id" FROM "User" WHERE "email" = ?)`, args: [email] });
  db.close();
}

/** On the sign-in page, told why, with no session cookie left. */
async function expectSignInAgain(page: Page) {
  await expect(page).toHaveURL(/\/login\?redirectTo=/);
  await expect(page.getByText("Your session has expired. Please sign in again.", { exact: true })).toBeVisible();
  expect((await page.context().cookies()).map((cookie) => cookie.name)).not.toContain("plume_session");
}

test.describe("a session that ends while a page is open", () => {
  test("the AI draft stream's 401 signs out, goes to sign in, and back to the step after", async ({ page, hasJavaScript }) => {
    const email = uniqueEmail("expired");
    await signUp(page, email);
    await startPost(page, "ai", ["LinkedIn"]);
    const step = new URL(page.url()).pathname;
    await page.getByLabel("What should the post say?").fill("a post nobody will see");
    await endSessions(email);
    await page.getByRole("button", { name: "Generate" }).click();
    if (hasJavaScript) {
      await expectSignInAgain(page);
      // Signing in again from here comes back to the step.
      await page.getByLabel("Email").fill(email);
      await page.getByLabel("Password", { exact: true }).fill("password123");
      await page.getByRole("button", { name: "Sign in", exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`${step}$`));
    } else {
      // Without JavaScript the form posts to the page, whose server sends to sign in.
      await expect(page).toHaveURL(/\/login\?redirectTo=/);
    }
  });

  test("the reconnect address's 401 signs out too", async ({ page, hasJavaScript }) => {
    test.skip(!hasJavaScript, "the reconnect modal asks for the address with JavaScript; without it, a banner posts a form");
    const email = uniqueEmail("expired-reconnect");
    await signUp(page, email);
    await connectAccount(page, "LinkedIn", "/profile");
    await ageLinkedInConnection(email, 8);
    // The page is served to a live session; the session ends before the modal asks for the address.
    await page.route("**/api/auth/linkedin/url?**", async (route) => {
      await endSessions(email);
      await route.continue();
    });
    await page.goto("/posts");
    await expectSignInAgain(page);
    expect(new URL(page.url()).searchParams.get("redirectTo")).toBe("/posts");
  });

  test("search is public: it keeps answering, and the next page sends to sign in", async ({ page, hasJavaScript }) => {
    test.skip(!hasJavaScript, "the Meta+K dialog needs JavaScript");
    const email = uniqueEmail("expired-search");
    await signUp(page, email);
    await endSessions(email);
    await page.getByRole("heading", { level: 1 }).click();
    await page.keyboard.press("ControlOrMeta+k");
    const dialog = page.getByRole("dialog", { name: "Search" });
    await dialog.getByRole("combobox").fill("worker");
    await expect(dialog.getByRole("option").first()).toBeVisible();
    await page.keyboard.press("Escape");
    await page.getByRole("link", { name: "Profile" }).first().click();
    await expect(page).toHaveURL(/\/login\?redirectTo=%2Fprofile$/);
  });
});
