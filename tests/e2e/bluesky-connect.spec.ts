import { addChannel, expect, screenshotEach, signUp, test, uniqueEmail } from "./fixtures";

// Bluesky on the profile (docs/decisions/0056): it connects with an app password typed in Plume's own
// form, with or without JavaScript. Signing in for real is proven against a real PDS in
// tests/integration/bluesky-connect.test.ts; here the page, its guidance and its checks.

test("Bluesky is offered on the profile and opens the app-password form, which says where to make one", async ({ page, hasJavaScript }) => {
  test.setTimeout(90_000);
  const email = uniqueEmail("bluesky");
  await signUp(page, email);
  await page.goto("/profile");
  const bluesky = page.getByRole("region", { name: "Connected accounts" }).getByRole("region", { name: "Bluesky" });
  await expect(bluesky.getByText("Not connected")).toBeVisible();
  await bluesky.getByRole("link", { name: "Connect Bluesky" }).click();

  await expect(page).toHaveURL(/\/profile\/connect\/bluesky$/);
  await expect(page.getByRole("heading", { name: "Connect Bluesky" })).toBeVisible();
  await expect(page.getByText("Never enter your main Bluesky password here.")).toBeVisible();
  await expect(page.getByRole("link", { name: "Create an app password in your Bluesky settings" })).toHaveAttribute(
    "href",
    "https://bsky.app/settings/app-passwords",
  );
  if (hasJavaScript) await screenshotEach(page, "bluesky-connect", () => page.goto("/profile/connect/bluesky"));
  await page.setViewportSize({ width: 1280, height: 900 });

  // Nothing typed: the form's own messages, in place.
  await page.getByRole("button", { name: "Connect" }).click();
  await expect(page.getByText("Enter your handle or e-mail.")).toBeVisible();
  await expect(page.getByText("Enter an app password.")).toBeVisible();

  // A connected Bluesky account is listed with its handle, and reconnects through the same form.
  await addChannel(email, { network: "bluesky", displayName: "Ada on Bluesky", handle: "ada.bsky.social" });
  await page.goto("/profile");
  await expect(bluesky.locator("[data-channel]")).toContainText("@ada.bsky.social · Bluesky");
  await bluesky.getByRole("link", { name: "Reconnect Ada on Bluesky (@ada.bsky.social)" }).click();
  await expect(page.getByRole("heading", { name: "Reconnect Bluesky" })).toBeVisible();
});
