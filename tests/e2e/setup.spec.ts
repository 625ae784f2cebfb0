// A fresh install as its owner meets it (decision 61): the built server on an empty data folder, no
// ADMIN_EMAILS, no LinkedIn or X app. The landing leads to /setup, the code comes from the server's
// log, the first account is the admin, the checklist says Bluesky and Mastodon are ready, and a
// LinkedIn app saved there (the fake's) is tested and then connected: a working network.
import { spawn, type ChildProcess } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { createInterface } from "node:readline";
import { expect, test, type Page } from "@playwright/test";

const BASE_PORT = Number(process.env.E2E_PORT ?? 3210);
const FAKE_LINKEDIN = `http://127.0.0.1:${Number(process.env.FAKE_LINKEDIN_PORT ?? 3297)}`;
const SHOTS = process.env.SETUP_SHOTS_DIR;

test.describe.configure({ mode: "serial" });

let dataDir: string;
let server: ChildProcess | undefined;
let base: string;
let setupCode: Promise<string>;

// One server per project (setup happens once per install): ports E2E_PORT + 10 and + 11.
test.beforeAll(async ({}, testInfo) => {
  const port = BASE_PORT + (testInfo.project.use.javaScriptEnabled === false ? 11 : 10);
  base = `http://localhost:${port}`;
  dataDir = path.join(mkdtempSync(path.join(tmpdir(), "plume-e2e-setup-")), "data");
  server = spawn(process.execPath, ["build/server/index.js"], {
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      NODE_ENV: "test",
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: "warn",
      PUBLISHER_ENABLED: "false",
      // Where LinkedIn is: its fake. The app's credentials are not given: the owner saves them.
      LINKEDIN_OAUTH_URL: `${FAKE_LINKEDIN}/oauth/v2`,
      LINKEDIN_API_URL: FAKE_LINKEDIN,
    },
    stdio: ["ignore", "pipe", "inherit"],
  });
  // The owner reads the code in the server's log.
  setupCode = new Promise((resolve) => {
    createInterface({ input: server!.stdout! }).on("line", (line) => {
      const code = /"setupCode":"([A-Z0-9-]+)"/.exec(line)?.[1];
      if (code) resolve(code);
    });
  });
  for (let i = 0; ; i++) {
    if ((await fetch(`${base}/healthz`).catch(() => null))?.ok) break;
    if (i > 300) throw new Error("The server did not start");
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
});

test.afterAll(async () => {
  server?.kill("SIGKILL");
  if (dataDir) rmSync(path.dirname(dataDir), { recursive: true, force: true });
});

/** Screenshots in French too: its words are longer. Back to English after. */
async function shootInFrench(page: Page, name: string, options?: { hideToasts?: boolean }) {
  if (!SHOTS) return;
  const html = page.locator("html");
  await page.locator('header button[name="locale"][value="fr"]').first().click(); // the bar's, not the phone menu's
  await expect(html).toHaveAttribute("lang", "fr");
  await shoot(page, `${name}-fr`, options);
  await page.locator('header button[name="locale"][value="en"]').first().click(); // the bar's, not the phone menu's
  await expect(html).toHaveAttribute("lang", "en");
}

