import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { test as base, expect, type Page } from "@playwright/test";
import { E2E_DATA_DIR } from "../../playwright.config";

let ipCounter = 0;

/**
 * Each test acts from its own address (the server trusts X-Forwarded-For in e2e), so the per-IP
 * rate limits hold per test as they would per visitor.
 */
export const test = base.extend<{ hasJavaScript: boolean }>({
  extraHTTPHeaders: async ({}, use, testInfo) => {
    ipCounter += 1;
    const ip = `10.${testInfo.workerIndex % 250}.${Math.floor(ipCounter / 250) % 250}.${(ipCounter % 250) + 1}`;
    await use({ "X-Forwarded-For": ip });
  },
  hasJavaScript: async ({ javaScriptEnabled }, use) => {
    await use(javaScriptEnabled !== false);
  },
});

export { expect };

export function uniqueEmail(prefix = "e2e"): string {
  return `${prefix}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}@example.com`;
}

export async function signUp(page: Page, email: string, password = "password123") {
  await page.goto("/signup");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByLabel("Confirm password").fill(password);
  await page.getByLabel(/I accept the/).check();
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page).toHaveURL(/\/posts$/);
}

export async function signIn(page: Page, email: string, password = "password123") {
  await page.goto("/login");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
}

/** The last link to `pathname` mailed to an address (mails are files under DATA_DIR/mail). */
export async function mailedLink(email: string, pathname: string): Promise<string> {
  const dir = path.join(E2E_DATA_DIR, "mail");
  await expect
    .poll(() => {
      try {
        return readdirSync(dir).filter((f) => f.includes(email)).length;
      } catch {
        return 0;
      }
    })
    .toBeGreaterThan(0);
  const file = readdirSync(dir)
    .filter((f) => f.includes(email))
    .sort()
    .pop()!;
  const text = readFileSync(path.join(dir, file), "utf8")
    .replace(/=\r?\n/g, "")
    .replace(/=3D/g, "=");
  const match = text.match(new RegExp(`https?://[^\\s"<>]+${pathname}\\?token=[A-Za-z0-9_-]+`));
  if (!match) throw new Error(`No ${pathname} link in the mail to ${email}`);
  return match[0];
}

/** The body's background as relative luminance, 0 (black) to 1 (white), whatever colour syntax the CSS uses. */
export function backgroundLuminance(page: Page): Promise<number> {
  return page.evaluate(() => {
    const canvas = document.createElement("canvas");
    canvas.width = canvas.height = 1;
    const context = canvas.getContext("2d")!;
    context.fillStyle = getComputedStyle(document.body).backgroundColor;
    context.fillRect(0, 0, 1, 1);
    const [r, g, b] = Array.from(context.getImageData(0, 0, 1, 1).data).map((v) => {
      const c = v / 255;
      return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
  });
}
