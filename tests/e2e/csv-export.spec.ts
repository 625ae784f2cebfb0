import { readFile } from "node:fs/promises";
import { createPost, expect, signUp, test, uniqueEmail } from "./fixtures";

test("the posts page's Export CSV link downloads the posts of the filter shown", async ({ page }) => {
  await signUp(page, uniqueEmail("csv"));
  await createPost(page.request, 'Launch day, "finally"\nsee you there');
  await createPost(page.request, "=1+1");
  await page.goto("/posts?status=draft");

  // The header beside "Write a post", on a phone and a desktop, light and dark (test-results/, not committed).
  for (const [size, viewport] of [
    ["phone", { width: 390, height: 844 }],
    ["desktop", { width: 1280, height: 800 }],
  ] as const) {
    for (const scheme of ["light", "dark"] as const) {
      await page.setViewportSize(viewport);
      await page.emulateMedia({ colorScheme: scheme });
      await page.screenshot({ path: `test-results/csv-export-${size}-${scheme}.png`, animations: "disabled" });
    }
  }

  const link = page.getByRole("link", { name: "Export CSV" });
  await expect(link).toHaveAttribute("href", "/api/posts/export.csv?status=draft");
  const [download] = await Promise.all([page.waitForEvent("download"), link.click()]);
  expect(download.suggestedFilename()).toMatch(/^plume-posts-\d{4}-\d{2}-\d{2}\.csv$/);
  const text = await readFile(await download.path(), "utf8");
  const lines = text.replace(/^\uFEFF/, "").split("\r\n");
  expect(lines[0]).toBe("text,channels,scheduled_at,status,published_at,links,id,created_at,likes,reposts,replies,quotes,impressions,metrics_fetched_at");
  // Newest first: the formula neutralised, then the text quoted with its comma, quotes and line break.
  // A draft has no numbers: the six metric cells are empty.
  expect(lines[1]).toMatch(/^'=1\+1,,,draft,,,\w+,\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}[+-]\d{2}:\d{2},,,,,,$/);
  expect(lines[2]).toMatch(/^"Launch day, ""finally""\nsee you there",,,draft,,,/);
  expect(lines.slice(3)).toEqual([""]);
  // The page is still there: the file was downloaded, not shown.
  await expect(page).toHaveURL(/\/posts\?status=draft$/);
});
