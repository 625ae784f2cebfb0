import type { Page } from "@playwright/test";
import { startWebhookReceiver, type WebhookReceiver } from "../fakes/webhook-receiver";
import { expect, expectNoSidewaysScroll, screenshotEach, signUp, test, uniqueEmail } from "./fixtures";

// The webhooks page (/webhooks), with and without JavaScript: empty, a refused add, an add with its
// secret shown once, a test ping, its delivery listed and resent with the same event id, and a
// deletion after a confirmation.

let receiver: WebhookReceiver;
test.beforeAll(async () => {
  receiver = await startWebhookReceiver();
});
test.afterAll(async () => {
  await receiver.close();
});

const toast = (page: Page, text: string | RegExp) => page.getByRole("region", { name: /Notifications/ }).getByText(text);
// A long address, as receivers often have: it must wrap on a phone, never widen the page.
const hookPath = "/e2e/plume-webhook-receiver/with-a-rather-long-path-that-has-to-wrap-on-phones";

async function expectNoSidewaysScrollOnPhone(page: Page, where: string) {
  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoSidewaysScroll(page, where);
  await page.setViewportSize({ width: 1280, height: 900 });
}

test("webhooks: add one, see its secret once, ping it, resend the ping, delete it", async ({ page, browser, hasJavaScript }) => {
  test.setTimeout(90_000);
  await signUp(page, uniqueEmail("webhooks"));
  await page.goto("/profile");
  await page.getByRole("link", { name: "Webhooks", exact: true }).click();
  await expect(page).toHaveURL(/\/webhooks$/);
  await expect(page.getByRole("heading", { name: "Webhooks", level: 1 })).toBeVisible();
  await expect(page.getByText("No webhooks yet.")).toBeVisible();
  await expectNoSidewaysScrollOnPhone(page, "/webhooks (empty)");
  if (hasJavaScript) await screenshotEach(page, "webhooks-empty", () => page.goto("/webhooks"));
  await page.setViewportSize({ width: 1280, height: 900 });

  // Nothing chosen: refused, nothing added.
  const form = page.getByRole("region", { name: "Add a webhook" });
  await form.getByLabel("Address (URL)").fill(`${receiver.url}${hookPath}`);
  for (const name of ["Post published", "Post failed"]) await form.getByRole("checkbox", { name }).uncheck();
  await form.getByRole("button", { name: "Add webhook" }).click();
  await expect(form.getByText("Choose at least one event.")).toBeVisible();
  await expect(page.getByText("No webhooks yet.")).toBeVisible();

  await form.getByLabel("Address (URL)").fill(`${receiver.url}${hookPath}`);
  await form.getByRole("checkbox", { name: "Post published" }).check();
  await form.getByRole("button", { name: "Add webhook" }).click();
  await expect(toast(page, "Webhook added")).toBeVisible();
  const secret = page.getByRole("textbox", { name: "Signing secret" });
  await expect(secret).toHaveValue(/^whsec_/);
  if (hasJavaScript) {
    await expect(page.getByRole("button", { name: "Copy" })).toBeVisible();
    await screenshotEach(page, "webhooks-secret");
    await page.setViewportSize({ width: 1280, height: 900 });
  }
  const list = page.getByRole("region", { name: "Your webhooks" });
  await expect(list.getByText(`${receiver.url}${hookPath}`)).toBeVisible();
  await expect(list.getByText("Nothing sent yet")).toBeVisible();
  // Shown once: gone on the next visit.
  await page.goto("/webhooks");
  await expect(page.getByRole("textbox", { name: "Signing secret" })).toHaveCount(0);

  await list.getByRole("button", { name: "Send test ping" }).click();
  await expect(toast(page, "Test ping delivered (HTTP 200)")).toBeVisible();
  await expect(list.getByText("Delivered")).toBeVisible();
  await expectNoSidewaysScrollOnPhone(page, "/webhooks");
  if (hasJavaScript) await screenshotEach(page, "webhooks-list", () => page.reload());
  await page.setViewportSize({ width: 1280, height: 900 });
  const pings = () => receiver.requests.filter((r) => r.path === hookPath);
  const pingId = pings().at(-1)!.headers["plume-event-id"];
  expect(String(pingId)).toMatch(/^evt_/);

  await list.getByRole("link", { name: "Deliveries" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toContainText(`${receiver.url}${hookPath}`);
  await expect(page.getByTestId("attempt")).toHaveCount(1);
  await expect(page.getByTestId("attempt").getByText(String(pingId))).toBeVisible();
  await expectNoSidewaysScrollOnPhone(page, "/webhooks/{id}");
  if (hasJavaScript) {
    await screenshotEach(page, "webhooks-attempts", () => page.reload());
    // The same page in French (longer words), on a phone too.
    const french = await browser.newContext({ locale: "fr-FR", storageState: await page.context().storageState() });
    const frPage = await french.newPage();
    await frPage.goto(page.url());
    await expect(frPage.getByRole("heading", { level: 1 })).toContainText(hookPath);
    await frPage.setViewportSize({ width: 390, height: 844 });
    await expectNoSidewaysScroll(frPage, "/webhooks/{id} in French");
    await screenshotEach(frPage, "webhooks-attempts-fr", () => frPage.reload());
    await french.close();
  }
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.getByRole("button", { name: `Resend ${String(pingId)}` }).click();
  await expect(toast(page, "Event queued again")).toBeVisible();
  // The worker riding the publisher sends it again, same event id.
  await expect.poll(() => pings().filter((r) => r.headers["plume-event-id"] === pingId).length, { timeout: 15_000 }).toBe(2);

  await page.goto("/webhooks");
  await list.getByRole("link", { name: "Delete" }).click();
  await expect(page.getByRole("heading", { name: "Delete this webhook?" })).toBeVisible();
  if (hasJavaScript) await screenshotEach(page, "webhooks-delete");
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.getByRole("button", { name: "Delete webhook" }).click();
  await expect(toast(page, "Webhook deleted")).toBeVisible();
  await expect(page.getByText("No webhooks yet.")).toBeVisible();
});
