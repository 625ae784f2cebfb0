import type { APIRequestContext } from "@playwright/test";
import { ADMIN, signInAsAdmin } from "./admin";
import { expect, mailedLink, screenshotEach, test, uniqueEmail } from "./fixtures";

// User management as an admin, with and without JavaScript: the page is links and plain forms.

/** A verified account, made through the API in a context of its own. */
async function verifiedUser(request: APIRequestContext, prefix: string) {
  const email = uniqueEmail(prefix);
  expect((await request.post("/api/auth/register", { data: { email, password: "password123" } })).status()).toBe(201);
  await request.get(await mailedLink(email, "/verify-email"));
  return email;
}

test("an admin searches, sorts and pages through the accounts", async ({ page, request }) => {
  const email = await verifiedUser(request, "searched");
  await signInAsAdmin(page, request);
  await expect(page.getByTestId("admin-users-total")).toContainText(/\d+ users? in all/);
  for (const column of ["Email", "Role", "Verified", "Plan", "Posts", "Connections", "Last update"]) {
    await expect(page.getByRole("columnheader", { name: column })).toBeVisible();
  }
  await page.getByRole("searchbox", { name: "Search users by e-mail" }).fill(email.toUpperCase());
  await page.getByRole("button", { name: "Search", exact: true }).click();
  await expect(page).toHaveURL(/\?q=/);
  await expect(page.getByTestId("admin-user-row")).toHaveCount(1);
  const row = page.getByTestId("admin-user-row");
  await expect(row).toContainText(email);
  await expect(row).toContainText("Verified");
  await expect(page.getByTestId("admin-users-total")).toContainText("1 matches");

  await page.getByRole("link", { name: "Sort by Email" }).click();
  await expect(page).toHaveURL(/sort=email/);
  await expect(page).toHaveURL(/q=/); // sorting keeps the search
  await expect(page.getByRole("columnheader", { name: "Email" })).toHaveAttribute("aria-sort", "ascending");

  await page.getByRole("searchbox", { name: "Search users by e-mail" }).fill("nobody-at-all-here");
  await page.getByRole("button", { name: "Search", exact: true }).click();
  await expect(page.getByTestId("admin-users-empty")).toHaveText("No account matches “nobody-at-all-here”.");
});

test("an admin promotes an account, sees who granted it, and revokes it after confirming", async ({ page, request }) => {
  const email = await verifiedUser(request, "promoted");
  await signInAsAdmin(page, request);
  await page.goto(`/admin/users?q=${encodeURIComponent(email)}`);
  const row = page.getByTestId("admin-user-row");
  await row.getByRole("button", { name: `Make ${email} an admin` }).click();
  await expect(page.getByText(`${email} is now an admin.`).first()).toBeVisible();
  await expect(page).toHaveURL(/\?q=/);
  await expect(row).toContainText("Admin (promoted)");
  await expect(row.getByTestId("promotion")).toContainText(`By ${ADMIN}, `);

  await row.getByText("Remove admin…").click();
  await expect(row.getByText("will lose access to the administration pages")).toBeVisible();
  await row.getByRole("button", { name: "Remove admin rights" }).click();
  await expect(page.getByText(`${email} is no longer an admin.`).first()).toBeVisible();
  await expect(row).toContainText("User");

  // Their own row and the listed address offer no change.
  await page.goto(`/admin/users?q=${encodeURIComponent(ADMIN)}`);
  await expect(page.getByTestId("admin-user-row")).toContainText("Your own role");
});

test("the exports download every account and the waitlist as CSV", async ({ page, request }) => {
  await request.post("/api/waitlist", { data: { fullName: "=Formula, Person", email: uniqueEmail("wait") } });
  await signInAsAdmin(page, request);
  const users = await page.request.get("/admin/users.csv");
  expect(users.headers()["content-type"]).toBe("text/csv; charset=utf-8");
  expect(users.headers()["content-disposition"]).toMatch(/^attachment;/);
  expect(await users.text()).toContain(`,${ADMIN},admin,list,true,`);
  const waitlist = await page.request.get("/admin/waitlist.csv");
  expect(await waitlist.text()).toContain(`"'=Formula, Person"`);
  await expect(page.getByRole("link", { name: "Users (CSV)" })).toHaveAttribute("href", "/admin/users.csv");
  await expect(page.getByRole("link", { name: "Waitlist (CSV)" })).toHaveAttribute("href", "/admin/waitlist.csv");
});

test("someone who is not an admin gets 403 from the exports and the admin API", async ({ page }) => {
  const email = uniqueEmail("nosy");
  await page.goto("/signup");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill("password123");
  await page.getByLabel("Confirm password").fill("password123");
  await page.getByLabel(/I accept the/).check();
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page).toHaveURL(/\/posts$/);
  expect((await page.request.get("/admin/users.csv")).status()).toBe(403);
  expect((await page.request.get("/admin/waitlist.csv")).status()).toBe(403);
  const api = await page.request.get("/api/admin/users");
  expect(api.status()).toBe(403);
  expect((await api.json()).error.code).toBe("forbidden");
});

test("screenshots of user management: phone and desktop, light and dark", async ({ page, request, hasJavaScript }) => {
  test.skip(!hasJavaScript, "once is enough");
  const shot = await verifiedUser(request, "shot");
  await signInAsAdmin(page, request);
  // One promoted account, so the shots show who granted it.
  const { data } = await (await page.request.get(`/api/admin/users?q=${encodeURIComponent(shot)}`)).json();
  expect((await page.request.patch(`/api/admin/users/${data[0].id}`, { data: { isAdmin: true } })).status()).toBe(200);
  await screenshotEach(page, "admin-users", () => page.goto("/admin/users"));
});
