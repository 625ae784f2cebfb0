import AxeBuilder from "@axe-core/playwright";
import { createPost, expect, signUp, test, uniqueEmail } from "./fixtures";

test.describe("search finds the user's own posts", () => {
  test("Meta+K with JavaScript, /search without, other users' posts never", async ({ page, browser, hasJavaScript }) => {
    await signUp(page, uniqueEmail("post-search"));
    const id = await createPost(page.request, "Spring Giveaway: three mugs to win");
    await page.goto("/posts");
    if (hasJavaScript) {
      await page.getByRole("heading", { level: 1 }).click();
      await page.keyboard.press("ControlOrMeta+k");
      const dialog = page.getByRole("dialog", { name: "Search" });
      await dialog.getByRole("combobox").fill("spring giveaway");
      const first = dialog.getByRole("option").first();
      await expect(first).toContainText("Spring Giveaway: three mugs to win");
      await expect(first).toContainText("Draft");
      await expect(dialog.getByRole("group", { name: "Your posts" })).toBeVisible();
      // The listbox with its groups stays valid ARIA (axe runs as a script: with JavaScript only).
      const axe = await new AxeBuilder({ page }).include('[role="dialog"]').withTags(["wcag2a", "wcag2aa"]).analyze();
      expect(
        axe.violations
          .filter((v) => v.impact === "serious" || v.impact === "critical")
          .map((v) => `${v.id}: ${v.nodes.map((n) => n.failureSummary).join(" | ")}`),
      ).toEqual([]);
      await page.keyboard.press("Enter");
      await expect(page).toHaveURL(new RegExp(`/posts/${id}$`));
    } else {
      await page.getByRole("link", { name: "Search (Ctrl+K)" }).click();
      await expect(page).toHaveURL(/\/search$/);
      await page.getByRole("searchbox").fill("SPRING giveaway");
      await page.getByRole("button", { name: "Search" }).click();
      const mine = page.getByRole("region", { name: "Your posts" });
      await expect(mine.getByRole("link")).toHaveCount(1);
      await expect(mine.getByRole("link")).toContainText("Draft");
      await mine.getByRole("link").click();
      await expect(page).toHaveURL(new RegExp(`/posts/${id}$`));
    }

    // Another account searching the same words finds none of these posts.
    const context = await browser.newContext({ javaScriptEnabled: hasJavaScript });
    const other = await context.newPage();
    await signUp(other, uniqueEmail("post-search-other"));
    await other.goto("/search?q=spring%20giveaway");
    await expect(other.getByText(/results? for “spring giveaway”/)).toBeVisible();
    await expect(other.getByRole("heading", { name: "Your posts" })).toHaveCount(0);
    await context.close();
  });
});
