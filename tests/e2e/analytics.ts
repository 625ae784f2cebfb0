import type { APIRequestContext, Page } from "@playwright/test";
import { E2E_ANALYTICS } from "../../playwright.config";
import type { CapturedEvent } from "../fakes/posthog-server";

// For tests against the app server that has PostHog on (playwright.config.ts): its address, the
// events the PostHog fake took, and a page posthog-js will not take for a robot.

export const ANALYTICS_URL = `http://localhost:${E2E_ANALYTICS.port}`;

export async function postHogEvents(request: APIRequestContext): Promise<CapturedEvent[]> {
  return (await (await request.get(`${E2E_ANALYTICS.host}/_fake/events`)).json()) as CapturedEvent[];
}

/** posthog-js drops the events of automated browsers (navigator.webdriver, the HeadlessChrome brand). */
export async function looksLikeAPerson(page: Page) {
  await page.context().addInitScript(() => {
    Object.defineProperty(Navigator.prototype, "webdriver", { get: () => false });
    Object.defineProperty(Navigator.prototype, "userAgentData", { get: () => undefined });
  });
}
