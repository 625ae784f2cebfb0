import type { APIRequestContext, Page } from "@playwright/test";
import { E2E_DATA_DIR } from "../../playwright.config";
import { expect, mailedLink, signIn } from "./fixtures";

/** The e2e servers' ADMIN_EMAILS. */
export const ADMIN = "admin@e2e.test";

/**
 * The owner of the admin address follows the mailed verification link: it leads to choosing a
 * password (decision 41), which makes the account an admin and ends its other sessions.
 */
async function claimAdminAddress(request: APIRequestContext, dataDir: string) {
  const followed = await request.get(await mailedLink(ADMIN, "/verify-email", dataDir), { maxRedirects: 0 });
  const target = new URL(followed.headers()["location"] ?? "", "http://e2e.invalid");
  expect(target.pathname).toBe("/reset-password");
  const form = { token: target.searchParams.get("token") ?? "", password: "password123", confirmPassword: "password123" };
  expect((await request.post("/reset-password", { form, maxRedirects: 0 })).status()).toBe(302);
}

/**
 * Signs the page in as the e2e admin, registering and claiming the address the first time on the
 * server under test (`dataDir` is where that server writes its mails).
 */
export async function signInAsAdmin(page: Page, request: APIRequestContext, dataDir = E2E_DATA_DIR) {
  const existing = await request.post("/api/auth/login", { data: { email: ADMIN, password: "password123" } });
  if (existing.status() !== 200) {
    const created = await request.post("/api/auth/register", { data: { email: ADMIN, password: "password123" } });
    // The other project's run may have registered it a moment ago.
    if (created.status() === 201) await claimAdminAddress(request, dataDir);
  }
  // The other project's run may claim the address now, which ends this page's session: sign in
  // (again) until the admin page opens.
  await expect
    .poll(
      async () => {
        const response = await page.goto("/admin/users");
        if (!new URL(page.url()).pathname.startsWith("/login")) return response?.status();
        await signIn(page, ADMIN);
        await page.waitForURL((url) => !url.pathname.startsWith("/login"));
        return 0;
      },
      { timeout: 20_000 },
    )
    .toBe(200);
}
