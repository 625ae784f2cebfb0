// Requests that must not take the server down, against the built server: bodies over their limit
// (answered 413 before they are read, in the user's language), image bombs, and redirects that
// would leave the site.
import { request as httpRequest, type IncomingMessage } from "node:http";
import { pngBomb } from "../support/image-bombs";
import type { Page } from "@playwright/test";
import { expect, screenshotEach, signIn, signUp, startPost, test, uniqueEmail } from "./fixtures";

const MB = 1024 * 1024;
const TOO_LARGE_EN = "The request is larger than 1 MB: nothing was read or saved.";
const TOO_LARGE_FR = "La requête dépasse 1 Mo : rien n'a été lu ni enregistré.";

/** Goes through the wizard to its images step, for a LinkedIn post. */
async function imagesStep(page: Page) {
  await signUp(page, uniqueEmail("limits"));
  await startPost(page, "manual", ["LinkedIn"]);
  await page.getByLabel("Your post").fill("Limits");
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page).toHaveURL(/\/review$/);
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page).toHaveURL(/\/images$/);
}

/**
 * Starts a request, sends `bytes` of its body (chunked, or with the Content-Length given), then
 * waits for the answer without sending the rest or ending it.
 */
function sendThenWait(url: string, headers: Record<string, string | number>, bytes: number) {
  return new Promise<{ status: number; json: { error: { code: string; message: string } } }>((resolve, reject) => {
    const req = httpRequest(url, { method: "POST", headers, agent: false });
    req.on("error", reject);
    req.on("response", (res: IncomingMessage) => {
      let text = "";
      res.setEncoding("utf8").on("data", (chunk: string) => (text += chunk));
      res.on("end", () => {
        resolve({ status: res.statusCode!, json: JSON.parse(text) as { error: { code: string; message: string } } });
        req.destroy();
      });
    });
    const chunk = Buffer.alloc(64 * 1024, 0x20);
    let sent = 0;
    const pump = () => {
      while (sent < bytes) {
        sent += chunk.byteLength;
        if (!req.write(chunk)) return void req.once("drain", pump);
      }
    };
    req.flushHeaders();
    pump();
  });
}

test.describe("request limits", () => {
  test("an upload over the form's limit answers a clear 413, and nothing is added", async ({ page }) => {
    await imagesStep(page);
    await page.getByLabel("Choose images").setInputFiles([{ name: "huge.png", mimeType: "image/png", buffer: Buffer.alloc(22 * MB) }]);
    await page.getByRole("button", { name: "Upload" }).click();
    await expect(page.getByTestId("error-status")).toHaveText("413");
    await expect(page.getByTestId("error-message")).toHaveText("This upload is larger than 20 MB: images must be 5 MB or smaller, 4 at most per post.");
    await page.goBack();
    await expect(page).toHaveURL(/\/images$/);
    // A fresh load of the step (a reload right after going back can abort the back navigation).
    await page.goto(new URL(page.url()).pathname);
    await expect(page.getByText("0 of 4")).toBeVisible();
  });

  test("an image bomb is refused at upload, by name", async ({ page }) => {
    await imagesStep(page);
    await page.getByLabel("Choose images").setInputFiles([{ name: "bomb.png", mimeType: "image/png", buffer: pngBomb(12_000, 12_000) }]);
    await page.getByRole("button", { name: "Upload" }).click();
    await expect(page.getByText("bomb.png: Images must be at most 8192 pixels on their longest side and 36 megapixels in all.")).toBeVisible();
  });

  test("a page form over 1 MB answers the 413 page in the visitor's language", async ({ request }) => {
    const response = await request.post("/login", {
      form: { email: "a".repeat(1.5 * MB), password: "password123" },
      headers: { "Accept-Language": "fr" },
    });
    expect(response.status()).toBe(413);
    expect((await response.text()).replace(/&#x27;/g, "'")).toContain(TOO_LARGE_FR);
  });

  test("a form of thousands of fields answers the 413 page in the visitor's language", async ({ page, hasJavaScript }) => {
    // With JavaScript the page's own validation stops this form before it is sent; the server's
    // refusal is what a page without JavaScript, or any other client, meets.
    test.skip(hasJavaScript, "validated in the browser");
    await page.goto("/login?lang=fr");
    await page.getByLabel("E-mail").fill("someone@example.com");
    await page.getByLabel("Mot de passe").fill("password123");
    // The same name two thousand times, as the attack sends it.
    await page.locator("form", { has: page.getByLabel("Mot de passe") }).evaluate((form) => {
      for (let i = 0; i < 2000; i += 1) form.insertAdjacentHTML("beforeend", '<input type="hidden" name="email" value="a">');
    });
    await page.getByRole("button", { name: "Se connecter" }).click();
    await expect(page.getByTestId("error-status")).toHaveText("413");
    await expect(page.getByTestId("error-message")).toHaveText("Ce formulaire envoie plus de 1000 champs : rien n'a été lu ni enregistré.");
    await screenshotEach(page, "too-many-fields");
  });

  test("an address the router cannot read is the 404 page", async ({ page }) => {
    for (const path of ["/%09/", "/%5C/"]) {
      const response = await page.goto(path);
      expect(response?.status()).toBe(404);
      await expect(page.getByTestId("error-status")).toHaveText("404");
      // With JavaScript, the page has started in the browser too, at the address it can route.
      await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
    }
  });

  test("the API answers 413 in its error shape, by Content-Length or by counting a chunked body", async ({ request, baseURL }) => {
    const json = await request.post("/api/posts", { data: `{"linkedinText":"${"a".repeat(1.5 * MB)}"}`, headers: { "Content-Type": "application/json" } });
    expect(json.status()).toBe(413);
    expect(await json.json()).toEqual({ error: { code: "payload_too_large", message: TOO_LARGE_EN } });

    // 20 MB announced: answered after the first 64 KB.
    const announced = await sendThenWait(
      `${baseURL}/api/posts`,
      { "Content-Type": "application/json", "Content-Length": 20 * MB, "Accept-Language": "fr" },
      64 * 1024,
    );
    expect(announced).toEqual({ status: 413, json: { error: { code: "payload_too_large", message: TOO_LARGE_FR } } });

    // No Content-Length: answered once what came is over the limit, without waiting for an end.
    const chunked = await sendThenWait(`${baseURL}/api/posts`, { "Content-Type": "application/json" }, MB + 64 * 1024);
    expect(chunked).toEqual({ status: 413, json: { error: { code: "payload_too_large", message: TOO_LARGE_EN } } });

    // An image upload over 5 MB keeps the API's image error.
    const upload = await sendThenWait(`${baseURL}/api/posts/x/images`, { "Content-Type": "multipart/form-data; boundary=b", "Content-Length": 6 * MB }, 0);
    expect(upload).toMatchObject({ status: 413, json: { error: { code: "image_too_large", message: "Images must be 5 MB or smaller." } } });
  });
});

test.describe("redirects", () => {
  test("signing in with a redirectTo that normalises to another site lands on the posts page", async ({ page }) => {
    const email = uniqueEmail("redirect");
    await signUp(page, email);
    await page.getByRole("button", { name: "Sign out" }).click();
    await expect(page).toHaveURL(/\/$/);
    for (const redirectTo of ["/.//evil.example", "/%2e%2e//evil.example"]) {
      await page.goto(`/login?redirectTo=${encodeURIComponent(redirectTo)}`);
      await signIn(page, email);
      await expect(page).toHaveURL(/^http:\/\/localhost:\d+\/posts$/);
      await page.getByRole("button", { name: "Sign out" }).click();
      await expect(page).toHaveURL(/\/$/);
    }
  });
});
