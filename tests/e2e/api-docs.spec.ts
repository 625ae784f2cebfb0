// The API reference (/docs/api, docs/decisions/0077) and the "Automate with the API" page: without
// JavaScript, the server-rendered list of every operation; with it, Scalar's reference (served by us,
// under the site's Content-Security-Policy) in the site's colour mode, the list hidden.
import { expect, screenshotEach, test } from "./fixtures";

const CHANNELS_SUMMARY = "The user's channels (connected accounts, several per network), oldest first";
// Scalar renders its first sections at once, the rest as they scroll into view.
const REGISTER_SUMMARY = "Create an account and sign in";

test("/docs/api: the operations without JavaScript, Scalar's reference with it", async ({ page, hasJavaScript }) => {
  test.setTimeout(180_000);
  const violations: string[] = [];
  page.on("console", (message) => {
    if (/Content[- ]Security[- ]Policy|Refused to/i.test(message.text())) violations.push(message.text());
  });
  const requests: string[] = [];
  page.on("request", (request) => requests.push(request.url()));

  await page.goto("/docs/getting-started");
  const nav = page.getByRole("navigation", { name: "Documentation" });
  await nav.getByRole("link", { name: "Reference" }).click();
  await expect(page).toHaveURL(/\/docs\/api$/);
  await expect(page.getByRole("heading", { level: 1, name: "API reference" })).toBeVisible();
  await expect(page.getByRole("link", { name: "The OpenAPI 3.1 document (JSON)" })).toHaveAttribute("href", "/api/openapi.json");

  const list = page.getByTestId("operation-list");
  const reference = page.getByTestId("scalar-reference");
  if (hasJavaScript) {
    await expect(reference.locator(".scalar-app")).toBeVisible({ timeout: 20_000 });
    await expect(reference.getByRole("heading", { level: 3, name: REGISTER_SUMMARY })).toBeVisible({ timeout: 20_000 });
    await expect(list).toBeHidden();
    // The site's dark mode reaches Scalar.
    await page.emulateMedia({ colorScheme: "dark" });
    await page.reload();
    await expect(reference.locator(".scalar-app")).toBeVisible({ timeout: 20_000 });
    // Scalar marks the body with its mode (some of its code blocks are dark in either mode).
    await expect(page.locator("body")).toHaveClass(/(^| )dark-mode( |$)/);
    // The header's colour mode switch reaches it while it is open.
    await page.getByRole("group", { name: "Colour mode" }).getByRole("button", { name: "Light" }).click();
    await expect(page.locator("body")).toHaveClass(/(^| )light-mode( |$)/);
    await expect(page.locator("body")).not.toHaveClass(/(^| )dark-mode( |$)/);
    expect(requests.some((url) => /\/api-reference\.js\?v=/.test(url))).toBe(true);
  } else {
    await expect(list).toBeVisible();
    await expect(list.getByRole("heading", { name: "Channels" })).toBeVisible();
    await expect(list.locator('[data-operation="GET /api/channels"]')).toContainText(CHANNELS_SUMMARY);
    await expect(list.locator('[data-operation="POST /api/posts/{postId}/queue"]')).toBeVisible();
    expect(await list.locator("[data-operation]").count()).toBeGreaterThan(30);
    await expect(reference).toBeHidden();
  }
  // Nothing fetched from elsewhere, nothing refused by the Content-Security-Policy.
  const origin = new URL(page.url()).origin;
  expect(requests.filter((url) => !url.startsWith(origin) && !url.startsWith("data:"))).toEqual([]);
  expect(violations).toEqual([]);

  await screenshotEach(page, hasJavaScript ? "api-reference-js" : "api-reference-nojs", async () => {
    await page.goto("/docs/api");
    // On a phone the long introduction pushes the operations below the fold, where Scalar has not
    // rendered them yet: wait for the first tag's heading, which both sizes render at once.
    if (hasJavaScript) await expect(reference.getByRole("heading", { level: 2, name: "Accounts" })).toBeVisible({ timeout: 20_000 });
  });
});

test("Scalar's script loads only on /docs/api", async ({ page, hasJavaScript }) => {
  test.skip(!hasJavaScript, "no script runs without JavaScript");
  const scripts: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "script") scripts.push(request.url());
  });
  await page.goto("/docs/api/automate");
  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  expect(scripts.filter((url) => url.includes("api-reference"))).toEqual([]);
});

test("Automate with the API: tokens, curl, webhooks and MCP, in English and French", async ({ page }) => {
  test.setTimeout(90_000);
  await page.goto("/docs/api");
  await page.getByRole("navigation", { name: "Documentation" }).getByRole("link", { name: "Automate with the API" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Automate with the API" })).toBeVisible();
  // Only the current page is marked in the navigation, not its parent folder's page.
  const nav = page.getByRole("navigation", { name: "Documentation" });
  await expect(nav.getByRole("link", { name: "Automate with the API" })).toHaveAttribute("aria-current", "page");
  await expect(nav.getByRole("link", { name: "Reference" })).not.toHaveAttribute("aria-current", "page");
  await expect(page.getByRole("heading", { name: "Create a personal access token" })).toBeVisible();
  await expect(page.getByText("export function verifyPlumeWebhook")).toBeVisible();
  await expect(page.getByText("def verify_plume_webhook")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Connect an AI assistant (MCP)" })).toBeVisible();
  await page.goto("/docs/api/automate?lang=fr");
  await expect(page.getByRole("heading", { level: 1, name: "Automatiser avec l'API" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Vérifier la signature" })).toBeVisible();
  await screenshotEach(page, "api-automate");
});