// `hideToasts`: for a page the toasts would cover (they are shot on the first visit already).
async function shoot(page: Page, name: string, { hideToasts = false } = {}) {
  if (!SHOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  for (const [size, viewport] of [
    ["phone", { width: 390, height: 844 }],
    ["desktop", { width: 1280, height: 800 }],
  ] as const) {
    for (const scheme of ["light", "dark"] as const) {
      await page.setViewportSize(viewport);
      await page.emulateMedia({ colorScheme: scheme });
      // Transitions finish first: the colours are the scheme's, not halfway from the previous one.
      await page.screenshot({
        path: path.join(SHOTS, `${name}-${size}-${scheme}.png`),
        fullPage: true,
        animations: "disabled",
        style: hideToasts ? "ol.fixed { display: none !important; }" : undefined,
      });
    }
  }
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.emulateMedia({ colorScheme: "light" });
}

test("the owner sets up a fresh install and reaches a working network", async ({ page, javaScriptEnabled }) => {
  test.setTimeout(120_000); // a long walk, screenshots included, on a shared machine
  const hasJavaScript = javaScriptEnabled !== false;
  // Sign-up and sign-in lead to the setup while nobody has an account.
  await page.goto(`${base}/signup`);
  await expect(page).toHaveURL(/\/setup$/);
  await expect(page.getByRole("heading", { name: "Set up Plume" })).toBeVisible();
  if (hasJavaScript) {
    await shoot(page, "setup");
    await shootInFrench(page, "setup");
  }

  const fill = async (code: string) => {
    await page.getByLabel("Setup code").fill(code);
    await page.getByLabel("Email").fill("owner@example.com");
    await page.getByLabel("Password", { exact: true }).fill("a long password");
    await page.getByLabel("Confirm password").fill("a long password");
    await page.getByRole("button", { name: "Create the administrator account" }).click();
  };
  await fill("WRONG-CODE0");
  await expect(page.getByText("That is not the setup code in the server's log.", { exact: true })).toBeVisible();

  await fill(await setupCode);
  await expect(page).toHaveURL(/\/admin\/settings/);
  await expect(page.getByText("Welcome! You are the administrator of this server.", { exact: true })).toBeVisible();

  // Networks that need nothing come first, ready; LinkedIn waits for its app.
  const networks = page.locator("#networks");
  await expect(networks.locator("[data-network]").first()).toHaveAttribute("data-network", "bluesky");
  await expect(networks.locator('[data-network="mastodon"]').getByText("Ready")).toBeVisible();
  const linkedin = networks.locator('[data-network="linkedin"]');
  await expect(linkedin.getByText("Not set up", { exact: true })).toBeVisible();
  await expect(linkedin.getByLabel("Redirect URL to paste in the developer console")).toHaveValue(`${base}/auth/callback/linkedin`);
  if (hasJavaScript) await shoot(page, "settings");

  await linkedin.getByLabel("Client ID").fill("linkedin-test-client");
  await linkedin.getByLabel("Client secret").fill("not-the-secret");
  await linkedin.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByText("Settings saved", { exact: true })).toBeVisible();
  await linkedin.getByRole("button", { name: "Test", exact: true }).click();
  await expect(page.getByText("LinkedIn refused these credentials: check the client ID and secret.", { exact: true })).toBeVisible();
  await linkedin.getByLabel("Client secret").fill("linkedin-test-secret");
  await linkedin.getByRole("button", { name: "Save", exact: true }).click();
  await expect(linkedin.getByText("Saved (hidden). Type a new value to replace it.")).toBeVisible();
  await linkedin.getByRole("button", { name: "Test", exact: true }).click();
  await expect(page.getByText("LinkedIn accepted these credentials.", { exact: true })).toBeVisible();

  // Clearing the saved secret asks first.
  await linkedin.getByRole("button", { name: /Clear the saved secret/ }).click();
  await expect(page.getByText(/Clear the saved LINKEDIN_CLIENT_SECRET\?/)).toBeVisible();
  if (hasJavaScript) {
    await shoot(page, "settings-saved", { hideToasts: true });
    await shootInFrench(page, "settings-saved", { hideToasts: true });
  }
  await page.getByRole("link", { name: "Cancel" }).click();
  await expect(linkedin.getByText("Set up", { exact: true })).toBeVisible();

  // Mail without SMTP goes to files; AI drafts once a model server is saved (the model fake).
  await page.locator("#mail").getByRole("button", { name: "Send a test e-mail" }).click();
  await expect(page.getByText(/^No SMTP server is set: the test message was written/)).toBeVisible();
  const ai = page.locator("#ai");
  await ai.getByLabel("Server URL (https://api.openai.com/v1)").fill(`http://127.0.0.1:${Number(process.env.FAKE_MODEL_PORT ?? 3299)}/v1`);
  await ai.getByLabel("Model").fill("fake-model");
  await ai.getByRole("button", { name: "Save", exact: true }).click();
  await expect(ai.getByText("Saved here").first()).toBeVisible();
  await page.locator("#ai").getByRole("button", { name: "Write a test draft" }).click();
  await expect(page.getByText(/^The model answered: “.+”$/)).toBeVisible();

  // X has no app: the profile says so, and leads the admin to the settings. LinkedIn now connects.
  await page.goto(`${base}/profile`);
  const section = page.getByRole("region", { name: "Connected accounts" });
  await expect(section.getByText("Not set up on this server")).toHaveCount(1);
  await expect(section.getByRole("link", { name: "Set it up in the server settings" })).toHaveAttribute("href", "/admin/settings#networks");
  await section.getByRole("button", { name: "Connect LinkedIn" }).click();
  await page.getByRole("button", { name: "Allow" }).click();
  await expect(page.getByText("LinkedIn connected", { exact: true })).toBeVisible();

  // Writing a post: X is not offered as if it worked, and the admin is led to the settings.
  await page.goto(`${base}/create`);
  await expect(page.getByText("Not set up on this server")).toHaveCount(1);
  await expect(page.getByRole("link", { name: "Set it up in the server settings" })).toHaveAttribute("href", "/admin/settings#networks");
  await expect(page.getByRole("button", { name: /Connect X/ })).toHaveCount(0);

  // Setup is gone once it is done.
  const again = await fetch(`${base}/setup`, { redirect: "manual" });
  expect(again.status).toBe(302);
  expect(again.headers.get("location")).toBe("/login");
});
