import type { Page } from "@playwright/test";
import { createPost, expect, expectNoSidewaysScroll, screenshotEach, signUp, test, uniqueEmail } from "./fixtures";

// Workspaces from the shell (issue 30, step 3), with and without JavaScript: the switcher names the
// current workspace; a new one is made and worked in (its posts apart from the personal ones);
// switching back and forth from the switcher (a menu with JavaScript, the workspaces page without);
// renaming; deleting after typing the name again.

const toast = (page: Page, text: string | RegExp) => page.getByRole("region", { name: /Notifications/ }).getByText(text);
// A menu button with JavaScript, a link to the workspaces page without.
const switcher = (page: Page, name: string, hasJavaScript: boolean) =>
  page.getByRole(hasJavaScript ? "button" : "link", { name: `Workspace: ${name}. Switch workspace` });

async function openSwitcher(page: Page, name: string, hasJavaScript: boolean) {
  await switcher(page, name, hasJavaScript).click();
  if (!hasJavaScript) await expect(page).toHaveURL(/\/workspaces$/);
}

async function onPhone(page: Page, where: string) {
  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoSidewaysScroll(page, where);
  await page.setViewportSize({ width: 1280, height: 900 });
}

test("workspaces: make one, work in it, switch back and forth, rename it, delete it", async ({ page, hasJavaScript }) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await signUp(page, uniqueEmail("workspaces"));
  await createPost(page.request, "A personal draft about sourdough");

  // The personal workspace to begin with; the switcher leads to the others and to a new one.
  await openSwitcher(page, "Personal", hasJavaScript);
  if (hasJavaScript) {
    const menu = page.getByRole("menu");
    await expect(menu.getByRole("menuitem", { name: /Personal/ })).toBeVisible();
    await menu.getByRole("menuitem", { name: "New workspace" }).click();
  }
  await expect(page).toHaveURL(/\/workspaces(#new)?$/);
  await expect(page.getByRole("heading", { name: "Workspaces", level: 1 })).toBeVisible();
  const list = page.getByRole("region", { name: "Your workspaces" });
  await expect(list.getByTestId("workspace")).toHaveCount(1);
  await expect(list.getByText("You only have your personal workspace.", { exact: false })).toBeVisible();
  await onPhone(page, "/workspaces (personal only)");
  if (hasJavaScript) await screenshotEach(page, "workspaces-personal-only", () => page.goto("/workspaces"));
  await page.setViewportSize({ width: 1280, height: 900 });

  // A name is needed; then the new workspace is made and the user works in it.
  const form = page.getByRole("region", { name: "New workspace" });
  await form.getByRole("button", { name: "Create workspace" }).click();
  await expect(form.getByText("Give the workspace a name.")).toBeVisible();
  await expect(list.getByTestId("workspace")).toHaveCount(1);
  await form.getByLabel("Name").fill("Acme – a client with a rather long name to wrap");
  await form.getByRole("button", { name: "Create workspace" }).click();
  await expect(toast(page, "“Acme – a client with a rather long name to wrap” created. You are working in it now.")).toBeVisible();
  await expect(page).toHaveURL(/\/workspaces\/[^/]+$/);
  const settingsUrl = page.url();
  await expect(page.getByRole("heading", { name: "Acme – a client with a rather long name to wrap", level: 1 })).toBeVisible();
  await expect(page.getByText("You are working in this workspace")).toBeVisible();
  await expect(switcher(page, "Acme – a client with a rather long name to wrap", hasJavaScript)).toBeVisible();
  await onPhone(page, "/workspaces/{id}");
  if (hasJavaScript) await screenshotEach(page, "workspace-settings", () => page.reload());
  await page.setViewportSize({ width: 1280, height: 900 });

  // Its posts are its own: the personal draft is not here.
  await page.goto("/posts");
  await expect(page.getByText("A personal draft about sourdough")).toHaveCount(0);

  // Back to the personal workspace, from the switcher, landing on the same section.
  await openSwitcher(page, "Acme – a client with a rather long name to wrap", hasJavaScript);
  if (hasJavaScript) {
    await expect(page.getByRole("menuitem", { name: /Personal/ })).toBeVisible();
    // On a phone the switcher is in the menu.
    await screenshotEach(page, "workspace-switcher-open", async () => {
      await page.reload();
      if (page.viewportSize()!.width < 1024) await page.locator("summary[aria-label='Menu']").click();
      await switcher(page, "Acme – a client with a rather long name to wrap", true).click();
      await expect(page.getByRole("menuitem", { name: /Personal/ })).toBeVisible();
    });
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.keyboard.press("Escape");
    await page.reload();
    await openSwitcher(page, "Acme – a client with a rather long name to wrap", hasJavaScript);
    await page.getByRole("menuitem", { name: /Personal/ }).click();
    await expect(page).toHaveURL(/\/posts$/);
  } else {
    await page.getByRole("button", { name: "Switch to Personal" }).click();
    await expect(page).toHaveURL(/\/workspaces$/);
  }
  await expect(toast(page, "You are working in Personal now.")).toBeVisible();
  await page.goto("/posts");
  await expect(page.getByText("A personal draft about sourdough")).toBeVisible();
  await page.goto("/workspaces");
  await expect(list.getByTestId("workspace")).toHaveCount(2);
  await expect(list.getByTestId("workspace").first()).toContainText("Current");
  await onPhone(page, "/workspaces");
  if (hasJavaScript) await screenshotEach(page, "workspaces-list", () => page.reload());
  await page.setViewportSize({ width: 1280, height: 900 });

  // Renamed from its settings.
  await page.goto(settingsUrl);
  const rename = page.getByRole("region", { name: "Name" });
  await rename.getByLabel("Name").fill("Acme");
  await rename.getByRole("button", { name: "Save" }).click();
  await expect(toast(page, "Renamed to “Acme”.")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Acme", level: 1 })).toBeVisible();

  // Deleted once its name is typed again; the wrong name changes nothing.
  await page.getByRole("link", { name: "Delete workspace…" }).click();
  await expect(page.getByRole("heading", { name: "Delete “Acme”?" })).toBeVisible();
  await expect(page.getByText("the access of 1 member")).toBeVisible();
  await page.getByLabel("Type “Acme” to confirm").fill("acme");
  await page.getByRole("button", { name: "Delete workspace" }).click();
  await expect(page.getByText("That is not this workspace’s name.")).toBeVisible();
  await onPhone(page, "/workspaces/{id}/delete");
  if (hasJavaScript) await screenshotEach(page, "workspace-delete");
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.getByLabel("Type “Acme” to confirm").fill("Acme");
  await page.getByRole("button", { name: "Delete workspace" }).click();
  await expect(toast(page, "“Acme” deleted.")).toBeVisible();
  await expect(page).toHaveURL(/\/workspaces$/);
  await expect(list.getByTestId("workspace")).toHaveCount(1);
  await page.goto(settingsUrl);
  await expect(page.getByRole("heading", { name: /not found/i })).toBeVisible();
});
