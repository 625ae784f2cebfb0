import { expect, test } from "./fixtures";

// A code chunk the server no longer has (a deployment replaced the assets) reloads the page once;
// if it fails again within 10 seconds the page stays as it is (app/utils/chunk-reload.ts).

test("a chunk that cannot load reloads the page once, then not again", async ({ page, hasJavaScript }) => {
  test.skip(!hasJavaScript, "only pages running the app's JavaScript load chunks");
  // The page's translations are a chunk loaded on demand, through Vite's preload (the
  // vite:preloadError path); they fail every time, as a deleted asset would.
  await page.route(/\/assets\/common-[\w-]+\.js$/, (route) => route.abort("failed"));
  let documentLoads = 0;
  page.on("request", (request) => {
    if (request.isNavigationRequest() && new URL(request.url()).pathname === "/pricing") documentLoads += 1;
  });
  const gaveUp = page.waitForEvent("console", { predicate: (message) => message.text().includes("failed to load again shortly after a reload") });
  await page.goto("/pricing");
  await gaveUp;
  expect(documentLoads).toBe(2);
  // Given up, the server's page is still there to read and use.
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page.getByRole("link", { name: "Sign in" }).first()).toBeVisible();
});
