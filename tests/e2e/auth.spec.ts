import { expect, mailedLink, signIn, signUp, test, uniqueEmail } from "./fixtures";

test.describe("accounts", () => {
  test("sign up, reach the dashboard, sign out and sign in again", async ({ page }) => {
    const email = uniqueEmail();
    await signUp(page, email);
    await expect(page.getByRole("heading", { name: "Posts", level: 1 })).toBeVisible();
    await expect(page.getByText("Welcome to Plume!", { exact: true })).toBeVisible();
    await expect(page.getByRole("link", { name: email })).toBeVisible();
    const main = page.getByRole("navigation", { name: "Main" });
    await expect(main.getByRole("link", { name: "Write a post" })).toBeVisible();
    await expect(main.getByRole("link", { name: "Generate" })).toHaveCount(0);
    await expect(main.getByRole("link", { name: "User management" })).toHaveCount(0);

    await page.getByRole("button", { name: "Sign out" }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByText("You are signed out.", { exact: true })).toBeVisible();
    await expect(page.getByRole("link", { name: "Sign in" }).first()).toBeVisible();

    await page.goto("/profile");
    await expect(page).toHaveURL(/\/login\?redirectTo=%2Fprofile$/);
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password", { exact: true }).fill("password123");
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await expect(page).toHaveURL(/\/profile$/);
    await expect(page.getByRole("heading", { name: "Profile", level: 1 })).toBeVisible();
    await expect(page).toHaveTitle("Profile - Plume");
  });

  test("a wrong password is refused with a clear message", async ({ page, hasJavaScript }) => {
    const email = uniqueEmail();
    await signUp(page, email);
    await page.getByRole("button", { name: "Sign out" }).click();
    await expect(page).toHaveURL(/\/$/);
    await signIn(page, email, "not-the-password");
    await expect(page.getByText("Invalid email or password.")).toBeVisible();
    await expect(page).toHaveURL(/\/login/);
    await expect(page.getByLabel("Email")).toHaveValue(email);
    // The server never sends a password back; with JavaScript the field keeps what was typed.
    if (!hasJavaScript) await expect(page.getByLabel("Password", { exact: true })).toHaveValue("");
  });

  test("sign-up validation messages", async ({ page }) => {
    await page.goto("/signup");
    await page.getByRole("button", { name: "Create account" }).click();
    await expect(page.getByText("Invalid email address")).toBeVisible();
    await expect(page.getByText("Password must be at least 8 characters")).toBeVisible();
    await expect(page.getByText("You must accept the terms of service and the privacy policy")).toBeVisible();

    await page.getByLabel("Email").fill("someone@example");
    await page.getByLabel("Password", { exact: true }).fill("password123");
    await page.getByLabel("Confirm password").fill("password124");
    await page.getByRole("button", { name: "Create account" }).click();
    await expect(page.getByText("Invalid email address")).toBeVisible();
    await expect(page.getByText("Passwords must match")).toBeVisible();
    await expect(page).toHaveURL(/\/signup$/);
  });

  test("an address that already has an account is refused", async ({ page, browser }) => {
    const email = uniqueEmail();
    await signUp(page, email);
    const other = await browser.newPage();
    await other.goto(page.url().replace(/\/posts$/, "/signup"));
    await other.getByLabel("Email").fill(email);
    await other.getByLabel("Password", { exact: true }).fill("password123");
    await other.getByLabel("Confirm password").fill("password123");
    await other.getByLabel(/I accept the/).check();
    await other.getByRole("button", { name: "Create account" }).click();
    await expect(other.getByText("An account with this email already exists. Sign in instead.")).toBeVisible();
    await other.close();
  });

  test("forgot password: the mailed link sets a new password", async ({ page }) => {
    const email = uniqueEmail();
    await signUp(page, email);
    await page.getByRole("button", { name: "Sign out" }).click();
    await expect(page).toHaveURL(/\/$/);

    await page.goto("/login");
    await page.getByRole("link", { name: "Forgot your password?" }).click();
    // The sign-in page has an Email field too: wait for the new page before typing.
    await expect(page).toHaveURL(/\/forgot-password$/);
    await page.getByLabel("Email").fill(email);
    await page.getByRole("button", { name: "Send the link" }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByText(/If an account exists for this address/).first()).toBeVisible();

    await page.goto(await mailedLink(email, "/reset-password"));
    await page.getByLabel("New password").fill("brand-new-password");
    await page.getByLabel("Confirm password").fill("brand-new-pass");
    await page.getByRole("button", { name: "Set the new password" }).click();
    await expect(page.getByText("Passwords must match")).toBeVisible();
    await page.getByLabel("New password").fill("brand-new-password");
    await page.getByLabel("Confirm password").fill("brand-new-password");
    await page.getByRole("button", { name: "Set the new password" }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByText("Sign in with your new password.", { exact: true })).toBeVisible();
    // Nothing of the new password is left in a field.
    await expect(page.getByLabel("Password", { exact: true })).toHaveValue("");

    await signIn(page, email, "brand-new-password");
    await expect(page).toHaveURL(/\/posts$/);
  });

  test("the verification link confirms the address", async ({ page }) => {
    const email = uniqueEmail();
    await signUp(page, email);
    await page.goto("/profile");
    await expect(page.getByText("Not verified")).toBeVisible();
    await page.goto(await mailedLink(email, "/verify-email"));
    await expect(page).toHaveURL(/\/profile$/);
    await expect(page.getByText("Your email address is verified.", { exact: true })).toBeVisible();
    await expect(page.getByText("Verified", { exact: true })).toBeVisible();
  });

  test("change password on the profile", async ({ page }) => {
    const email = uniqueEmail();
    await signUp(page, email);
    await page.goto("/profile");
    const form = page.getByRole("region", { name: "Change password" });
    await form.getByLabel("Current password").fill("password123");
    await form.getByLabel("New password", { exact: true }).fill("newpassword1");
    await form.getByLabel("Confirm new password").fill("newpassword2");
    await form.getByRole("button", { name: "Update password" }).click();
    await expect(form.getByText("New passwords do not match")).toBeVisible();

    await form.getByLabel("Current password").fill("wrong-password");
    await form.getByLabel("New password", { exact: true }).fill("newpassword1");
    await form.getByLabel("Confirm new password").fill("newpassword1");
    await form.getByRole("button", { name: "Update password" }).click();
    await expect(form.getByText("Your current password is incorrect.")).toBeVisible();

    await form.getByLabel("Current password").fill("password123");
    await form.getByLabel("New password", { exact: true }).fill("newpassword1");
    await form.getByLabel("Confirm new password").fill("newpassword1");
    await form.getByRole("button", { name: "Update password" }).click();
    await expect(page.getByText("Password updated.", { exact: true })).toBeVisible();

    await page.getByRole("button", { name: "Sign out" }).first().click();
    await signIn(page, email, "newpassword1");
    await expect(page).toHaveURL(/\/posts$/);
  });

  test("redirectTo never leaves the site", async ({ page }) => {
    const email = uniqueEmail();
    await signUp(page, email);
    await page.getByRole("button", { name: "Sign out" }).click();
    await expect(page).toHaveURL(/\/$/);
    await page.goto("/login?redirectTo=https%3A%2F%2Fevil.example%2F");
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password", { exact: true }).fill("password123");
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await expect(page).toHaveURL(/localhost:\d+\/posts$/);
  });
});
