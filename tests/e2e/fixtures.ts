import { mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { test as base, expect, type APIRequestContext, type Page } from "@playwright/test";
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

/** Connects an account through the provider fake's consent page, starting from `from`. */
export async function connectAccount(page: Page, platform: "LinkedIn" | "X (Twitter)", from: string) {
  await page.goto(from);
  await page
    .getByRole("button", { name: `Connect ${platform}` })
    .first()
    .click();
  // Said apart, so that a run that never reaches the consent page names the page it stayed on
  // (an app error, a refusal) instead of waiting out the test for an "Allow" button.
  await expect(page, "the provider's consent page").toHaveURL(/\/(oauth\/v2\/authorization|i\/oauth2\/authorize)\?/, { timeout: 30_000 });
  await page.getByRole("button", { name: "Allow" }).click();
  await expect(page.getByText(`${platform} connected`, { exact: true })).toBeVisible();
}

/** Moves the user's LinkedIn channels `days` into the past, as time would, in the e2e database of `dataDir`. */
export async function ageLinkedInConnection(email: string, days: number, dataDir = E2E_DATA_DIR) {
  const { createClient } = await import("@libsql/client");
  const db = createClient({ url: `file:${dataDir}/plume.db` });
  // The app may be writing at this moment: wait for its lock rather than fail with SQLITE_BUSY.
  await db.execute("PRAGMA busy_timeout = 5000");
  const at = Date.now() - days * 24 * 60 * 60 * 1000;
  await db.execute({
    sql: `UPDATE "Channel" SET "connectedAt" = ? WHERE "network" = 'linkedin' AND "userId" = (SELECT "id" FROM "User" WHERE "email" = ?)`,
    args: [new Date(at).toISOString().replace("Z", "+00:00"), email],
  });
  db.close();
}

/**
 * Gives the user one more channel, as if a second account of the network had been connected (the
 * fakes' consent pages, in their own process here, always answer as one account), in the e2e
 * database of `dataDir`. Without tokens: disconnecting it has nothing to revoke.
 */
export async function addChannel(
  email: string,
  channel: { network: "linkedin" | "twitter" | "bluesky" | "mastodon"; displayName: string; handle: string },
  dataDir = E2E_DATA_DIR,
) {
  const { createClient } = await import("@libsql/client");
  const db = createClient({ url: `file:${dataDir}/plume.db` });
  // The app may be writing at this moment: wait for its lock rather than fail with SQLITE_BUSY.
  await db.execute("PRAGMA busy_timeout = 5000");
  const at = new Date(Date.now() + 1000).toISOString().replace("Z", "+00:00");
  await db.execute({
    sql: `INSERT INTO "Channel" ("id", "userId", "workspaceId", "network", "providerUserId", "displayName", "handle", "connectedAt", "createdAt", "updatedAt")
          SELECT ?, "id", "id", ?, ?, ?, ?, ?, ?, ? FROM "User" WHERE "email" = ?`,
    args: [`e2e${Math.random().toString(36).slice(2, 12)}`, channel.network, `e2e-${channel.handle}`, channel.displayName, channel.handle, at, at, at, email],
  });
  db.close();
}

/**
 * Settles a post as the publisher would once LinkedIn took it (published, with its address), in the
 * e2e database of `dataDir`: for the server whose publisher is off, so a test chooses the moment.
 */
export async function markPublishedOnLinkedIn(postId: string, url: string, dataDir = E2E_DATA_DIR) {
  const { createClient } = await import("@libsql/client");
  const db = createClient({ url: `file:${dataDir}/plume.db` });
  // The app may be writing at this moment: wait for its lock rather than fail with SQLITE_BUSY.
  await db.execute("PRAGMA busy_timeout = 5000");
  const now = new Date().toISOString().replace("Z", "+00:00");
  await db.batch([
    {
      sql: `UPDATE "Delivery" SET "status" = 'published', "url" = ?, "externalId" = ?, "publishedAt" = ? WHERE "postId" = ?`,
      args: [url, url.split("/").pop()!, now, postId],
    },
    { sql: `UPDATE "Post" SET "status" = 'published', "publishedAt" = ? WHERE "id" = ?`, args: [now, postId] },
  ]);
  db.close();
}

/** A draft made through the API, as the signed-in user of `request`; its id. */
export async function createPost(request: APIRequestContext, text: string, platforms = ["linkedin"]) {
  const response = await request.post("/api/posts", { data: { platforms, linkedinText: text, twitterText: text } });
  expect(response.status()).toBe(201);
  return ((await response.json()) as { data: { id: string } }).data.id;
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
export async function mailedLink(email: string, pathname: string, dataDir = E2E_DATA_DIR): Promise<string> {
  const dir = path.join(dataDir, "mail");
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

/** Real image files made for the run (and a text file named .png), in Playwright's output folder (emptied each run, ignored by git). */
export async function imageFiles() {
  const dir = path.resolve("test-results", ".images", String(process.pid));
  mkdirSync(dir, { recursive: true });
  const make = (name: string, format: "png" | "jpeg" | "webp" | "gif", colour: { r: number; g: number; b: number }) =>
    sharp({ create: { width: 640, height: 400, channels: 3, background: colour } })
      .toFormat(format)
      .toFile(path.join(dir, name))
      .then(() => path.join(dir, name));
  const files = {
    png: await make("violet.png", "png", { r: 124, g: 58, b: 237 }),
    jpeg: await make("green.jpg", "jpeg", { r: 22, g: 163, b: 74 }),
    webp: await make("blue.webp", "webp", { r: 37, g: 99, b: 235 }),
    gif: await make("red.gif", "gif", { r: 220, g: 38, b: 38 }),
    fakePng: path.join(dir, "notes.png"),
    large: path.join(dir, "large.png"),
  };
  writeFileSync(files.fakePng, "This is a text file pretending to be an image.\n");
  // 6 MB of noise stored uncompressed: a real PNG over the 5 MB limit.
  const noise = Buffer.alloc(1500 * 1400 * 3);
  for (let i = 0; i < noise.length; i++) noise[i] = (i * 2654435761) % 251;
  await sharp(noise, { raw: { width: 1500, height: 1400, channels: 3 } })
    .png({ compressionLevel: 0 })
    .toFile(files.large);
  return files;
}

/** Goes through the wizard's first steps to the content step: platforms, then the method. */
export async function startPost(page: Page, method: "manual" | "ai", platforms: ("LinkedIn" | "X (Twitter)")[] = ["LinkedIn", "X (Twitter)"]) {
  await page.goto("/create");
  for (const platform of platforms) await page.getByRole("checkbox", { name: new RegExp(platform.replace(/[()]/g, "\\$&")) }).check();
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page).toHaveURL(/\/method$/);
  await page.getByRole("radio", { name: method === "ai" ? "Draft it with AI" : "Write it myself" }).check();
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page).toHaveURL(/\/content$/);
}

/**
 * Screenshots of the page as it is (after `reload`, when given), desktop and phone, light and dark,
 * into test-results/<name>-<size>-<scheme>.png, to be looked at. CI looks at none: there (CI set,
 * PLAYWRIGHT_SCREENSHOTS unset) `reload` runs once, in the last of the four states (phone, dark),
 * so the checks it holds still run and the page is left as the full round leaves it, without the
 * time spent on pictures nobody opens.
 */
export async function screenshotEach(page: Page, name: string, reload?: () => Promise<unknown>) {
  if (process.env.CI && !process.env.PLAYWRIGHT_SCREENSHOTS) {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.emulateMedia({ colorScheme: "dark" });
    await reload?.();
    return;
  }
  for (const [size, viewport] of [
    ["desktop", { width: 1280, height: 900 }],
    ["phone", { width: 390, height: 844 }],
  ] as const) {
    for (const scheme of ["light", "dark"] as const) {
      await page.setViewportSize(viewport);
      await page.emulateMedia({ colorScheme: scheme });
      await reload?.();
      // Switching the colour scheme starts every `transition-colors` from the old scheme's colours:
      // shot at once, buttons and links came out pale. No transitions while shooting.
      await page.screenshot({
        path: `test-results/${name}-${size}-${scheme}.png`,
        fullPage: size === "phone",
        animations: "disabled",
        style: "*, *::before, *::after { transition: none !important; }",
      });
    }
  }
}

/**
 * Asserts the page does not scroll sideways at its current viewport; on failure, names the deepest
 * elements whose right edge passes the viewport, so the culprit is in the message.
 */
export async function expectNoSidewaysScroll(page: Page, where: string) {
  const { scrollWidth, width, offenders } = await page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    // What sits inside its own scroller (a wide table in an overflow-x-auto box) does not widen the
    // page, unless it is positioned absolutely against something outside that scroller (a classic:
    // an sr-only label in a table cell).
    const clipped = (el: HTMLElement) => {
      let absolute = getComputedStyle(el).position === "absolute";
      if (getComputedStyle(el).position === "fixed") return true;
      for (let up = el.parentElement; up && up !== document.body; up = up.parentElement) {
        const style = getComputedStyle(up);
        if (!absolute && style.overflowX !== "visible") return true;
        if (absolute && style.position !== "static") absolute = false;
        if (!absolute && style.overflowX !== "visible") return true;
      }
      return false;
    };
    const wide = [...document.querySelectorAll<HTMLElement>("body *")].filter((el) => el.getBoundingClientRect().right > width + 0.5 && !clipped(el));
    const offenders = wide
      .filter((el) => !wide.some((other) => other !== el && el.contains(other)))
      .slice(0, 5)
      .map((el) => `<${el.tagName.toLowerCase()} class="${el.className}"> right=${Math.round(el.getBoundingClientRect().right)}`);
    return { scrollWidth: document.documentElement.scrollWidth, width, offenders };
  });
  expect(scrollWidth, `${where} scrolls sideways at ${width}px: ${offenders.join("; ")}`).toBeLessThanOrEqual(width);
}

