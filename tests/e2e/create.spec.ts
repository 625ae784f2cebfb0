import { expect, imageFiles, signUp, startPost, test, uniqueEmail } from "./fixtures";

test.describe("create wizard", () => {
  test("manual post with images: review, limits, upload, the connect dialog, then saved as a draft", async ({ page, hasJavaScript }) => {
    // The longest walk of the suite: 22 s alone on this machine, past 30 s beside another worker.
    test.slow();
    const files = await imageFiles();
    await signUp(page, uniqueEmail());
    await page.goto("/create");
    // Step 1 refuses an empty choice.
    await page.getByRole("button", { name: "Continue" }).click();
    await expect(page.getByText("Choose at least one platform")).toBeVisible();
    await startPost(page, "manual");

    await page.getByLabel("Your post").fill("Launch day (finally) #plume @team_one *bold* — thanks to everyone");
    await page.getByRole("button", { name: "Continue" }).click();
    await expect(page).toHaveURL(/\/review$/);
    const linkedin = page.getByRole("textbox", { name: "Text for LinkedIn" });
    const x = page.getByRole("textbox", { name: "Text for X (Twitter)" });
    await expect(linkedin).toHaveValue(/Launch day \(finally\)/);
    await expect(x).toHaveValue(/Launch day \(finally\)/);
    await expect(page.getByRole("article", { name: "LinkedIn preview" })).toContainText("Launch day (finally)");

    // Over X's limit: refused on the server too, with the text kept.
    await x.fill("a".repeat(281));
    await page.getByRole("button", { name: "Continue" }).click();
    await expect(page.getByText("Too long for this platform: shorten it to fit the counter")).toBeVisible();
    await expect(page.getByText("281 / 280")).toBeVisible();
    await expect(x).toHaveValue("a".repeat(281));
    await x.fill("Launch day on X 🚀");
    await page.getByRole("button", { name: "Continue" }).click();
    await expect(page).toHaveURL(/\/images$/);

    // Two real images, then a refused fake, a refused large file, and a refused fifth image.
    await page.getByLabel("Choose images").setInputFiles([files.png, files.jpeg]);
    await page.getByRole("button", { name: "Upload" }).click();
    await expect(page.locator("ol img")).toHaveCount(2);
    // The list shows a 160 px copy of the 640 px upload, in the format the browser prefers.
    const thumbnail = page.locator("ol img").first();
    await expect(thumbnail).toHaveAttribute("srcset", /\?w=160 160w/);
    await expect.poll(() => thumbnail.evaluate((img: HTMLImageElement) => img.complete && img.currentSrc)).toMatch(/\/media\/\w+\?w=160$/);
    const copy = await page.request.get(await thumbnail.evaluate((img: HTMLImageElement) => img.currentSrc), {
      headers: { Accept: "image/avif,image/webp,*/*" },
    });
    expect(copy.headers()["content-type"]).toBe("image/avif");
    await page.getByLabel("Choose images").setInputFiles([files.fakePng]);
    await page.getByRole("button", { name: "Upload" }).click();
    await expect(page.getByText("notes.png: This file is not a JPEG, PNG, GIF or WebP image.")).toBeVisible();
    await page.getByLabel("Choose images").setInputFiles([files.large]);
    await page.getByRole("button", { name: "Upload" }).click();
    await expect(page.getByText("large.png: Images must be 5 MB or smaller.")).toBeVisible();
    await page.getByLabel("Choose images").setInputFiles([files.webp, files.gif]);
    await page.getByRole("button", { name: "Upload" }).click();
    await expect(page.locator("ol img")).toHaveCount(4);
    await expect(page.getByLabel("Choose images")).toBeDisabled();
    await expect(page.getByText("This post already has 4 images: remove one to add another.")).toBeVisible();

    // Alt text and order.
    await page.getByLabel("Alt text").first().fill("A violet square");
    await page.getByRole("button", { name: "Save" }).first().click();
    await expect(page.getByLabel("Alt text").first()).toHaveValue("A violet square");
    await page.getByRole("button", { name: "Move image 1 down" }).click();
    await expect(page.getByLabel("Alt text").nth(1)).toHaveValue("A violet square");
    await page.getByRole("button", { name: "Remove image 4" }).click();
    await expect(page.locator("ol img")).toHaveCount(3);

    await page.getByRole("button", { name: "Continue", exact: true }).click();
    await expect(page).toHaveURL(/\/schedule$/);
    await expect(page.getByText("3 images")).toBeVisible();

    // A time in the past is refused with a clear message.
    await page.getByRole("radio", { name: "Schedule for later" }).check();
    await page.getByLabel("Date").fill("2020-01-01");
    await page.getByLabel("Time").fill("09:00");
    await page.getByRole("button", { name: "Confirm" }).click();
    await expect(page.getByText("This time is in the past. Choose a later one.")).toBeVisible();

    // No account is connected: the 'connect first' dialog (a panel without JavaScript), with a way to connect.
    await page.getByLabel("Date").fill("2030-06-01");
    await page.getByRole("button", { name: "Confirm" }).click();
    const connect = hasJavaScript
      ? page.getByRole("dialog", { name: "Please connect your accounts first" })
      : page.getByRole("alert").filter({ hasText: "Please connect your accounts first" });
    await expect(connect).toBeVisible();
    await expect(connect.getByRole("button", { name: "Connect LinkedIn" })).toBeVisible();
    await expect(connect.getByRole("button", { name: "Connect X (Twitter)" })).toBeVisible();
    if (hasJavaScript) await connect.getByRole("button", { name: "Cancel" }).click();

    await page.getByRole("button", { name: "Save as draft" }).click();
    await expect(page).toHaveURL(/\/posts\/[^/]+$/);
    await expect(page.getByText("Saved as a draft", { exact: true })).toBeVisible();
    await expect(page.getByText("Draft", { exact: true }).first()).toBeVisible();
    await expect(page.getByRole("article", { name: "X preview" })).toContainText("Launch day on X");
    await expect(page.getByRole("img", { name: "A violet square" }).first()).toBeVisible();
    await expect(page.getByRole("img", { name: "A violet square" }).first()).toHaveAttribute("src", /^\/media\/\w+\?w=\d+$/);
  });

  test("AI drafts both texts from a prompt, in the page's language", async ({ page }) => {
    await signUp(page, uniqueEmail());
    await startPost(page, "ai");
    await page.getByRole("button", { name: "Generate" }).click();
    await expect(page.getByText("Describe the post in a few words")).toBeVisible();
    await page.getByLabel("What should the post say?").fill("our new onboarding guide");
    await page.getByLabel("Add emojis").check();
    await page.getByLabel("Add hashtags").check();
    await page.getByRole("button", { name: "Generate" }).click();
    await expect(page).toHaveURL(/\/review$/);
    await expect(page.getByRole("textbox", { name: "Text for LinkedIn" })).toHaveValue(/Here is a LinkedIn post about our new onboarding guide\. 🚀 #Plume/);
    await expect(page.getByRole("textbox", { name: "Text for X (Twitter)" })).toHaveValue(/New post about our new onboarding guide 🚀 #Plume/);
  });

  test("a model failure says so and keeps the prompt", async ({ page }) => {
    await signUp(page, uniqueEmail());
    await startPost(page, "ai", ["LinkedIn"]);
    const prompt = "a post that fails [[scenario:error500]]";
    await page.getByLabel("What should the post say?").fill(prompt);
    await page.getByRole("button", { name: "Generate" }).click();
    await expect(page.getByText("The writing assistant could not write a draft. Please try again.")).toBeVisible();
    await expect(page.getByLabel("What should the post say?")).toHaveValue(prompt);
    await expect(page).toHaveURL(/\/content$/);
  });

  test("each wait says what is happening: generating, uploading images, scheduling, then the outcome", async ({ page, hasJavaScript }) => {
    test.skip(!hasJavaScript, "without JavaScript the browser's own page load shows the wait");
    const files = await imageFiles();
    /** Holds the next matching request until `release()`, so the page can be seen while it waits. */
    const hold = async (matches: (url: URL, method: string) => boolean) => {
      let release!: () => void;
      const released = new Promise<void>((resolve) => (release = resolve));
      let seen!: () => void;
      const arrived = new Promise<void>((resolve) => (seen = resolve));
      await page.route(
        (url) => matches(url, ""),
        async (route) => {
          if (!matches(new URL(route.request().url()), route.request().method())) return route.fallback();
          seen();
          await released;
          await route.fallback();
        },
      );
      return { arrived, release };
    };
    const postTo = (suffix: string) => (url: URL, method: string) => url.pathname.endsWith(suffix) && (method === "" || method === "POST");

    await signUp(page, uniqueEmail());
    await startPost(page, "ai", ["LinkedIn"]);
    await page.getByLabel("What should the post say?").fill("our spring release");
    const drafting = await hold(postTo("/ai-draft"));
    await page.getByRole("button", { name: "Generate" }).click();
    await drafting.arrived;
    await expect(page.getByRole("button", { name: "Generating…" })).toBeDisabled();
    drafting.release();
    await expect(page).toHaveURL(/\/review$/);
    await page.getByRole("button", { name: "Continue" }).click();
    await expect(page).toHaveURL(/\/images$/);

    await page.getByLabel("Choose images").setInputFiles([files.png]);
    const uploading = await hold(postTo("/images.data"));
    await page.getByRole("button", { name: "Upload" }).click();
    await uploading.arrived;
    await expect(page.getByRole("button", { name: "Uploading images…" })).toBeDisabled();
    uploading.release();
    await expect(page.locator("ol img")).toHaveCount(1);
    await page.getByRole("button", { name: "Continue", exact: true }).click();
    await expect(page).toHaveURL(/\/schedule$/);

    const scheduling = await hold(postTo("/schedule.data"));
    await page.getByRole("button", { name: "Confirm" }).click();
    await scheduling.arrived;
    await expect(page.getByRole("button", { name: "Scheduling…" })).toBeDisabled();
    scheduling.release();
    // The outcome: here a failure, since nothing is connected.
    const connect = page.getByRole("dialog", { name: "Please connect your accounts first" });
    await expect(connect).toBeVisible();
    await connect.getByRole("button", { name: "Cancel" }).click();
    await expect(page.getByRole("button", { name: "Confirm" })).toBeEnabled();
  });

  test("a reload or going back loses nothing", async ({ page }) => {
    await signUp(page, uniqueEmail());
    await startPost(page, "manual", ["X (Twitter)"]);
    await page.getByLabel("Your post").fill("Kept across reloads");
    await page.getByRole("button", { name: "Continue" }).click();
    await expect(page).toHaveURL(/\/review$/);
    await page.reload();
    await expect(page.getByRole("textbox", { name: "Text for X (Twitter)" })).toHaveValue("Kept across reloads");
    await page.getByRole("link", { name: "Back" }).click();
    await expect(page.getByLabel("Your post")).toHaveValue("Kept across reloads");
    // The post waits in /create to be continued.
    await page.goto("/create");
    await page.getByRole("link", { name: "Continue it" }).click();
    await expect(page.getByRole("textbox", { name: "Text for X (Twitter)" })).toHaveValue("Kept across reloads");
  });
});
