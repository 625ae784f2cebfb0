import { expect, signUp, test, uniqueEmail } from "./fixtures";
import type { Page } from "@playwright/test";
import { FAKE_STRIPE_PORT } from "../../playwright.config";

// Upgrading to Pro, with and without JavaScript, up to Stripe's checkout page (the Stripe fake's
// /pay page), then paying there: Stripe comes back to /stripe/success and sends its webhooks.

const STRIPE_PAGE = new RegExp(`^http://127\\.0\\.0\\.1:${FAKE_STRIPE_PORT}/pay/cs_`);

async function onStripeCheckout(page: Page, price: "price_monthly" | "price_yearly") {
  await expect(page).toHaveURL(STRIPE_PAGE);
  await expect(page.getByRole("heading", { name: "Subscribe" })).toBeVisible();
  await expect(page.getByText(price)).toBeVisible();
}

test.describe("billing", () => {
  test("a signed-in user upgrades from the pricing page, monthly or yearly", async ({ page }) => {
    await signUp(page, uniqueEmail("upgrade-pricing"));
    await page.goto("/pricing");
    await page.getByRole("button", { name: "Upgrade to Pro" }).click();
    await onStripeCheckout(page, "price_monthly");

    await page.goto("/pricing?billing=yearly");
    await page.getByRole("button", { name: "Upgrade to Pro" }).click();
    await onStripeCheckout(page, "price_yearly");
  });

  test("a visitor who picks Pro signs up first and lands in checkout with the period chosen", async ({ page }) => {
    await page.goto("/pricing?billing=yearly");
    await page.getByRole("link", { name: "Start your free trial" }).click();
    await expect(page).toHaveURL(/\/signup\?redirectTo=/);
    await page.getByLabel("Email").fill(uniqueEmail("upgrade-visitor"));
    await page.getByLabel("Password", { exact: true }).fill("password123");
    await page.getByLabel("Confirm password").fill("password123");
    await page.getByLabel(/I accept the/).check();
    await page.getByRole("button", { name: "Create account" }).click();
    await expect(page).toHaveURL(/\/checkout\?interval=year$/);
    await expect(page.getByRole("heading", { name: "Upgrade to Pro", level: 1 })).toBeVisible();
    // The new account's 14-day trial carries over into the Stripe subscription.
    await expect(page.getByText(/Your free trial continues: nothing is charged before/)).toBeVisible();
    await page.getByRole("button", { name: "Continue to payment" }).click();
    await onStripeCheckout(page, "price_yearly");
  });

  test("the profile offers the upgrade monthly or yearly; leaving Stripe's page leads to the cancel page", async ({ page }) => {
    await signUp(page, uniqueEmail("upgrade-profile"));
    await page.goto("/profile");
    const section = page.getByRole("region", { name: "Subscription" });
    await expect(section).toContainText("No card on file");
    await section.getByRole("button", { name: "Upgrade, yearly" }).click();
    await onStripeCheckout(page, "price_yearly");
    await page.getByRole("link", { name: "Back" }).click();
    await expect(page).toHaveURL(/\/stripe\/cancel$/);
    await expect(page.getByRole("heading", { name: "Payment canceled: no amount charged" })).toBeVisible();

    await page.goto("/profile");
    await page.getByRole("region", { name: "Subscription" }).getByRole("button", { name: "Upgrade, monthly" }).click();
    await onStripeCheckout(page, "price_monthly");
  });

  test("paying comes back to the success page, which confirms Pro once Stripe's webhook has come", async ({ page }) => {
    await signUp(page, uniqueEmail("upgrade-pay"));
    await page.goto("/profile");
    await page.getByRole("region", { name: "Subscription" }).getByRole("button", { name: "Upgrade, monthly" }).click();
    await onStripeCheckout(page, "price_monthly");
    await page.getByRole("button", { name: "Pay" }).click();
    await expect(page).toHaveURL(/\/stripe\/success\?session_id=cs_/);
    // The fake sent its signed events before coming back, so the webhook has updated the account
    // (else the page would say "Activating…" and look again by itself).
    await expect(page.getByRole("heading", { name: "Welcome to Pro" })).toBeVisible({ timeout: 15_000 });
    await page.goto("/profile");
    const section = page.getByRole("region", { name: "Subscription" });
    await expect(section).toContainText("Pro");
    await expect(section).toContainText("Card on file");
    await expect(section.getByRole("button", { name: "Upgrade, monthly" })).toHaveCount(0);
    await section.getByRole("button", { name: "Manage billing" }).click();
    await expect(page).toHaveURL(new RegExp(`^http://127\\.0\\.0\\.1:${FAKE_STRIPE_PORT}/portal/bps_`));
  });

  test("a session id that is not the user's is a 404 on the success page", async ({ page }) => {
    await signUp(page, uniqueEmail("success-404"));
    const response = await page.goto("/stripe/success?session_id=cs_test_someone_else");
    expect(response?.status()).toBe(404);
  });
});
