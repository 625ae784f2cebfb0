import { readFileSync } from "node:fs";
import { createPost, expect, imageFiles, signUp, test, uniqueEmail } from "./fixtures";

test.describe("posts page", () => {
  test("an empty account is led to connect an account and write its first post", async ({ page, hasJavaScript }) => {
    await signUp(page, uniqueEmail());
    await expect(page.getByRole("heading", { name: "No posts yet" })).toBeVisible();
    // Nothing connected: each network ready on this server is offered first.
    for (const network of ["LinkedIn", "X", "Bluesky", "Mastodon"]) {
      await expect(
        page.getByRole("main").getByRole(network === "Bluesky" || network === "Mastodon" ? "link" : "button", { name: `Connect ${network}` }),
      ).toBeVisible();
    }
    await page.getByRole("link", { name: "Write a post" }).last().click();
    await expect(page).toHaveURL(hasJavaScript ? /\/compose$/ : /\/create$/);
  });

  test("filters with counts, gallery, list and calendar views, and paging", async ({ page, hasJavaScript }) => {
    await signUp(page, uniqueEmail());
    let newest = "";
    for (let i = 1; i <= 14; i++) newest = await createPost(page.request, `Draft number ${i}`);
    const image = { name: "violet.png", mimeType: "image/png", buffer: readFileSync((await imageFiles()).png) };
    expect((await page.request.post(`/api/posts/${newest}/images`, { multipart: { image } })).status()).toBe(201);
    await page.goto("/posts");
    // The thumbnail is a copy at the card's width, never the upload itself.
    const thumbnail = page.getByRole("article").first().locator("img");
    await expect(thumbnail).toHaveAttribute("srcset", /\?w=640 640w/);
    await expect.poll(() => thumbnail.evaluate((img: HTMLImageElement) => img.complete && img.currentSrc)).toMatch(/\/media\/\w+\?w=\d+$/);
    const filters = page.getByRole("navigation", { name: "Filter posts" });
    await expect(filters.getByRole("link", { name: /All\s*14/ })).toBeVisible();
    await expect(filters.getByRole("link", { name: /Drafts\s*14/ })).toBeVisible();
    await expect(filters.getByRole("link", { name: /Published\s*0/ })).toBeVisible();
    // Gallery: 12 a page, newest first.
    await expect(page.getByRole("article")).toHaveCount(12);
    await expect(page.getByRole("article").first()).toContainText("Draft number 14");
    // A card opens its post; with JavaScript without loading the document again (the page keeps its state).
    await page.evaluate(() => Object.assign(window, { plumeSamePage: true }));
    await page.getByRole("article").first().getByRole("link").click();
    await expect(page).toHaveURL(new RegExp(`/posts/${newest}$`));
    await expect(page.getByText("Draft number 14").first()).toBeVisible();
    expect(await page.evaluate(() => "plumeSamePage" in window)).toBe(hasJavaScript);
    await page.goBack();
    await expect(page.getByRole("article")).toHaveCount(12);
    await page.getByRole("navigation", { name: "Pages" }).getByRole("link", { name: "Next" }).click();
    await expect(page).toHaveURL(/page=2/);
    await expect(page.getByRole("article")).toHaveCount(2);

    await filters.getByRole("link", { name: /Failed/ }).click();
    await expect(page.getByRole("heading", { name: "No failed posts" })).toBeVisible();

    await page.getByRole("navigation", { name: "View" }).getByRole("link", { name: "List" }).click();
    await expect(page).toHaveURL(/view=list/);
    await filters.getByRole("link", { name: /All/ }).click();
    await expect(page.getByRole("row")).toHaveCount(15);

    await page.getByRole("navigation", { name: "View" }).getByRole("link", { name: "Calendar" }).click();
    const today = page.locator('td[aria-current="date"]');
    await expect(today).toHaveCount(1);
    await page.getByRole("link", { name: "Next month" }).click();
    await expect(page).toHaveURL(/month=\d{4}-\d{2}/);
    await expect(page.locator('td[aria-current="date"]')).toHaveCount(0);
    await page.getByRole("link", { name: "Today" }).click();
    await expect(page.locator('td[aria-current="date"]')).toHaveCount(1);
  });

  test("detail, duplicate, and delete with confirmation", async ({ page, hasJavaScript }) => {
    await signUp(page, uniqueEmail());
    const id = await createPost(page.request, "Worth keeping (or not)");
    await page.goto(`/posts/${id}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Worth keeping (or not)");
    await expect(page.getByRole("article", { name: "LinkedIn preview" })).toContainText("Worth keeping (or not)");

    await page.getByRole("button", { name: "Duplicate" }).click();
    await expect(page).toHaveURL(/\/create\/[^/]+\/review$/);
    await expect(page.getByRole("textbox", { name: "Text for LinkedIn" })).toHaveValue("Worth keeping (or not)");

    await page.goto(`/posts/${id}`);
    await page.getByRole("link", { name: "Delete" }).click();
    if (hasJavaScript) {
      const dialog = page.getByRole("dialog", { name: "Delete this post?" });
      await dialog.getByRole("button", { name: "Cancel" }).click();
      await expect(dialog).toBeHidden();
      await page.getByRole("link", { name: "Delete" }).click();
      await dialog.getByRole("button", { name: "Delete the post" }).click();
    } else {
      await expect(page).toHaveURL(new RegExp(`/posts/${id}/delete$`));
      await page.getByRole("button", { name: "Delete the post" }).click();
    }
    await expect(page).toHaveURL(/\/posts$/);
    await expect(page.getByText("Post deleted", { exact: true })).toBeVisible();
    expect((await page.request.get(`/api/posts/${id}`)).status()).toBe(404);
  });

  test("schedule from the post: the modal (or its page) refuses a time that does not exist", async ({ browser, hasJavaScript }) => {
    // The account's time zone is detected in the browser at sign-up.
    const context = await browser.newContext({ timezoneId: "Europe/Paris", javaScriptEnabled: true, extraHTTPHeaders: { "X-Forwarded-For": "10.250.1.1" } });
    const setup = await context.newPage();
    const email = uniqueEmail("paris");
    await signUp(setup, email);
    const id = await createPost(setup.request, "Spring forward");
    await setup.close();
    const page = hasJavaScript
      ? await context.newPage()
      : await (async () => {
          const noJs = await browser.newContext({
            javaScriptEnabled: false,
            storageState: await context.storageState(),
            extraHTTPHeaders: { "X-Forwarded-For": "10.250.1.2" },
          });
          return noJs.newPage();
        })();
    await page.goto(`/posts/${id}`);
    await page.getByRole("link", { name: "Schedule" }).click();
    const scope = hasJavaScript ? page.getByRole("dialog", { name: "Schedule" }) : page.getByRole("main");
    await expect(scope.getByText("Times are in your time zone, Europe/Paris.")).toBeVisible();
    await scope.getByRole("radio", { name: "Schedule for later" }).check();
    await scope.getByLabel("Date").fill("2030-03-31");
    await scope.getByLabel("Time").fill("02:30");
    await scope.getByRole("button", { name: "Confirm" }).click();
    await expect(scope.getByText("02:30 does not exist on that day in Europe/Paris: the clocks go forward. Choose another time.")).toBeVisible();
    await context.close();
  });

  test("another user's post is not found, in pages and the API", async ({ page, browser }) => {
    await signUp(page, uniqueEmail());
    const id = await createPost(page.request, "Private to its owner");
    const other = await browser.newContext({ extraHTTPHeaders: { "X-Forwarded-For": "10.250.2.1" } });
    const intruder = await other.newPage();
    await signUp(intruder, uniqueEmail("intruder"));
    for (const path of [`/posts/${id}`, `/posts/${id}/schedule`, `/posts/${id}/delete`, `/create/${id}/review`]) {
      expect((await intruder.goto(path))?.status(), path).toBe(404);
    }
    const attempt = await intruder.request.post(`/posts/${id}/delete`, { form: {} });
    expect(attempt.status()).toBe(404);
    expect((await intruder.request.get(`/api/posts/${id}`)).status()).toBe(404);
    await other.close();
    // Still there for its owner.
    await page.goto(`/posts/${id}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Private to its owner");
  });
});
