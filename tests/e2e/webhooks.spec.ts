import type { Page } from "@playwright/test";
import { startWebhookReceiver, type WebhookReceiver } from "../fakes/webhook-receiver";
import { expect, screenshotEach, signUp, test, uniqueEmail } from "./fixtures";

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

test("webhooks: add one, see its secret once, ping it, resend the ping, delete it", async ({ page, hasJavaScript }) => {
  test.setTimeout(90_000);
  await signUp(page, uniqueEmail("webhooks"));
  await page.goto("/profile");
  await page.getByRole("link", { name: "Webhooks", exact: true }).click();
  await expect(page).toHaveURL(/\/webhooks$/);
  await expect(page.getByRole("heading", { name: "Webhooks", level: 1 })).toBeVisible();
  await expect(page.getByText("No webhooks yet.")).toBeVisible();
  if (hasJavaScript) await screenshotEach(page, "webhooks-empty", () => page.goto("/webhooks"));
  await page.setViewportSize({ width: 1280, height: 900 });

  // Nothing chosen: refused, nothing added.
  const form = page.getByRole("region", { name: "Add a webhook" });
  await form.getByLabel("Address (URL)").fill(`${receiver.url}/e2e`);
  for (const name of ["Post published", "Post failed"]) await form.getByRole("checkbox", { name }).uncheck();
  await form.getByRole("button", { name: "Add webhook" }).click();
  await expect(form.getByText("Choose at least one event.")).toBeVisible();
  await expect(page.getByText("No webhooks yet.")).toBeVisible();

  await form.getByLabel("Address (URL)").fill(`${receiver.url}/e2e`);
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
  await expect(list.getByText(`${receiver.url}/e2e`)).toBeVisible();
  await expect(list.getByText("Nothing sent yet")).toBeVisible();
  // Shown once: gone on the next visit.
  await page.goto("/webhooks");
  await expect(page.getByRole("textbox", { name: "Signing secret" })).toHaveCount(0);

  await list.getByRole("button", { name: "Send test ping" }).click();
  await expect(toast(page, "Test ping delivered (HTTP 200)")).toBeVisible();
  await expect(list.getByText("Delivered")).toBeVisible();
  const pings = () => receiver.requests.filter((r) => r.path === "/e2e");
  const pingId = pings().at(-1)!.headers["plume-event-id"];
  expect(String(pingId)).toMatch(/^evt_/);

  await list.getByRole("link", { name: "Deliveries" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toContainText(`${receiver.url}/e2e`);
  await expect(page.getByTestId("attempt")).toHaveCount(1);
  await expect(page.getByTestId("attempt").getByText(String(pingId))).toBeVisible();
  if (hasJavaScript) await screenshotEach(page, "webhooks-attempts", () => page.reload());
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.getByRole("button", { name: `Resend ${String(pingId)}` }).click();
  await expect(toast(page, "Event queued again")).toBeVisible();
  // The worker riding the publisher sends it again, same event id.
  await expect.poll(() => pings().filter((r) => r.headers["plume-event-id"] === pingId).length, { timeout: 15_000 }).toBe(2);

  await page.goto("/webhooks");
  await list.getByRole("link", { name: "Delete" }).click();
  await expect(page.getByRole("heading", { name: "Delete this webhook?" })).toBeVisible();
  await page.getByRole("button", { name: "Delete webhook" }).click();
  await expect(toast(page, "Webhook deleted")).toBeVisible();
  await expect(page.getByText("No webhooks yet.")).toBeVisible();
});
