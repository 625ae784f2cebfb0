import { readFile, writeFile } from "node:fs/promises";
import { connectAccount, expect, screenshotEach, signUp, test, uniqueEmail } from "./fixtures";

// The import page, with and without JavaScript: the template downloaded, edited and uploaded, its
// preview, then its posts made; a file with bad rows shows each line at fault and makes nothing.

async function importingUser(page: Parameters<typeof signUp>[0], prefix: string) {
  await signUp(page, uniqueEmail(prefix));
  await connectAccount(page, "LinkedIn", "/profile");
  // A slot every day at 09:00: the template's queued row finds one.
  const slots = [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ channelId: null, weekday, time: "09:00" }));
  expect((await page.request.put("/api/queue", { data: { slots } })).status()).toBe(200);
}

async function postCount(page: Parameters<typeof signUp>[0]): Promise<number> {
  const answer = await page.request.get("/api/posts");
  return ((await answer.json()) as { meta?: { total?: number }; data: unknown[] }).meta?.total ?? 0;
}

test("downloads the template, imports it edited after its preview, and shows the posts", async ({ page }, testInfo) => {
  await importingUser(page, "csv-import");
  await page.goto("/posts");
  await page.getByRole("link", { name: "Import CSV" }).click();
  await expect(page).toHaveURL(/\/posts\/import$/);
  await expect(page.getByRole("heading", { name: "Import posts" })).toBeVisible();
  await screenshotEach(page, `csv-import-upload-${testInfo.project.name}`);

  const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Download the template" }).click()]);
  expect(download.suggestedFilename()).toBe("plume-import-template.csv");
  const template = await readFile(await download.path(), "utf8");
  const unique = `Imported ${Date.now().toString(36)}`;
  const edited = template.replace("The first part of a thread.", unique);
  expect(edited).not.toBe(template);
  const file = testInfo.outputPath("edited.csv");
  await writeFile(file, edited);

  await page.getByLabel("CSV file").setInputFiles(file);
  await page.getByRole("button", { name: "Check the file" }).click();
  await expect(page).toHaveURL(/\/posts\/import\?upload=/);
  const preview = page.getByRole("list", { name: "Preview" });
  await expect(preview.getByRole("listitem")).toHaveCount(3);
  await expect(preview.getByText("Line 2", { exact: true })).toBeVisible();
  await expect(preview.getByText(unique)).toBeVisible();
  await expect(preview.getByText("2 parts")).toBeVisible();
  await expect(preview.getByText("Draft", { exact: true })).toBeVisible();
  await expect(preview.getByText("Queue", { exact: true })).toBeVisible();
  expect(await postCount(page)).toBe(0);
  await screenshotEach(page, `csv-import-preview-${testInfo.project.name}`);

  await page.getByRole("button", { name: "Import 3 posts" }).click();
  await expect(page).toHaveURL(/\/posts$/);
  await expect(
    page
      .getByRole("region", { name: /Notifications/ })
      .getByText("3 posts imported")
      .first(),
  ).toBeVisible();
  await expect(page.getByText(unique).first()).toBeVisible();
  expect(await postCount(page)).toBe(3);
});

test("a file with two bad rows shows both lines and makes nothing", async ({ page }, testInfo) => {
  await importingUser(page, "csv-import-bad");
  await page.goto("/posts/import");
  const csv = ["text,channels,scheduled_at", "A fine draft,,draft", ",,draft", "Another fine one,,draft", "Bad time,,tomorrow"].join("\n");
  const file = testInfo.outputPath("bad.csv");
  await writeFile(file, csv);
  await page.getByLabel("CSV file").setInputFiles(file);
  await page.getByRole("button", { name: "Check the file" }).click();
  const problems = page.getByRole("alert").filter({ hasText: "2 lines to fix" });
  await expect(problems).toBeVisible();
  await expect(problems.getByText("Line 3: The text is empty.")).toBeVisible();
  await expect(problems.getByText(/^Line 5: “tomorrow” is not a time/)).toBeVisible();
  await expect(page.getByRole("button", { name: /^Import/ })).toHaveCount(0);
  // The form is there again, to check the fixed file.
  await expect(page.getByLabel("CSV file")).toBeVisible();
  await screenshotEach(page, `csv-import-errors-${testInfo.project.name}`);
  expect(await postCount(page)).toBe(0);
});
