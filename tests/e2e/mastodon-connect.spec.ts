import { FAKE_MASTODON_ORIGIN } from "../../playwright.config";
import { expect, screenshotEach, signUp, test, uniqueEmail } from "./fixtures";

// Mastodon on the profile (docs/decisions/0057): the user names their instance in Plume's own form,
// goes to that instance's consent page (the fake's, taking 1,000 characters) and comes back
// connected; the composer counts against that instance's limit. With and without JavaScript.

test("Mastodon connects by instance: the form and its messages, the instance's consent page, the composer at the instance's limit", async ({
  page,
  hasJavaScript,
}) => {
  test.setTimeout(120_000);
  const email = uniqueEmail("mastodon");
  await signUp(page, email);
  await page.goto("/profile");
  const mastodon = page.getByRole("region", { name: "Connected accounts" }).getByRole("region", { name: "Mastodon" });
  await expect(mastodon.getByText("Not connected")).toBeVisible();
  await mastodon.getByRole("link", { name: "Connect Mastodon" }).click();

  await expect(page).toHaveURL(/\/profile\/connect\/mastodon$/);
  await expect(page.getByRole("heading", { name: "Connect Mastodon" })).toBeVisible();
  if (hasJavaScript) await screenshotEach(page, "mastodon-connect", () => page.goto("/profile/connect/mastodon"));
  await page.setViewportSize({ width: 1280, height: 900 });

  // Nothing typed, then an address Plume refuses: the form's messages, in place.
  const address = page.getByLabel("Your instance");
  await page.getByRole("button", { name: "Continue to my instance" }).click();
  await expect(page.getByText("Enter your instance’s address.")).toBeVisible();
  await address.fill("http://mastodon.social");
  await page.getByRole("button", { name: "Continue to my instance" }).click();
  await expect(page.getByText("Plume only connects to instances over https.")).toBeVisible();
  await address.fill("mastodon.social/about");
  await page.getByRole("button", { name: "Continue to my instance" }).click();
  await expect(page.getByText("Enter only the instance’s name, without a path: for example mastodon.social.")).toBeVisible();
  if (hasJavaScript) await screenshotEach(page, "mastodon-connect-error");
  await page.setViewportSize({ width: 1280, height: 900 });

  // The fake instance (allowed on http for the tests): its consent page, then back, connected.
  await address.fill(FAKE_MASTODON_ORIGIN);
  await page.getByRole("button", { name: "Continue to my instance" }).click();
  await expect(page.getByRole("heading", { name: "Plume would like to access your account" })).toBeVisible();
  await page.getByRole("button", { name: "Allow" }).click();
  await expect(page).toHaveURL(/\/profile/);
  const host = new URL(FAKE_MASTODON_ORIGIN).host;
  await expect(mastodon.locator("[data-channel]")).toContainText(`@${host}`);
  // No expiry is shown: Mastodon's tokens do not expire.
  await expect(mastodon.getByText(/Access expires/)).toHaveCount(0);
  // Reconnecting goes to the form, prefilled with the account's instance.
  await mastodon.getByRole("link", { name: /^Reconnect / }).click();
  await expect(page.getByRole("heading", { name: "Reconnect Mastodon" })).toBeVisible();
  await expect(page.getByLabel("Your instance")).toHaveValue(FAKE_MASTODON_ORIGIN);

  // The composer counts against this instance's 1,000 characters, not Mastodon's default 500.
  await page.goto("/create");
  await page.getByRole("checkbox", { name: /Mastodon/ }).check();
  await page.getByRole("button", { name: "Continue" }).click();
  await page.getByRole("radio", { name: "Write it myself" }).check();
  await page.getByRole("button", { name: "Continue" }).click();
  await page.getByLabel("Your post").fill("a".repeat(600));
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page).toHaveURL(/\/review/);
  await expect(page.getByText("600 / 1000")).toBeVisible();
  await expect(page.getByText(/characters too many/)).toHaveCount(0);
  await expect(page.getByRole("article", { name: "Mastodon preview" })).toContainText(`@${host}`);
  if (hasJavaScript) {
    await screenshotEach(page, "mastodon-composer");
    // Live: the counter follows each keystroke, against the instance's limit.
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.getByRole("textbox", { name: /Mastodon .*Part 1/ }).fill("b".repeat(1001));
    await expect(page.getByText("1001 / 1000")).toBeVisible();
  }
});
