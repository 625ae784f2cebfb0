import AxeBuilder from "@axe-core/playwright";
import type { Locator, Page } from "@playwright/test";
import { E2E_DATA_DIR } from "../../playwright.config";
import { connectAccount, expect, screenshotEach, signUp, test, uniqueEmail } from "./fixtures";

/** An account's picture as the app serves it (its own copy, docs/decisions/0053), shown and really loaded. */
async function expectPictureLoaded(image: Locator) {
  await expect(image).toBeVisible();
  await expect(image).toHaveAttribute("src", /^\/channels\/[^/]+\/avatar\?v=/);
  await expect.poll(() => image.evaluate((element: HTMLImageElement) => (element.complete ? element.naturalWidth : 0))).toBeGreaterThan(0);
}
const avatarIn = (scope: Locator) => scope.locator('img[src^="/channels/"]').first();

/**
 * Names the user's X channel "Ada Lovelace" (@ada) and adds a second X account, "Grace Hopper"
 * (@grace, with the same tokens: the fake takes them), as a second connect would; in the e2e database.
 */
async function seedSecondXAccount(email: string) {
  const { createClient } = await import("@libsql/client");
  const db = createClient({ url: `file:${E2E_DATA_DIR}/plume.db` });
  // The app may be writing at this moment: wait for its lock rather than fail with SQLITE_BUSY.
  await db.execute("PRAGMA busy_timeout = 5000");
  const user = `(SELECT "id" FROM "User" WHERE "email" = ?)`;
  await db.batch([
    {
      sql: `UPDATE "Channel" SET "displayName" = 'Ada Lovelace', "handle" = 'ada', "avatarUrl" = NULL WHERE "network" = 'twitter' AND "userId" = ${user}`,
      args: [email],
    },
    {
      sql: `INSERT INTO "Channel" ("id", "userId", "workspaceId", "network", "kind", "providerUserId", "displayName", "handle", "status", "scopes", "accessTokenEnc", "refreshTokenEnc", "expiresAt", "connectedAt", "createdAt", "updatedAt")
            SELECT 'grace-' || "id", "userId", "workspaceId", 'twitter', 'account', 'grace-1', 'Grace Hopper', 'grace', 'active', "scopes", "accessTokenEnc", "refreshTokenEnc", "expiresAt", "connectedAt", ?, "updatedAt"
            FROM "Channel" WHERE "network" = 'twitter' AND "userId" = ${user}`,
      // After the first account, in the format Prisma writes (the order of a user's accounts).
      args: [new Date(Date.now() + 60_000).toISOString().replace("Z", "+00:00"), email],
    },
  ]);
  db.close();
}

async function savedParts(email: string) {
  const { createClient } = await import("@libsql/client");
  const db = createClient({ url: `file:${E2E_DATA_DIR}/plume.db` });
  // The app may be writing at this moment: wait for its lock rather than fail with SQLITE_BUSY.
  await db.execute("PRAGMA busy_timeout = 5000");
  const result = await db.execute({
    sql: `SELECT c."handle" AS handle, c."network" AS network, t."position" AS target, p."position" AS part, p."text" AS text, p."status" AS status, po."status" AS postStatus
          FROM "PostPart" p JOIN "PostTarget" t ON t."id" = p."targetId" JOIN "Channel" c ON c."id" = t."channelId" JOIN "Post" po ON po."id" = t."postId"
          WHERE po."userId" = (SELECT "id" FROM "User" WHERE "email" = ?) ORDER BY t."position", p."position"`,
    args: [email],
  });
  db.close();
  return result.rows.map((row) => ({ ...row }));
}

const LONG =
  "We shipped threads today. Each account can now have its own parts, and LinkedIn posts can carry a first comment. " +
  "The composer splits a long text at the end of a sentence when it can, and between words when it must. " +
  "Every button works without JavaScript, as a plain form that comes back to the same place. " +
  "The previews show each account as its network would, with the thread's connector line.";

