import { E2E_PAGES } from "../../playwright.config";
import { expect, signUp, test, uniqueEmail } from "./fixtures";

// LinkedIn company pages (docs/decisions/0058), with and without JavaScript. The pages server's
// LinkedIn app has the Community Management API (LINKEDIN_ORGANIZATION_SCOPES); the fake's member
// "Member 1" administers two pages (tests/fakes/serve.ts). The main server's app does not: its
// profile says so plainly.

test.describe("LinkedIn pages on a server whose app has the Community Management API", () => {
  test.use({ baseURL: `http://localhost:${E2E_PAGES.port}` });

  test("connect, choose a page on the Add pages screen, see it in the profile and the composer", async ({ page }) => {
    test.setTimeout(90_000);
    await signUp(page, uniqueEmail("pages"));
    await page.goto("/profile");
    const section = page.getByRole("region", { name: "Connected accounts" });
    await section.getByRole("button", { name: "Connect LinkedIn" }).click();
    await expect(page.getByText(/w_organization_social/)).toBeVisible();
    await page.getByRole("button", { name: "Allow" }).click();

    // Straight to the pages the member administers.
    await expect(page).toHaveURL(/\/profile\/channels\/[^/]+\/pages\?returnTo=/);
    await expect(page.getByRole("heading", { name: "Add LinkedIn pages" })).toBeVisible();
    await expect(page.getByText(/^Pages that Member 1 \(member1@example\.com\) administers on LinkedIn/)).toBeVisible();
    const demo = page.getByRole("checkbox", { name: /Plume Demo Co/ });
    const labs = page.getByRole("checkbox", { name: /Plume Labs/ });
    await expect(demo).not.toBeChecked();
    await expect(labs).not.toBeChecked();

    // Nothing chosen: said in the user's language, nothing added.
    await page.getByRole("button", { name: "Add the chosen pages" }).click();
    await expect(page.getByText("Choose at least one page.")).toBeVisible();

    await page.getByRole("checkbox", { name: /Plume Labs/ }).check();
    await page.getByRole("button", { name: "Add the chosen pages" }).click();
    await expect(page).toHaveURL(/\/profile(#connections)?$/);
    await expect(page.getByText("1 page added", { exact: true })).toBeVisible();

    const pageRow = section.locator('[data-kind="page"]');
    await expect(pageRow.getByText("Plume Labs", { exact: true })).toBeVisible();
    await expect(pageRow.getByText("Page", { exact: true })).toBeVisible();
    await expect(pageRow.getByText("Published with the access of Member 1")).toBeVisible();
    // The logo, copied into the app like members' pictures.
    await expect(pageRow.locator("img")).toHaveAttribute("src", /^\/channels\/[^/]+\/avatar\?v=/);
    await expect(section.getByText("Posting as a company page needs", { exact: false })).toHaveCount(0);

    // Later, from the profile: the added page is shown as such, the other still offered.
    await section.getByRole("link", { name: /^Add a page administered by Member 1/ }).click();
    await expect(page.getByRole("heading", { name: "Add LinkedIn pages" })).toBeVisible();
    await expect(page.getByRole("checkbox", { name: /Plume Labs/ })).toHaveCount(0);
    await expect(page.getByText("Already added")).toBeVisible();
    await expect(page.getByRole("checkbox", { name: /Plume Demo Co/ })).toBeVisible();
    await page.getByRole("link", { name: "Not now" }).first().click();
    await expect(page).toHaveURL(/\/profile/);

    // The composer tells the member and their page apart: a "Page" tag on the page.
    await page.goto("/create");
    const accounts = page.getByRole("group", { name: "Accounts" });
    await expect(accounts).toBeVisible();
    const labsChoice = accounts.locator("label").filter({ hasText: "Plume Labs" });
    await expect(labsChoice.getByText("Page", { exact: true })).toBeVisible();
    await expect(accounts.locator("label").filter({ hasText: "Member 1" }).getByText("Page", { exact: true })).toHaveCount(0);
  });
});

test.describe("LinkedIn pages on a server whose app does not have them", () => {
  test("the profile says plainly that posting as a page needs the Community Management API, in English and French", async ({ page, browser }) => {
    await signUp(page, uniqueEmail("nopages"));
    await page.goto("/profile");
    const linkedin = page.getByRole("region", { name: "LinkedIn" });
    await expect(
      linkedin.getByText(
        "Posting as a company page needs LinkedIn's Community Management API, which this server's LinkedIn app does not have. You can still post as yourself.",
      ),
    ).toBeVisible();
    await expect(page.getByRole("link", { name: /^Add a page/ })).toHaveCount(0);

    const french = await browser.newContext({ locale: "fr-FR", storageState: await page.context().storageState() });
    const frPage = await french.newPage();
    await frPage.goto("/profile");
    await expect(
      frPage.getByText(
        "Publier en tant que page d'entreprise nécessite l'API Community Management de LinkedIn, dont l'application LinkedIn de ce serveur ne dispose pas. Vous pouvez toujours publier en votre nom.",
      ),
    ).toBeVisible();
    await french.close();
  });
});
