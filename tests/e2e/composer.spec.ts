import { readFileSync } from "node:fs";
import type { Locator, Page } from "@playwright/test";
import { connectAccount, expect, imageFiles, screenshotEach, signUp, test, uniqueEmail } from "./fixtures";
import { interactionCounter } from "./interactions";

// Issue 26: the one-screen composer (/compose) for pages that run JavaScript, the wizard for those
// that do not. From "Write a post" to scheduled in 4 interactions or fewer for a connected user,
// with the suggested time already filled in; images dropped or pasted into a part.
const GOAL_FROM_WRITE = 4;

test.use({ timezoneId: "Europe/Paris" });

const part = (page: Page, n: number) => page.getByRole("textbox", { name: n === 1 ? /^Post/ : new RegExp(`^Part ${n}`) });

/** A real image file of the run, put in a part as the browser's drop or paste would carry it. */
async function carryImage(target: Locator, file: string, how: "drop" | "paste") {
  const base64 = readFileSync(file).toString("base64");
  await target.evaluate(
    (element, { base64, how, name }) => {
      const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
      const transfer = new DataTransfer();
      transfer.items.add(new File([bytes], name, { type: "image/png" }));
      if (how === "paste") {
        element.dispatchEvent(new ClipboardEvent("paste", { clipboardData: transfer, bubbles: true, cancelable: true }));
      } else {
        element.dispatchEvent(new DragEvent("dragover", { dataTransfer: transfer, bubbles: true, cancelable: true }));
        element.dispatchEvent(new DragEvent("drop", { dataTransfer: transfer, bubbles: true, cancelable: true }));
      }
    },
    { base64, how, name: file.split("/").pop() ?? "image.png" },
  );
}

