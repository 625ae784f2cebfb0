import AxeBuilder from "@axe-core/playwright";
import type { Locator, Page } from "@playwright/test";
import { addChannel, expect, screenshotEach, signUp, test, uniqueEmail } from "./fixtures";

// The posting-times page (/queue), with and without JavaScript: the suggested first slots (Monday
// and Thursday 09:00) added at once, one removed and put back with the toast's Undo, the day the
// clock skips a Sunday 02:30, all removed after a confirmation, and the profile's time-zone toast.

const dayRow = (page: Page, weekday: number) => page.locator(`[data-weekday="${weekday}"]`);
/** A day's toggle: the checkbox is hidden behind its label, which a person clicks. */
const toggleDay = async (form: Locator, day: string, checked: boolean) => {
  const box = form.getByRole("checkbox", { name: day });
  if ((await box.isChecked()) !== checked) await form.locator("label", { has: form.page().getByRole("checkbox", { name: day }) }).click();
  await expect(box).toBeChecked({ checked });
};
/** Serious or critical WCAG 2.1 AA violations on the page, as the accessibility spec counts them. */
async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  return results.violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => v.id);
}
const toast = (page: Page, text: string | RegExp) => page.getByRole("region", { name: /Notifications/ }).getByText(text);

test("posting times: add Monday and Thursday 09:00, remove one, undo, and remove all", async ({ page, hasJavaScript }) => {
  test.setTimeout(90_000);
  const email = uniqueEmail("queue-slots");
  await signUp(page, email);
  // A zone with clock changes, so the page can say when one skips a time.
  await page.goto("/profile");
  await page.getByLabel("Time zone").selectOption("Europe/Paris");
  await page.getByRole("button", { name: "Save" }).first().click();
  await expect(toast(page, "Time zone saved.")).toBeVisible();

  await page.getByRole("navigation", { name: "Main" }).first().getByRole("link", { name: "Posting times" }).click();
  await expect(page).toHaveURL(/\/queue$/);
  await expect(page.getByRole("heading", { name: "Posting times", level: 1 })).toBeVisible();
  await expect(page.getByRole("heading", { name: "No posting times yet" })).toBeVisible();
  await expect(page.getByText("Times are in Europe/Paris.")).toBeVisible();
  await expect(page.getByText(/no connected account yet/)).toBeVisible();
  if (hasJavaScript) await screenshotEach(page, "queue-slots-empty", () => page.goto("/queue"));
  await page.setViewportSize({ width: 1280, height: 900 });

  // The form suggests Monday and Thursday at 09:00: one click adds both.
  const form = page.getByRole("region", { name: "Add times" });
  await expect(form.getByRole("checkbox", { name: "Monday" })).toBeChecked();
  await expect(form.getByRole("checkbox", { name: "Thursday" })).toBeChecked();
  await expect(form.getByLabel("Time")).toHaveValue("09:00");
  await form.getByRole("button", { name: "Add to the week" }).click();
  await expect(toast(page, "2 time slots added to your queue.")).toBeVisible();
  await expect(dayRow(page, 1)).toContainText(/9:00\sAM/);
  await expect(dayRow(page, 4)).toContainText(/9:00\sAM/);
  await expect(dayRow(page, 4)).toContainText("Every account");
  await expect(dayRow(page, 2)).toContainText("No time");
  await expect(page.getByText("2 time slots", { exact: true })).toBeVisible();

  // The same again is refused, by name, and nothing changes.
  await toggleDay(form, "Monday", true);
  await form.getByLabel("Time").fill("09:00");
  await form.getByRole("button", { name: "Add to the week" }).click();
  await expect(form.getByText("Already in your queue: Monday 9:00 AM. Nothing was added.")).toBeVisible();
  // No day at all is refused before it is sent (with JavaScript) or by the server.
  await toggleDay(form, "Monday", false);
  await form.getByRole("button", { name: "Add to the week" }).click();
  await expect(form.getByText("Choose at least one day.")).toBeVisible();

  // A Sunday 02:30: the clock skips it on the coming last Sunday of March.
  await toggleDay(form, "Sunday", true);
  await form.getByLabel("Time").fill("02:30");
  await form.getByRole("button", { name: "Add to the week" }).click();
  await expect(toast(page, "1 time slot added to your queue.")).toBeVisible();
  await expect(dayRow(page, 7)).toContainText(/On March \d\d, \d{4} the clock skips this time: the post goes at 3:00\sAM\./);
  await toggleDay(form, "Wednesday", true);
  await form.getByLabel("Time").fill("18:30");
  await form.getByRole("button", { name: "Add to the week" }).click();
  await expect(dayRow(page, 3)).toContainText(/6:30\sPM/);
  // Only Wednesday: the days chosen before were cleared once added.
  await expect(dayRow(page, 7)).not.toContainText(/6:30\sPM/);
  await expect(page.getByText("4 time slots", { exact: true })).toBeVisible();

  // Once an account is connected, a time can be for it alone.
  await addChannel(email, { network: "twitter", displayName: "Ada Lovelace", handle: "ada" });
  await page.goto("/queue");
  await expect(page.getByText(/no connected account yet/)).toHaveCount(0);
  await toggleDay(form, "Friday", true);
  await form.getByLabel("Time").fill("12:15");
  await form.getByLabel("Account").selectOption({ label: "Ada Lovelace (@ada) · X" });
  await form.getByRole("button", { name: "Add to the week" }).click();
  await expect(dayRow(page, 5)).toContainText(/12:15\sPM/);
  await expect(dayRow(page, 5)).toContainText("@ada");
  if (hasJavaScript) {
    await screenshotEach(page, "queue-slots-week", () => page.goto("/queue"));
    for (const scheme of ["light", "dark"] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      expect(await seriousViolations(page), scheme).toEqual([]);
    }
    await page.setViewportSize({ width: 360, height: 780 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  }
  await page.setViewportSize({ width: 1280, height: 900 });

  // Remove Monday's; the toast's Undo puts it back.
  await dayRow(page, 1)
    .getByRole("button", { name: /^Remove Monday 9:00\sAM, Every account$/ })
    .click();
  await expect(toast(page, /^Monday 9:00\sAM removed from your queue\.$/)).toBeVisible();
  await expect(dayRow(page, 1)).toContainText("No time");
  await expect(dayRow(page, 4)).toContainText(/9:00\sAM/);
  await page
    .getByRole("region", { name: /Notifications/ })
    .getByRole("button", { name: "Undo" })
    .click();
  await expect(dayRow(page, 1)).toContainText(/9:00\sAM/);

  // A new time zone keeps the times on the clock, and the toast says so.
  await page.goto("/profile");
  await page.getByLabel("Time zone").selectOption("America/New_York");
  await page.getByRole("button", { name: "Save" }).first().click();
  await expect(toast(page, /^Your 5 queue time slots keep their times on the clock\. 9:00\sAM is now 9:00\sAM in America\/New York\.$/)).toBeVisible();
  await page.goto("/queue");
  await expect(page.getByText("Times are in America/New York.")).toBeVisible();
  await expect(dayRow(page, 3)).toContainText(/6:30\sPM/);

  // Remove all, after opening the confirmation.
  await page.getByText("Remove all…").click();
  await page.getByRole("button", { name: "Yes, remove all" }).click();
  await expect(toast(page, "5 time slots removed: your queue is empty.")).toBeVisible();
  await expect(page.getByRole("heading", { name: "No posting times yet" })).toBeVisible();
});

test("posting times in French: day names, 24-hour times and the account's own slot", async ({ page, hasJavaScript }) => {
  test.skip(!hasJavaScript, "the same page as above; its French words are checked once");
  const email = uniqueEmail("queue-slots-fr");
  await signUp(page, email);
  await addChannel(email, { network: "twitter", displayName: "Ada Lovelace", handle: "ada" });
  const channels = (await (await page.request.get("/api/channels")).json()) as { data: { id: string }[] };
  const slots = [
    { weekday: 1, time: "09:00" },
    { weekday: 1, time: "18:30", channelId: channels.data[0]!.id },
    { weekday: 4, time: "09:00" },
    { weekday: 6, time: "11:45" },
  ];
  expect((await page.request.put("/api/queue", { data: { slots } })).status()).toBe(200);
  await page.goto("/queue");
  await page.getByRole("button", { name: "Français" }).click();
  await expect(page.getByRole("heading", { name: "Horaires de publication", level: 1 })).toBeVisible();
  await expect(dayRow(page, 1)).toContainText("09:00");
  await expect(dayRow(page, 1)).toContainText("18:30");
  await expect(dayRow(page, 1)).toContainText("@ada");
  await expect(page.getByText("4 horaires", { exact: true })).toBeVisible();
  await screenshotEach(page, "queue-slots-fr", () => page.goto("/queue"));
  await page.setViewportSize({ width: 1280, height: 900 });
  await dayRow(page, 6).getByRole("button", { name: "Retirer samedi 11:45, Tous les comptes" }).click();
  await expect(toast(page, "Samedi 11:45 retiré de votre file.")).toBeVisible();
  await expect(dayRow(page, 6)).toContainText("Aucun horaire");
});