test.describe("thread composer", () => {
  test("two X accounts and LinkedIn: a 4-part thread on one, a first comment on LinkedIn, reorder, split, schedule", async ({ page }) => {
    test.setTimeout(120_000);
    const email = uniqueEmail("thread");
    await signUp(page, email);
    await connectAccount(page, "LinkedIn", "/profile");
    await connectAccount(page, "X (Twitter)", "/profile");
    await seedSecondXAccount(email);

    // Step 1 now picks accounts: each with its name and handle.
    await page.goto("/create");
    await expect(page.getByRole("group", { name: "Accounts" })).toBeVisible();
    // The connected accounts' pictures, copied at connect time; the seeded second account has none: initials.
    await expectPictureLoaded(avatarIn(page.locator("label").filter({ hasText: "Ada Lovelace" })));
    await expect(page.locator("label").filter({ hasText: "Grace Hopper" }).locator("img")).toHaveCount(0);
    await page.getByRole("checkbox", { name: /Ada Lovelace.*@ada/ }).check();
    await page.getByRole("checkbox", { name: /Grace Hopper.*@grace/ }).check();
    await page.getByRole("checkbox", { name: /LinkedIn/ }).check();
    await page.getByRole("button", { name: "Continue" }).click();
    await expect(page).toHaveURL(/\/method$/);
    await page.getByRole("radio", { name: "Write it myself" }).check();
    await page.getByRole("button", { name: "Continue" }).click();

    // One shared text for every account.
    await page.getByLabel("Your post").fill("Threads are here.");
    await page.getByRole("button", { name: "Continue" }).click();
    await expect(page).toHaveURL(/\/review/);
    const ada = (part: string) => page.getByRole("textbox", { name: `X @ada, ${part}`, exact: true });
    await expect(ada("Part 1")).toHaveValue("Threads are here.");
    await expect(page.getByRole("textbox", { name: "X @grace, Part 1", exact: true })).toHaveValue("Threads are here.");
    await expect(page.getByRole("article", { name: "X preview" }).first()).toContainText("Ada Lovelace");
    await expect(page.getByRole("article", { name: "X preview" }).first()).toContainText("@ada");

    // A long text, saved, then split at the limit: two parts that each fit, cut after a sentence.
    await ada("Part 1").fill(LONG);
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await expect(page.getByText(/characters too many/).first()).toBeVisible();
    await page.getByRole("button", { name: "Split X @ada, Part 1 at the limit" }).click();
    await expect(ada("Part 2")).toBeVisible();
    await expect(ada("Part 1")).toHaveValue(/^We shipped threads today\..*between words when it must\.$/);
    await expect(page.getByText(/characters too many/)).toHaveCount(0);
    // Two more parts, the last moved up.
    await page.getByRole("button", { name: "Add a part to X @ada" }).click();
    await ada("Part 3").fill("Third, for now.");
    await page.getByRole("button", { name: "Add a part to X @ada" }).click();
    await ada("Part 4").fill("Part four, moved up.");
    await page.getByRole("button", { name: "Move X @ada, Part 4 up" }).click();
    await expect(ada("Part 3")).toHaveValue("Part four, moved up.");
    await expect(ada("Part 4")).toHaveValue("Third, for now.");

    // LinkedIn: the post and its first comment, shown under the post in the preview.
    await page.getByRole("button", { name: /Add a first comment to LinkedIn/ }).click();
    await page.getByRole("textbox", { name: /LinkedIn .*, First comment/ }).fill("Read the docs: https://example.com/threads");
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await expect(page.getByRole("region", { name: "First comment" })).toContainText("Read the docs");
    // Which accounts left the shared text, named in a list of links to each (keyboard reachable).
    const divergence = page.getByRole("navigation", { name: "Which accounts have their own text" });
    await expect(divergence.getByRole("link", { name: /X @ada.*Own text/ })).toBeVisible();
    await expect(divergence.getByRole("link", { name: /X @grace.*Shared text/ })).toBeVisible();
    await expect(divergence.getByRole("link", { name: /LinkedIn .*Own text/ })).toBeVisible();
    // The previews show each account under its own picture.
    await expectPictureLoaded(avatarIn(page.getByRole("article", { name: "X preview" }).first()));
    await expectPictureLoaded(avatarIn(page.getByRole("article", { name: "LinkedIn preview" })));
    await screenshotEach(page, "thread-composer-review");

    await page.getByRole("button", { name: "Continue" }).click();
    await expect(page).toHaveURL(/\/images$/);
    await page.getByRole("button", { name: "Continue without images" }).click();
    await expect(page).toHaveURL(/\/schedule$/);
    await page.getByRole("radio", { name: "Schedule for later" }).check();
    await page.getByLabel("Date").fill("2030-06-01");
    await page.getByLabel("Time").fill("09:00");
    await page.getByRole("button", { name: "Confirm" }).click();
    await expect(page).toHaveURL(/\/posts\/[^/]+$/);

    const parts = await savedParts(email);
    expect(parts.map(({ handle, part, postStatus }) => [handle, part, postStatus])).toEqual([
      [expect.any(String), 1, "scheduled"],
      [expect.any(String), 2, "scheduled"],
      ["ada", 1, "scheduled"],
      ["ada", 2, "scheduled"],
      ["ada", 3, "scheduled"],
      ["ada", 4, "scheduled"],
      ["grace", 1, "scheduled"],
    ]);
    expect(parts[1]).toMatchObject({ network: "linkedin", text: "Read the docs: https://example.com/threads" });
    expect(parts[6]).toMatchObject({ text: "Threads are here." });
    // Split, then reordered: parts 1 and 2 are the long text cut in two, then the moved part.
    const adaTexts = parts.filter((part) => part.handle === "ada").map((part) => String(part.text));
    expect([adaTexts[0], adaTexts[1]].join(" ")).toBe(LONG);
    expect(adaTexts.slice(2)).toEqual(["Part four, moved up.", "Third, for now."]);
    expect(adaTexts.every((text) => text.length <= 280)).toBe(true);

    // The post page: each account with its parts.
    const accounts = page.getByRole("region", { name: "Accounts and parts" });
    await expect(accounts).toContainText("Grace Hopper");
    await expect(accounts).toContainText("First comment");
    await expect(accounts.getByText("Part 4")).toBeVisible();
    await screenshotEach(page, "thread-composer-post");
  });

  test("a part over the limit is named when moving on", async ({ page }) => {
    test.setTimeout(90_000);
    const email = uniqueEmail("thread-limit");
    await signUp(page, email);
    await connectAccount(page, "X (Twitter)", "/profile");
    await seedSecondXAccount(email);
    await page.goto("/create");
    await page.getByRole("checkbox", { name: /Ada Lovelace/ }).check();
    await page.getByRole("checkbox", { name: /Grace Hopper/ }).uncheck();
    await page.getByRole("button", { name: "Continue" }).click();
    await page.getByRole("radio", { name: "Write it myself" }).check();
    await page.getByRole("button", { name: "Continue" }).click();
    await page.getByLabel("Your post").fill("Short");
    await page.getByRole("button", { name: "Continue" }).click();
    await page.getByRole("link", { name: "Write a thread or a first comment" }).click();
    await page.getByRole("button", { name: "Add a part to X @ada" }).click();
    await page.getByRole("textbox", { name: "X @ada, Part 2", exact: true }).fill("b".repeat(290));
    await page.getByRole("button", { name: "Continue" }).click();
    await expect(page.getByText("X @ada, part 2: the text is too long (290 of 280).")).toBeVisible();
    await expect(page.getByText("Too long: shorten it, or split it into more parts")).toBeVisible();
    await expect(page).toHaveURL(/\/review/);
  });
});