test.describe("one-screen composer", () => {
  test("connected: from 'Write a post' to a scheduled thread and first comment within the goal", async ({ page, hasJavaScript }) => {
    test.skip(!hasJavaScript, "without JavaScript 'Write a post' leads to the wizard (first-post.spec.ts)");
    test.slow();
    await signUp(page, uniqueEmail("composer"));
    await connectAccount(page, "LinkedIn", "/profile");
    await connectAccount(page, "X (Twitter)", "/profile");
    await page.goto("/posts");

    const act = interactionCounter();
    await act.click(page.getByRole("link", { name: "Write a post" }).first());
    await expect(page).toHaveURL(/\/compose$/);
    // Both accounts chosen (every connected one, for a first post), a time already offered.
    await expect(page.getByRole("checkbox", { checked: true })).toHaveCount(2);
    await expect(page.getByLabel("Date")).not.toHaveValue("");
    await expect(page.getByLabel("Time")).not.toHaveValue("");
    await act.fill(part(page, 1), "Plume ships threads today.\n---\nAnd a first comment on LinkedIn.");
    // The --- line made two parts: a reply on X, the first comment on LinkedIn; the previews follow.
    await expect(part(page, 1)).toHaveValue("Plume ships threads today.");
    await expect(part(page, 2)).toHaveValue("And a first comment on LinkedIn.");
    const previews = page.getByRole("complementary", { name: "Preview" });
    await expect(previews.getByText("And a first comment on LinkedIn.")).toHaveCount(2);
    await screenshotEach(page, "composer-filled", () => page.evaluate(() => window.scrollTo(0, 0)));
    await page.setViewportSize({ width: 1280, height: 900 });
    await act.click(page.getByRole("button", { name: "Schedule", exact: true }));
    await expect(page).toHaveURL(/\/posts\/[^/]+$/);
    await expect(page.getByText("Post scheduled", { exact: true })).toBeVisible();
    test.info().annotations.push({ type: "interactions from 'Write a post' to scheduled", description: String(act.count) });
    expect(act.count).toBeLessThanOrEqual(GOAL_FROM_WRITE);
    await expect(page.getByText("And a first comment on LinkedIn.").first()).toBeVisible();
  });

  test("images dropped and pasted into parts, refused files named, nothing typed lost", async ({ page, hasJavaScript }) => {
    test.skip(!hasJavaScript, "dropping and pasting need JavaScript; the file field posts without it");
    test.slow();
    const files = await imageFiles();
    await signUp(page, uniqueEmail("composer-images"));
    await connectAccount(page, "X (Twitter)", "/profile");
    await page.goto("/compose");
    await part(page, 1).fill("A post with pictures\n---\nA reply with one too");
    await carryImage(page.locator('[data-part="0"]'), files.png, "drop");
    await expect(page).toHaveURL(/\/compose\/[^/]+$/);
    await expect(page.getByRole("list", { name: "Images in Post" }).locator("img")).toHaveCount(1);
    await carryImage(part(page, 2), files.png, "paste");
    await expect(page.getByRole("list", { name: /^Images in Part 2/ }).locator("img")).toHaveCount(1);
    await expect(part(page, 1)).toHaveValue("A post with pictures");
    await expect(part(page, 2)).toHaveValue("A reply with one too");
    // Not an image: said, with the file's name; the rest stays.
    await carryImage(part(page, 1), files.fakePng, "paste");
    await expect(page.getByText(/notes\.png/).first()).toBeVisible();
    await expect(page.getByRole("list", { name: "Images in Post" }).locator("img")).toHaveCount(1);
    await screenshotEach(page, "composer-images", () => page.evaluate(() => window.scrollTo(0, 0)));
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.getByRole("button", { name: /^Remove image 1 from Part 2/ }).click();
    await expect(page.getByRole("list", { name: /^Images in Part 2/ })).toHaveCount(0);
    await expect(part(page, 2)).toHaveValue("A reply with one too");
    // The draft's page: "Edit" comes back to the composer.
    const postId = /\/compose\/([^/?]+)/.exec(page.url())![1];
    await page.goto(`/posts/${postId}`);
    await page.getByRole("link", { name: "Edit" }).click();
    await expect(page).toHaveURL(new RegExp(`/compose/${postId}$`));
    await expect(part(page, 1)).toHaveValue("A post with pictures");
  });

  test("every button posts and comes back, with or without JavaScript: save, add a part, remove one, schedule", async ({ page, hasJavaScript }) => {
    test.slow();
    await signUp(page, uniqueEmail("composer-forms"));
    await connectAccount(page, "X (Twitter)", "/profile");
    await page.goto("/compose");
    await part(page, 1).fill("First\n---\nSecond");
    await page.getByRole("button", { name: "Save as draft" }).click();
    await expect(page).toHaveURL(/\/compose\/[^/]+$/);
    await expect(page.getByText("Draft saved", { exact: true })).toBeVisible();
    await expect(part(page, 1)).toHaveValue("First");
    await expect(part(page, 2)).toHaveValue("Second");
    await page.getByRole("button", { name: "Add to thread" }).click();
    await part(page, 3).fill("Third");
    await page.getByRole("button", { name: "Remove Part 2" }).click();
    await expect(part(page, 2)).toHaveValue("Third");
    await expect(part(page, 3)).toHaveCount(0);
    // Too long for X: said before scheduling, and by the server if scheduled anyway; nothing lost.
    await part(page, 1).fill("x".repeat(281));
    if (hasJavaScript) await expect(page.getByRole("status").getByText("X @xuser", { exact: false })).toContainText("too long (281 of 280)");
    if (hasJavaScript) await expect(page.getByText("X 281/280")).toBeVisible();
    // The server's refusal, not only the live box's words: the next step must not overtake it.
    const refused = page.waitForResponse((answer) => answer.request().method() === "POST" && answer.url().includes("/compose/"));
    await page.getByRole("button", { name: "Schedule", exact: true }).click();
    await refused;
    await expect(page).toHaveURL(/\/compose\/[^/]+$/);
    await expect(page.getByText(/part 1: the text is too long \(281 of 280\)/).first()).toBeVisible();
    await expect(page.getByRole("button", { name: "Schedule", exact: true })).toBeEnabled();
    await expect(part(page, 1)).toHaveValue("x".repeat(281));
    await part(page, 1).fill("First, shorter");
    // Ctrl+Enter presses Schedule with JavaScript; the button itself without.
    if (hasJavaScript) await part(page, 1).press("Control+Enter");
    else await page.getByRole("button", { name: "Schedule", exact: true }).click();
    await expect(page).toHaveURL(/\/posts\/[^/]+$/);
    await expect(page.getByText("Post scheduled", { exact: true })).toBeVisible();
    await expect(page.getByText("Third").first()).toBeVisible();
  });

  test("'Write a post' leads to the composer with JavaScript and to the wizard without", async ({ page, hasJavaScript }) => {
    await signUp(page, uniqueEmail("composer-link"));
    await page.goto("/posts");
    // A first visit with nothing connected: each ready network is offered first.
    if (hasJavaScript) await screenshotEach(page, "posts-first-visit");
    await expect(page.getByRole("main").getByRole("link", { name: "Write a post" }).first()).toHaveAttribute("href", hasJavaScript ? "/compose" : "/create");
  });
});
