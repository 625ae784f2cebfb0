import { addChannel, connectAccount, expect, screenshotEach, signUp, test, uniqueEmail } from "./fixtures";

// Several accounts per network on the profile. The fakes' consent pages answer as one account per
// network here, so the second X account is added to the database (the two-account OAuth round trips
// are in tests/integration/channels.test.ts).

test("the profile lists several accounts per network; one is disconnected after a confirmation", async ({ page, hasJavaScript }) => {
  test.setTimeout(90_000);
  const email = uniqueEmail("channels");
  await signUp(page, email);
  await connectAccount(page, "X (Twitter)", "/profile");
  await connectAccount(page, "LinkedIn", "/profile");
  await addChannel(email, { network: "twitter", displayName: "Second Account", handle: "second_account" });
  await page.goto("/profile");

  const section = page.getByRole("region", { name: "Connected accounts" });
  const x = section.getByRole("region", { name: "X (Twitter)" });
  const linkedin = section.getByRole("region", { name: "LinkedIn" });
  await expect(x.locator("[data-channel]")).toHaveCount(2);
  await expect(x.getByText("2 accounts")).toBeVisible();
  // Oldest first: the account connected through X, then the second one.
  await expect(x.locator("[data-channel]").last()).toContainText("Second Account");
  await expect(x.locator("[data-channel]").last()).toContainText("@second_account · X (Twitter)");
  await expect(x.locator("[data-channel]").last()).toContainText(/Connected on /);
  await expect(linkedin.locator("[data-channel]")).toHaveCount(1);
  await expect(linkedin.getByText(/sign in to LinkedIn as this member/)).toBeVisible();

  // The same X account again updates its channel: still two.
  await x.getByRole("button", { name: "Connect another X account" }).click();
  await page.getByRole("button", { name: "Allow" }).click();
  await expect(page.getByText("X (Twitter) account updated", { exact: true })).toBeVisible();
  await expect(x.locator("[data-channel]")).toHaveCount(2);

  if (hasJavaScript) {
    await page.goto("/profile#connections");
    await screenshotEach(page, "profile-channels", () => page.goto("/profile#connections"));
    await page.setViewportSize({ width: 1280, height: 900 });
  }

  const disconnect = x.getByRole(hasJavaScript ? "button" : "link", { name: "Disconnect Second Account (@second_account)" });
  if (hasJavaScript) {
    // From the keyboard: Escape cancels and gives the focus back; Enter on the confirmation disconnects.
    await disconnect.focus();
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog", { name: "Disconnect Second Account (@second_account)?" });
    await expect(dialog).toContainText("Your other accounts stay connected.");
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(disconnect).toBeFocused();
    await page.keyboard.press("Enter");
    await dialog.getByRole("button", { name: "Disconnect", exact: true }).focus();
    await page.keyboard.press("Enter");
  } else {
    await disconnect.click();
    await expect(page).toHaveURL(/\/profile\/channels\/[^/]+\/disconnect$/);
    await expect(page.getByRole("heading", { name: "Disconnect Second Account (@second_account)?" })).toBeVisible();
    await page.getByRole("button", { name: "Disconnect", exact: true }).click();
  }
  await expect(page.getByText("Second Account (@second_account) disconnected", { exact: true })).toBeVisible();
  await expect(x.locator("[data-channel]")).toHaveCount(1);
  await expect(x.getByText("Second Account")).toHaveCount(0);
  await expect(linkedin.locator("[data-channel]")).toHaveCount(1);

  // Version 1's services list: one entry per network, as before.
  const me = await page.request.get("/api/users/me");
  const services = ((await me.json()) as { data: { services: { serviceName: string; connected: boolean }[] } }).data.services;
  expect(services.map((s) => [s.serviceName, s.connected])).toEqual([
    ["linkedin", true],
    ["twitter", true],
  ]);
});