/**
 * Makes the user of `email` a member of the workspace named `workspaceName` with `role`, or changes
 * their role there, in the e2e database of `dataDir` (invitations stand in for this once they exist).
 */
export async function setWorkspaceRole(email: string, workspaceName: string, role: "admin" | "editor" | "writer" | "viewer", dataDir = E2E_DATA_DIR) {
  const { createClient } = await import("@libsql/client");
  const db = createClient({ url: `file:${dataDir}/plume.db` });
  // The app may be writing at this moment: wait for its lock rather than fail with SQLITE_BUSY.
  await db.execute("PRAGMA busy_timeout = 5000");
  const now = new Date().toISOString().replace("Z", "+00:00");
  await db.execute({
    sql: `INSERT INTO "WorkspaceMember" ("workspaceId", "userId", "role", "joinedAt")
          SELECT "Workspace"."id", "User"."id", ?, ? FROM "Workspace", "User" WHERE "Workspace"."name" = ? AND "User"."email" = ?
          ON CONFLICT ("workspaceId", "userId") DO UPDATE SET "role" = excluded."role"`,
    args: [role, now, workspaceName, email],
  });
  db.close();
}

/** The invitation link last mailed to an address (`/invitations/<token>`), whatever was mailed after it. */
export async function mailedInvitation(email: string, dataDir = E2E_DATA_DIR): Promise<string> {
  const dir = path.join(dataDir, "mail");
  const links = () => {
    try {
      return readdirSync(dir)
        .filter((f) => f.includes(email))
        .sort()
        .flatMap((file) => {
          const text = readFileSync(path.join(dir, file), "utf8")
            .replace(/=\r?\n/g, "")
            .replace(/=3D/g, "=");
          return text.match(/https?:\/\/[^\s"<>]+\/invitations\/[A-Za-z0-9_-]{20,100}/g) ?? [];
        });
    } catch {
      return [];
    }
  };
  await expect.poll(() => links().length).toBeGreaterThan(0);
  return links().at(-1)!;
}