/**
 * Screenshots at phone (390 × 844) and desktop (1280 × 800), light and dark, whole page, into
 * test-results/look-<name>-<size>-<scheme>.png (ignored by git): to be looked at, not compared.
 */
async function lookAt(page: Page, name: string) {
  for (const [size, viewport] of [
    ["phone", { width: 390, height: 844 }],
    ["desktop", { width: 1280, height: 800 }],
  ] as const) {
    for (const scheme of ["light", "dark"] as const) {
      await page.setViewportSize(viewport);
      await page.emulateMedia({ colorScheme: scheme });
      // From the top (a sticky header would otherwise show mid-page), colour transitions finished.
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.screenshot({ path: `test-results/look-${name}-${size}-${scheme}.png`, fullPage: true, animations: "disabled" });
      // What looks fine must also read fine: no serious WCAG AA violation (contrast in dark mode…).
      const { violations } = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
      const serious = violations.filter((v) => v.impact === "serious" || v.impact === "critical");
      expect(serious.map((v) => `${name} ${size} ${scheme} ${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
    }
  }
}

test.describe("thread composer, as a user sees it", () => {
  test("accounts step, thread editor, published post: screenshots at each size and scheme", async ({ page, hasJavaScript }) => {
    test.skip(!hasJavaScript, "one set of screenshots, taken with JavaScript");
    test.setTimeout(150_000);
    const email = uniqueEmail("look");
    await signUp(page, email);
    await connectAccount(page, "LinkedIn", "/profile");
    await connectAccount(page, "X (Twitter)", "/profile");
    await seedSecondXAccount(email);

    await page.goto("/create");
    for (const name of [/Ada Lovelace/, /Grace Hopper/, /LinkedIn/]) await page.getByRole("checkbox", { name }).check();
    await lookAt(page, "accounts");
    await page.getByRole("button", { name: "Continue" }).click();
    await page.getByRole("radio", { name: "Write it myself" }).check();
    await page.getByRole("button", { name: "Continue" }).click();
    await page.getByLabel("Your post").fill("Threads are here: one text for every account, and each account can say it its own way.");
    await page.getByRole("button", { name: "Continue" }).click();
    await expect(page).toHaveURL(/\/review/);
    await page.goto(`${new URL(page.url()).pathname}?editor=parts`);

    const ada = (part: string) => page.getByRole("textbox", { name: `X @ada, ${part}`, exact: true });
    await ada("Part 1").fill("Threads are here. 1/4");
    for (const [n, text] of [
      [2, "Each account can now have its own parts, and LinkedIn posts a first comment. 2/4"],
      [3, "Every button works without JavaScript, as a plain form. 3/4"],
      [4, "The previews show each account as its network would. 4/4"],
    ] as const) {
      await page.getByRole("button", { name: "Add a part to X @ada" }).click();
      await ada(`Part ${n}`).fill(text);
    }
    await page.getByRole("button", { name: /Add a first comment to LinkedIn/ }).click();
    await page.getByRole("textbox", { name: /LinkedIn .*, First comment/ }).fill("Read the docs: https://example.com/threads");
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await expect(page.getByRole("region", { name: "First comment" })).toContainText("Read the docs");
    await expect(ada("Part 4")).toBeVisible();
    await lookAt(page, "thread-editor");

    await page.getByRole("button", { name: "Continue" }).click();
    await page.getByRole("button", { name: "Continue without images" }).click();
    await page.getByRole("radio", { name: "Publish now" }).check();
    await page.getByRole("button", { name: "Confirm" }).click();
    await expect(page).toHaveURL(/\/posts\/[^/]+$/);
    await expect(async () => {
      await page.reload();
      await expect(page.getByText("Published", { exact: true }).first()).toBeVisible({ timeout: 1000 });
    }).toPass({ timeout: 30_000 });
    // Every part out, each with its link.
    await expect(page.getByRole("link", { name: "View Part 4 on X" })).toBeVisible({ timeout: 30_000 });
    await expect(page.getByRole("link", { name: "View First comment on LinkedIn" })).toBeVisible();
    await expect(page.getByText("Waiting", { exact: true })).toHaveCount(0, { timeout: 15_000 });
    // The two X deliveries say which account each is.
    const deliveries = page.getByRole("region", { name: "Delivery" });
    await expect(deliveries.getByText("Ada Lovelace (@ada)")).toBeVisible();
    await expect(deliveries.getByText("Grace Hopper (@grace)")).toBeVisible();
    await lookAt(page, "post-published");
  });
});
