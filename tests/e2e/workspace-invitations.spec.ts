import type { Page } from "@playwright/test";
import { expect, expectNoSidewaysScroll, mailedInvitation, mailedLink, screenshotEach, signUp, test, uniqueEmail } from "./fixtures";

// Inviting someone into a shared workspace (issue 30, step 4), with and without JavaScript: the
// owner invites by e-mail; the invited person, without an account, opens the link, signs up on the
// way, confirms their address, and joins; the owner then sees them and changes their role.

const toast = (page: Page, text: string | RegExp) => page.getByRole("region", { name: /Notifications/ }).getByText(text);

test("an invitation by e-mail: sent, opened without an account, accepted after signing up, the role changed", async ({ browser, page, hasJavaScript }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await signUp(page, uniqueEmail("inviter"));
  const made = await page.request.post("/api/workspaces", { data: { name: "Acme – client" } });
  const acmeId = ((await made.json()) as { data: { id: string } }).data.id;
  await page.goto(`/workspaces/${acmeId}`);

  // A bad address is refused in place; a good one is sent and waits.
  const invite = page.getByRole("region", { name: "Invite someone" });
  await invite.getByLabel("E-mail address").fill("not an address");
  await invite.getByRole("button", { name: "Send invitation" }).click();
  await expect(invite.getByText("Invalid email address")).toBeVisible();
  const invited = uniqueEmail("invited");
  await invite.getByLabel("E-mail address").fill(invited);
  await invite.getByLabel("Role").selectOption("writer");
  await invite.getByRole("button", { name: "Send invitation" }).click();
  await expect(toast(page, `Invitation sent to ${invited}.`)).toBeVisible();
  await expect(page.getByTestId("invitation")).toContainText(invited);
  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoSidewaysScroll(page, "/workspaces/{id} with members");
  await page.setViewportSize({ width: 1280, height: 900 });
  if (hasJavaScript) await screenshotEach(page, "workspace-members", () => page.reload());
  await page.setViewportSize({ width: 1280, height: 900 });

  // The invited person, with no account, opens the mailed link.
  const context = await browser.newContext({ javaScriptEnabled: hasJavaScript });
  const guest = await context.newPage();
  await guest.setViewportSize({ width: 1280, height: 900 });
  const link = await mailedInvitation(invited);
  await guest.goto(link);
  await expect(guest.getByRole("heading", { name: "Join Acme – client" })).toBeVisible();
  await expect(guest.getByText("Writer", { exact: true })).toBeVisible();
  if (hasJavaScript) await screenshotEach(guest, "invitation-page", () => guest.goto(link));
  await guest.setViewportSize({ width: 1280, height: 900 });
  await guest.getByRole("link", { name: "Create an account" }).click();
  // The address comes filled in.
  await expect(guest.getByLabel("Email")).toHaveValue(invited);
  await guest.getByLabel("Password", { exact: true }).fill("password123");
  await guest.getByLabel("Confirm password").fill("password123");
  await guest.getByLabel(/I accept the/).check();
  await guest.getByRole("button", { name: "Create account" }).click();
  // Back on the invitation: the address is to be confirmed first.
  await expect(guest.getByText("confirm that address first", { exact: false })).toBeVisible();
  await guest.goto(await mailedLink(invited, "/verify-email"));
  await guest.goto(link);
  await guest.getByRole("button", { name: "Join Acme – client" }).click();
  await expect(guest).toHaveURL(/\/posts$/);
  await expect(toast(guest, "Welcome to Acme – client: you are working in it now.")).toBeVisible();
  await guest.goto(link);
  await expect(guest.getByRole("heading", { name: "This invitation no longer works" })).toBeVisible();
  await context.close();

  // The owner sees the new member and makes them an editor.
  await page.goto(`/workspaces/${acmeId}`);
  const row = page.getByTestId("member").filter({ hasText: invited });
  await expect(row).toContainText("Writer");
  await row.getByLabel(`Role of ${invited}`, { exact: true }).selectOption("editor");
  await row.getByRole("button", { name: `Change the role of ${invited}` }).click();
  await expect(toast(page, `${invited} is now Editor.`)).toBeVisible();
  await expect(page.getByTestId("invitation")).toHaveCount(0);
});
