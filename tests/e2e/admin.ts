import type { APIRequestContext, Page } from "@playwright/test";
import { E2E_DATA_DIR } from "../../playwright.config";
import { expect, mailedLink, signIn } from "./fixtures";

/** The e2e servers' ADMIN_EMAILS. */
export const ADMIN = "admin@e2e.test";

/**
 * Signs the page in as the e2e admin, registering and verifying the address the first time on the
 * server under test (`dataDir` is where that server writes its mails).
 */
export async function signInAsAdmin(page: Page, request: APIRequestContext, dataDir = E2E_DATA_DIR) {
  const existing = await request.post("/api/auth/login", { data: { email: ADMIN, password: "password123" } });
  if (existing.status() !== 200) {
    const created = await request.post("/api/auth/register", { data: { email: ADMIN, password: "password123" } });
    // The other project's run may have registered it a moment ago.
    if (created.status() === 201) await request.get(await mailedLink(ADMIN, "/verify-email", dataDir));
  }
  await signIn(page, ADMIN);
  await expect(page).toHaveURL(/\/posts$/);
  // The address counts once verified, maybe by the other project's run: look again until it has.
  await expect.poll(async () => (await page.goto("/admin/users"))?.status()).toBe(200);
}
