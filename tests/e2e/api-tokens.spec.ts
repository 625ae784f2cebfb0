import type { Page } from "@playwright/test";
import { expect, expectNoSidewaysScroll, screenshotEach, signUp, test, uniqueEmail } from "./fixtures";

// Profile → API access, with and without JavaScript: a token created on the page is shown once,
// copied, works on /api/posts as a Bearer token, is gone from the page on the next visit, and a
// revoked token is refused at once (docs/decisions/0075).

const toast = (page: Page, text: string | RegExp) => page.getByRole("region", { name: /Notifications/ }).getByText(text);

test("API access: create a token, use it, revoke it", async ({ page, request, hasJavaScript, baseURL }) => {
  test.setTimeout(120_000);
  await signUp(page, uniqueEmail("api-tokens"));
  await page.goto("/profile");
  await page.getByRole("link", { name: "API access tokens" }).click();
  await expect(page).toHaveURL(/\/profile\/api$/);
  await expect(page.getByRole("heading", { name: "API access", level: 1 })).toBeVisible();
  await expect(page.getByText("No tokens yet")).toBeVisible();
  await expect(page.getByRole("link", { name: "Automate with the API" })).toHaveAttribute("href", "/docs/api/automate");
  if (hasJavaScript) await screenshotEach(page, "api-tokens-empty", () => page.goto("/profile/api"));
  await page.setViewportSize({ width: 1280, height: 900 });

  // Nothing chosen: refused in place, nothing made.
  const form = page.getByRole("region", { name: "Create a token" });
  await form.getByRole("button", { name: "Create token" }).click();
  await expect(form.getByText("Give the token a name of 1 to 100 characters.")).toBeVisible();
  await expect(form.getByText("Choose at least one permission from the list.")).toBeVisible();

  await form.getByLabel("Name").fill("Publishing script");
  await form.getByRole("checkbox", { name: "posts:read" }).check();
  await form.getByLabel("Expires").selectOption({ label: "In 90 days" });
  await form.getByRole("button", { name: "Create token" }).click();

  const notice = page.getByRole("status").filter({ hasText: "Token “Publishing script” created" });
  await expect(notice).toBeVisible();
  await expect(notice.getByText("Copy it now: you will not see it again.")).toBeVisible();
  const field = notice.getByLabel("Your new token");
  await expect(field).toHaveValue(/^plm_[A-Za-z0-9_-]{43}$/);
  const token = await field.inputValue();
  expect(page.url()).not.toContain(token);
  if (hasJavaScript) {
    await page.context().grantPermissions(["clipboard-read", "clipboard-write"]);
    await notice.getByRole("button", { name: "Copy" }).click();
    await expect(notice.getByRole("button", { name: "Copied" })).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(token);
    await screenshotEach(page, "api-tokens-created");
    await page.setViewportSize({ width: 1280, height: 900 });
  } else {
    await expect(notice.getByRole("button", { name: "Copy" })).toHaveCount(0);
  }
  const list = page.getByRole("region", { name: "Your tokens" });
  await expect(list.getByText(token.slice(0, 12) + "…")).toBeVisible();
  await expect(list.getByText("Never used")).toBeVisible();

  // The token alone (no cookie) lists posts; it may not write.
  const auth = { Authorization: `Bearer ${token}` };
  const listed = await request.get(`${baseURL}/api/posts`, { headers: auth });
  expect(listed.status()).toBe(200);
  const write = await request.post(`${baseURL}/api/posts`, { headers: { ...auth, Origin: baseURL! }, data: { platforms: ["linkedin"], linkedinText: "Nope" } });
  expect(write.status()).toBe(403);
  expect((await write.json()).error.code).toBe("insufficient_scope");

  // Shown once: the next visit lists the token, never its secret, and says it was used.
  await page.goto("/profile/api");
  await expect(page.getByText("Token “Publishing script” created")).toHaveCount(0);
  expect(await page.content()).not.toContain(token);
  await expect(list.getByText(/^Last used /)).toBeVisible();
  await expect(list.getByText(/^Expires /)).toBeVisible();
  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoSidewaysScroll(page, "/profile/api");
  await page.setViewportSize({ width: 1280, height: 900 });
  if (hasJavaScript) {
    await screenshotEach(page, "api-tokens-list", () => page.goto("/profile/api"));
    await page.setViewportSize({ width: 1280, height: 900 });
  }

  // Revoke, after a confirmation (a dialog, or a page without JavaScript).
  await list
    .getByRole("button", { name: "Revoke the token Publishing script" })
    .or(list.getByRole("link", { name: "Revoke the token Publishing script" }))
    .click();
  await expect(page.getByText("Revoke the token “Publishing script”?")).toBeVisible();
  if (hasJavaScript) {
    await page.getByRole("dialog").getByRole("button", { name: "Revoke" }).click();
  } else {
    await expect(page).toHaveURL(/\/profile\/api\/tokens\/[^/]+\/revoke$/);
    await page.getByRole("button", { name: "Revoke" }).click();
  }
  await expect(page).toHaveURL(/\/profile\/api$/);
  await expect(toast(page, "Token “Publishing script” revoked")).toBeVisible();
  await expect(page.getByText("No tokens yet")).toBeVisible();

  const refused = await request.get(`${baseURL}/api/posts`, { headers: auth });
  expect(refused.status()).toBe(401);
  expect((await refused.json()).error.code).toBe("unauthorized");
});
