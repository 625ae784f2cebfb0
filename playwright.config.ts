import path from "node:path";
import { defineConfig, devices } from "@playwright/test";
import { bundledChromium, chromiumArgs } from "./tests/e2e/chromium";

// End-to-end tests drive the built app (`npm run build`) in Chromium, once with JavaScript and once
// without: every page must work both ways. The browser comes from npm (tests/e2e/chromium.ts), the
// same version on every machine, with nothing to download.
const PORT = Number(process.env.E2E_PORT ?? 3210);
export const FAKE_MODEL_PORT = Number(process.env.FAKE_MODEL_PORT ?? 3299);
const FAKE_LINKEDIN_PORT = Number(process.env.FAKE_LINKEDIN_PORT ?? 3297);
const FAKE_X_PORT = Number(process.env.FAKE_X_PORT ?? 3298);
export const FAKE_STRIPE_PORT = Number(process.env.FAKE_STRIPE_PORT ?? 3296);
/** One Mastodon instance (tests/fakes/mastodon-server.ts), let through on http as a private origin. */
export const FAKE_MASTODON_ORIGIN = `http://127.0.0.1:${Number(process.env.FAKE_MASTODON_PORT ?? 3294)}`;
/** Billing runs against the Stripe fake, which signs the events it sends with this secret. */
export const E2E_STRIPE = {
  STRIPE_SECRET_KEY: "sk_test_e2e_plume",
  STRIPE_WEBHOOK_SECRET: "whsec_e2e_plume",
  STRIPE_PRICE_PRO_MONTHLY: "price_monthly",
  STRIPE_PRICE_PRO_YEARLY: "price_yearly",
  STRIPE_WAITLIST_COUPON: "WAITLIST20",
  STRIPE_API_URL: `http://127.0.0.1:${FAKE_STRIPE_PORT}`,
};
export const E2E_DATA_DIR = path.resolve("tests/e2e/.data");
/**
 * A second app server with PostHog on (posthog.spec.ts), sending to the PostHog fake; the main one
 * has no key, as a fresh install, so the rest of the suite also checks that nothing is sent then.
 */
export const FAKE_POSTHOG_PORT = Number(process.env.FAKE_POSTHOG_PORT ?? 3295);
export const E2E_ANALYTICS = {
  port: Number(process.env.E2E_ANALYTICS_PORT ?? PORT + 1),
  dataDir: path.resolve("tests/e2e/.data-analytics"),
  key: "phc_e2e_plume",
  host: `http://127.0.0.1:${FAKE_POSTHOG_PORT}`,
};
/**
 * A third app server whose LinkedIn app has the Community Management API (LINKEDIN_ORGANIZATION_SCOPES,
 * docs/decisions/0058): company pages (linkedin-pages.spec.ts). The others ask for no page scopes.
 */
export const E2E_PAGES = {
  port: Number(process.env.E2E_PAGES_PORT ?? PORT + 3),
  dataDir: path.resolve("tests/e2e/.data-pages"),
};
/** The app's settings in e2e: every provider pointed at its fake. */
function appEnv(port: number, dataDir: string): Record<string, string> {
  return {
    PORT: String(port),
    DATA_DIR: dataDir,
    APP_URL: `http://localhost:${port}`,
    ADMIN_EMAILS: "admin@e2e.test",
    TRUST_PROXY: "true",
    LOG_LEVEL: "warn",
    AI_BASE_URL: `http://127.0.0.1:${FAKE_MODEL_PORT}/v1`,
    AI_API_KEY: "e2e-fake-key",
    AI_MODEL: "fake-model",
    AI_TIMEOUT_MS: "3000",
    LINKEDIN_CLIENT_ID: "linkedin-test-client",
    LINKEDIN_CLIENT_SECRET: "linkedin-test-secret",
    LINKEDIN_OAUTH_URL: `http://127.0.0.1:${FAKE_LINKEDIN_PORT}/oauth/v2`,
    LINKEDIN_API_URL: `http://127.0.0.1:${FAKE_LINKEDIN_PORT}`,
    X_CLIENT_ID: "x-test-client",
    X_CLIENT_SECRET: "x-test-secret",
    X_OAUTH_URL: `http://127.0.0.1:${FAKE_X_PORT}/i/oauth2`,
    X_API_URL: `http://127.0.0.1:${FAKE_X_PORT}`,
    PUBLISHER_POLL_MS: "300",
    // The webhooks spec runs its receiver on this machine.
    WEBHOOKS_ALLOW_PRIVATE: "true",
    MASTODON_ALLOWED_PRIVATE_ORIGINS: FAKE_MASTODON_ORIGIN,
    ...E2E_STRIPE,
  };
}

