import type { Page } from "@playwright/test";
import { connectAccount, expect, screenshotEach, signUp, test, uniqueEmail } from "./fixtures";
import { interactionCounter } from "./interactions";

// Issue 27: "Add to queue" in one click, from the composer (its main button once slots exist), the
// post's page and the posts list; the walk from "Write a post" to queued in 5 interactions or fewer.
const GOAL_FROM_WRITE = 5;

test.use({ timezoneId: "Europe/Paris" });

const part1 = (page: Page) => page.getByRole("textbox", { name: /^Post/ });

/** Every day at 09:00 and 18:00 on the user's clock, for every account. */
async function setSlots(page: Page) {
  const slots = [1, 2, 3, 4, 5, 6, 7].flatMap((weekday) => [
    { weekday, time: "09:00" },
    { weekday, time: "18:00" },
  ]);
  const answer = await page.request.put("/api/queue", { data: { slots }, headers: { origin: new URL(page.url()).origin } });
  expect(answer.status()).toBe(200);
}

/** A draft for X made in the composer; its id. */
async function draft(page: Page, text: string): Promise<string> {
  await page.goto("/compose");
  await part1(page).fill(text);
  await page.getByRole("button", { name: "Save as draft" }).click();
  await expect(page).toHaveURL(/\/compose\/[^/]+$/);
  return /\/compose\/([^/?]+)/.exec(page.url())![1]!;
}

const queuedAt = /(?:9:00|6:00)\s?[AP]M/;

test.describe("add to queue", () => {
  test("connected, with slots: from 'Write a post' to queued within the goal", async ({ page, hasJavaScript }) => {
    test.skip(!hasJavaScript, "without JavaScript 'Write a post' leads to the wizard; the composer's own button is tested below");
    test.slow();
    await signUp(page, uniqueEmail("queue-walk"));
    await connectAccount(page, "X (Twitter)", "/profile");
    await setSlots(page);
    await page.goto("/posts");

    const act = interactionCounter();
    await act.click(page.getByRole("link", { name: "Write a post" }).first());
    await expect(page).toHaveURL(/\/compose$/);
    await expect(page.getByText(/^Next free slot for these accounts:/)).toBeVisible();
    await act.fill(part1(page), "Into the queue it goes.");
    await screenshotEach(page, "composer-queue", () => page.evaluate(() => window.scrollTo(0, document.body.scrollHeight)));
    await page.setViewportSize({ width: 1280, height: 900 });
    await act.click(page.getByRole("button", { name: "Add to queue" }));
    await expect(page).toHaveURL(/\/posts\/[^/]+$/);
    await expect(page.getByText("Added to your queue", { exact: true })).toBeVisible();
    await expect(page.getByText(queuedAt).first()).toBeVisible();
    test.info().annotations.push({ type: "interactions from 'Write a post' to queued", description: String(act.count) });
    expect(act.count).toBeLessThanOrEqual(GOAL_FROM_WRITE);
  });

  test("the composer's button, the post's page and the list each queue a draft, with or without JavaScript", async ({ page }) => {
    test.slow();
    await signUp(page, uniqueEmail("queue-add"));
    await connectAccount(page, "X (Twitter)", "/profile");
    // No slot yet: nothing offers the queue.
    const first = await draft(page, "Queued from its page");
    await page.goto(`/posts/${first}`);
    await expect(page.getByRole("button", { name: "Add to queue" })).toHaveCount(0);
    await setSlots(page);

    // The composer: a draft reopened, Add to queue.
    await page.goto("/compose");
    await part1(page).fill("Queued from the composer");
    await page.getByRole("button", { name: "Add to queue" }).click();
    await expect(page).toHaveURL(/\/posts\/[^/]+$/);
    await expect(page.getByText("Added to your queue", { exact: true })).toBeVisible();

    // The post's page.
    await page.goto(`/posts/${first}`);
    await page.getByRole("button", { name: "Add to queue" }).click();
    await expect(page).toHaveURL(new RegExp(`/posts/${first}$`));
    await expect(page.getByText("Added to your queue", { exact: true })).toBeVisible();
    await expect(page.getByRole("button", { name: "Add to queue" })).toHaveCount(0);

    // The list: the draft's row has the button, and the list is where it comes back.
    const third = await draft(page, "Queued from the list");
    await page.goto("/posts?view=list&status=draft");
    const row = page.getByRole("row").filter({ hasText: "Queued from the list" });
    await screenshotEach(page, "posts-list-queue");
    await page.setViewportSize({ width: 1280, height: 900 });
    await row.getByRole("button", { name: "Add to queue" }).click();
    await expect(page).toHaveURL(/\/posts\?view=list&status=draft$/);
    await expect(page.getByText("Added to your queue", { exact: true })).toBeVisible();
    await expect(page.getByRole("row").filter({ hasText: "Queued from the list" })).toHaveCount(0);

    // Three posts, three different slot times.
    await page.goto("/posts?view=list&status=scheduled");
    await expect(page.getByRole("row").filter({ hasText: /Queued from/ })).toHaveCount(3);
    const times = await page
      .getByRole("row")
      .filter({ hasText: /Queued from/ })
      .evaluateAll((rows) => rows.map((row) => (row as HTMLTableRowElement).cells[3]?.textContent ?? ""));
    expect(new Set(times).size).toBe(3);
    for (const time of times) expect(time).toMatch(queuedAt);
    await page.goto(`/posts/${third}`);
    await expect(page.getByText(queuedAt).first()).toBeVisible();
  });
});