const launchOptions = { executablePath: await bundledChromium(), args: chromiumArgs };

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: true,
  workers: process.env.CI ? 2 : undefined,
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? [["list"]] : [["list"], ["html", { open: "never" }]],
  // CI runs two workers on two cores beside the app server and its publisher: a whole walk (sign
  // up, connect, compose, publish) has taken more than 30 s there while taking 10 s alone.
  timeout: process.env.CI ? 60_000 : 30_000,
  expect: { timeout: 7_000 },
  use: {
    baseURL: `http://localhost:${PORT}`,
    trace: "retain-on-failure",
    launchOptions,
  },
  projects: [
    { name: "javascript", use: { ...devices["Desktop Chrome"], launchOptions, javaScriptEnabled: true } },
    { name: "no-javascript", use: { ...devices["Desktop Chrome"], launchOptions, javaScriptEnabled: false } },
  ],
  webServer: [
    {
      // The provider fakes (docs/providers.md), so no test reaches the internet.
      command: "npx tsx tests/fakes/serve.ts",
      port: FAKE_MODEL_PORT,
      reuseExistingServer: false,
      timeout: 30_000,
      env: {
        FAKE_MODEL_PORT: String(FAKE_MODEL_PORT),
        FAKE_LINKEDIN_PORT: String(FAKE_LINKEDIN_PORT),
        FAKE_X_PORT: String(FAKE_X_PORT),
        FAKE_STRIPE_PORT: String(FAKE_STRIPE_PORT),
        FAKE_POSTHOG_PORT: String(FAKE_POSTHOG_PORT),
        FAKE_MASTODON_PORT: new URL(FAKE_MASTODON_ORIGIN).port,
        POSTHOG_KEY: E2E_ANALYTICS.key,
        STRIPE_SECRET_KEY: E2E_STRIPE.STRIPE_SECRET_KEY,
        STRIPE_WEBHOOK_SECRET: E2E_STRIPE.STRIPE_WEBHOOK_SECRET,
        STRIPE_WEBHOOK_URL: `http://localhost:${PORT}/api/stripe/webhook`,
      },
    },
    {
      // A fresh data folder each run; TRUST_PROXY lets each test act from its own address, so rate
      // limits apply per test as they would per visitor.
      command: `rm -rf "${E2E_DATA_DIR}" && node build/server/index.js`,
      url: `http://localhost:${PORT}/healthz`,
      reuseExistingServer: false,
      timeout: 60_000,
      env: appEnv(PORT, E2E_DATA_DIR),
    },
    {
      command: `rm -rf "${E2E_ANALYTICS.dataDir}" && node build/server/index.js`,
      url: `http://localhost:${E2E_ANALYTICS.port}/healthz`,
      reuseExistingServer: false,
      timeout: 60_000,
      env: {
        ...appEnv(E2E_ANALYTICS.port, E2E_ANALYTICS.dataDir),
        POSTHOG_KEY: E2E_ANALYTICS.key,
        POSTHOG_HOST: E2E_ANALYTICS.host,
        PUBLISHER_ENABLED: "false",
      },
    },
    {
      command: `rm -rf "${E2E_PAGES.dataDir}" && node build/server/index.js`,
      url: `http://localhost:${E2E_PAGES.port}/healthz`,
      reuseExistingServer: false,
      timeout: 60_000,
      env: { ...appEnv(E2E_PAGES.port, E2E_PAGES.dataDir), LINKEDIN_ORGANIZATION_SCOPES: "true", PUBLISHER_ENABLED: "false" },
    },
  ],
});
