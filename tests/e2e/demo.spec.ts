import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { E2E_DATA_DIR } from "../../playwright.config";
import { expect, test as base, uniqueEmail } from "./fixtures";
import { interactionCounter } from "./interactions";

// Issue 26: `npm run demo` (its entry point, on the build the e2e run made), on ports of its own (one
// server per project: E2E_PORT + 10 and + 11) and a temporary data folder, walked only through
// screens: sign up, confirm the address from the demo inbox, connect X and LinkedIn on the simulated
// consent pages, publish a 2-part X thread and a LinkedIn post with its first comment, and open what
// each published link shows.
const PORT = (project: string) => Number(process.env.E2E_PORT ?? 3210) + (project === "no-javascript" ? 11 : 10);
const SHOTS = "/tmp/shots-demo";

const test = base.extend({
  baseURL: async ({}, use, testInfo) => use(`http://localhost:${PORT(testInfo.project.name)}`),
});

let server: ChildProcess | undefined;
let dataDir = "";
let output = "";

/** The demo entry point with the operator's real settings in the environment, which it must ignore. */
function demoEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATA_DIR: E2E_DATA_DIR,
    DATABASE_URL: "postgresql://real-user@db.invalid:5432/real",
    SMTP_URL: "smtp://mail.invalid:587",
    POSTHOG_KEY: "phc_real_key",
    LOG_LEVEL: "warn",
    ...extra,
  };
  if (!extra.NODE_ENV) delete (env as Record<string, string | undefined>).NODE_ENV;
  return env;
}

test.beforeAll(async ({}, testInfo) => {
  test.setTimeout(90_000);
  dataDir = mkdtempSync(path.join(tmpdir(), "plume-demo-e2e-"));
  const port = PORT(testInfo.project.name);
  server = spawn(process.execPath, ["scripts/demo.mjs", "--no-build"], {
    env: demoEnv({ PORT: String(port), DEMO_DATA_DIR: path.join(dataDir, "demo") }),
    stdio: ["ignore", "pipe", "pipe"],
  });
  server.stdout!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  server.stderr!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const ready = async () => {
    for (const started = Date.now(); Date.now() - started < 60_000; await new Promise((resolve) => setTimeout(resolve, 250))) {
      if (server!.exitCode !== null) break;
      if (
        (await fetch(`http://localhost:${port}/healthz`).then(
          (r) => r.status,
          () => 0,
        )) === 200
      )
        return true;
    }
    return false;
  };
  if (!(await ready())) throw new Error(`The demo did not start:\n${output}`);
});

test.afterAll(async () => {
  if (server && server.exitCode === null) {
    const exited = new Promise((resolve) => server!.once("exit", resolve));
    server.kill("SIGTERM");
    await exited;
  }
  rmSync(dataDir, { recursive: true, force: true });
});

const banner = (page: Page) => page.getByRole("region", { name: /^D[ée]monstration$/ });

async function expectBanner(page: Page) {
  await expect(banner(page)).toContainText("Demonstration: nothing leaves this machine; LinkedIn and X here are simulations");
}

/** No serious WCAG AA problem in the banner (contrast in light and dark…), folded and open. */
async function expectBannerAccessible(page: Page) {
  for (const scheme of ["light", "dark"] as const) {
    // A page sent without the app's JavaScript picks its scheme as it loads: load it in this one.
    await page.emulateMedia({ colorScheme: scheme });
    await page.reload();
    for (const open of [false, true]) {
      await banner(page)
        .locator("details")
        .evaluate((details, value) => ((details as HTMLDetailsElement).open = value), open);
      const { violations } = await new AxeBuilder({ page }).include("[data-demo-banner]").withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
      expect(violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => `${scheme} ${v.id}`)).toEqual([]);
    }
  }
  await page.emulateMedia({ colorScheme: "light" });
}

/** Phone and desktop, light and dark, into /tmp/shots-demo/<name>-<size>-<scheme>.png: to be looked at. */
async function shots(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  for (const [size, viewport] of [
    ["phone", { width: 390, height: 844 }],
    ["desktop", { width: 1280, height: 800 }],
  ] as const) {
    for (const scheme of ["light", "dark"] as const) {
      await page.setViewportSize(viewport);
      await page.emulateMedia({ colorScheme: scheme });
      await page.reload();
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.screenshot({ path: `${SHOTS}/${name}-${size}-${scheme}.png`, fullPage: false, animations: "disabled" });
    }
  }
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.emulateMedia({ colorScheme: "light" });
}

test.describe("npm run demo", () => {
  test.describe.configure({ mode: "serial" });

  test("a stranger reaches a published X thread and a LinkedIn first comment through screens only", async ({ page, baseURL, hasJavaScript }) => {
    test.setTimeout(180_000);
    const shoot = hasJavaScript ? (name: string) => shots(page, name) : async () => {};
    const email = uniqueEmail("demo");

    // The banner on a marketing page, an auth page and (below) app pages; in French too.
    await page.goto("/");
    await expectBanner(page);
    // axe runs as a script in the page: only where pages run scripts.
    if (hasJavaScript) await expectBannerAccessible(page);
    await shoot("marketing");
    await page.goto("/?lang=fr");
    await expect(banner(page)).toContainText("Démonstration : rien ne quitte cette machine");
    await page.goto("/signup");
    await expectBanner(page);

    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password", { exact: true }).fill("password123");
    await page.getByLabel("Confirm password").fill("password123");
    await page.getByLabel(/I accept the/).check();
    await page.getByRole("button", { name: "Create account" }).click();
    await expect(page).toHaveURL(/\/posts$/);
    await expectBanner(page);

    // The confirmation link, from the demo inbox the banner names (no console, no files).
    await banner(page).getByRole("link", { name: "Open the demo inbox" }).click();
    await expect(page.getByRole("heading", { name: "Demo inbox" })).toBeVisible();
    await expect(page.getByText(`To ${email}`)).toBeVisible();
    await shoot("inbox");
    await page
      .getByRole("link", { name: /\/verify-email\?token=/ })
      .first()
      .click();
    await expect(page.getByText("Your email address is verified.")).toBeVisible();

    // The simulated consent pages say who is connecting.
    await page.goto("/profile");
    await page.getByRole("button", { name: "Connect X (Twitter)" }).first().click();
    await expect(page.getByText("Demo member", { exact: true })).toBeVisible();
    await expect(page.getByText("@plume_demo")).toBeVisible();
    await shoot("consent-x");
    await page.getByRole("button", { name: "Allow" }).click();
    await expect(page.getByText("X (Twitter) connected", { exact: true })).toBeVisible();
    await page.getByRole("button", { name: "Connect LinkedIn" }).first().click();
    await expect(page.getByRole("heading", { name: "Allow access to your LinkedIn account?" })).toBeVisible();
    await expect(page.getByText("Demo member", { exact: true })).toBeVisible();
    await shoot("consent-linkedin");
    await page.getByRole("button", { name: "Allow" }).click();
    await expect(page.getByText("LinkedIn connected", { exact: true })).toBeVisible();
    await expectBanner(page);
    await shoot("profile");

    // A post: two parts on X, a first comment on LinkedIn, published now.
    const first = `Trying Plume's demo (${email})`;
    const second = "Second part of the thread, a reply to the first.";
    const comment = "First comment: the details are under the post.";
    await page.goto("/create");
    await page.getByRole("checkbox", { name: /X \(Twitter\)/ }).check();
    await page.getByRole("checkbox", { name: /LinkedIn/ }).check();
    await page.getByRole("button", { name: "Continue" }).click();
    await page.getByRole("radio", { name: "Write it myself" }).check();
    await page.getByRole("button", { name: "Continue" }).click();
    await page.getByLabel("Your post").fill(first);
    await page.getByRole("button", { name: "Continue" }).click();
    await expect(page).toHaveURL(/\/review/);
    const threadLink = page.getByRole("link", { name: "Write a thread or a first comment" });
    if (await threadLink.isVisible()) await threadLink.click();
    await page.getByRole("button", { name: "Add a part to X @plume_demo" }).click();
    await page.getByRole("textbox", { name: "X @plume_demo, Part 2", exact: true }).fill(second);
    await page.getByRole("button", { name: /Add a first comment to LinkedIn/ }).click();
    await page.getByRole("textbox", { name: /LinkedIn .*, First comment/ }).fill(comment);
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await expect(page.getByRole("textbox", { name: "X @plume_demo, Part 2", exact: true })).toHaveValue(second);
    await page.getByRole("button", { name: "Continue" }).click();
    await expect(page).toHaveURL(/\/images$/);
    await page.getByRole("button", { name: "Continue without images" }).click();
    await expect(page).toHaveURL(/\/schedule$/);
    await page.getByRole("radio", { name: "Publish now" }).check();
    await page.getByRole("button", { name: "Confirm" }).click();
    await expect(page).toHaveURL(/\/posts\/[^/]+$/);

    // Published through the simulated networks by the publisher of the same process.
    const published = page.locator(`a[href^="${baseURL}/demo-networks/"]`);
    const links = async () => [...new Set(await published.evaluateAll((anchors) => anchors.map((a) => (a as HTMLAnchorElement).href)))];
    const xLinks = () => links().then((all) => all.filter((href) => href.includes("/demo-networks/x/plume_demo/status/")));
    const linkedinLinks = () => links().then((all) => all.filter((href) => href.includes("/demo-networks/linkedin/feed/update/")));
    const header = page.getByRole("main").locator("header");
    await expect
      .poll(
        async () => {
          if (!hasJavaScript) await page.reload();
          const done = await header.getByText("Published", { exact: true }).count();
          return [done > 0, (await xLinks()).length, (await linkedinLinks()).length];
        },
        { timeout: 45_000 },
      )
      .toEqual([true, 2, 1]);
    await expectBanner(page);
    await shoot("published-post");
    const [thread, linkedinPost] = [await xLinks(), (await linkedinLinks())[0]!];

    // Each part at its address: the thread's first tweet shows the reply under it, and the reply its parent.
    for (const [index, href] of thread.entries()) {
      await page.goto(href);
      await expect(page.getByText(first)).toBeVisible();
      await expect(page.getByText(second)).toBeVisible();
      await expect(page.locator("article.here")).toContainText(index === 0 ? first : second);
      if (index === 0) await shoot("published-x");
    }
    await page.goto(linkedinPost);
    await expect(page.getByText(first)).toBeVisible();
    await expect(page.getByText(comment)).toBeVisible();
    await shoot("published-linkedin");

    // "Draft it with AI" answers too: the simulated model, in the same process.
    await page.goto("/create");
    await page.getByRole("checkbox", { name: /X \(Twitter\)/ }).uncheck();
    await page.getByRole("checkbox", { name: /LinkedIn/ }).check();
    await page.getByRole("button", { name: "Continue" }).click();
    await page.getByRole("radio", { name: "Draft it with AI" }).check();
    await page.getByRole("button", { name: "Continue" }).click();
    await page.getByLabel("What should the post say?").fill("our week trying the demo");
    await page.getByRole("button", { name: "Generate" }).click();
    await expect(page).toHaveURL(/\/review$/);
    await expect(page.getByRole("textbox", { name: "Text for LinkedIn" })).toHaveValue(/our week trying the demo/);
  });

  test("counted: landing → sign-up → connect → write → published thread in 10 interactions; a first comment on LinkedIn in 5 more", async ({
    page,
    baseURL,
    hasJavaScript,
  }) => {
    test.skip(!hasJavaScript, "the one-screen composer is the path of pages with JavaScript (the wizard's walk: first-post.spec.ts)");
    test.setTimeout(150_000);
    const email = uniqueEmail("demo-walk");
    const first = `A thread from the landing page (${email})`;
    const second = "Its second part, written in the same box.";
    await page.goto("/");
    const act = interactionCounter();
    await act.click(page.getByRole("main").getByRole("link", { name: "Create your account" }).first());
    await act.fill(page.getByLabel("Email"), email);
    await act.fill(page.getByLabel("Password", { exact: true }), "password123");
    await act.fill(page.getByLabel("Confirm password"), "password123");
    await act.check(page.getByLabel(/I accept the/));
    await act.click(page.getByRole("button", { name: "Create account" }));
    // A first visit: connecting comes first, from the posts page.
    await act.click(page.getByRole("main").getByRole("button", { name: "Connect X" }));
    await act.click(page.getByRole("button", { name: "Allow" }));
    await expect(page).toHaveURL(/\/compose\?add=twitter$/);
    await expect(page.getByRole("checkbox", { name: /@plume_demo/ })).toBeChecked();
    await act.fill(page.getByRole("textbox", { name: /^Post/ }), `${first}\n---\n${second}`);
    await act.click(page.getByRole("button", { name: "Publish now" }));
    await expect(page).toHaveURL(/\/posts\/[^/]+$/);
    test.info().annotations.push({ type: "interactions, landing to a published thread", description: String(act.count) });
    expect(act.count).toBeLessThanOrEqual(10);

    const xLinks = async () => [
      ...new Set(await page.locator(`a[href^="${baseURL}/demo-networks/x/"]`).evaluateAll((anchors) => anchors.map((a) => (a as HTMLAnchorElement).href))),
    ];
    await expect.poll(async () => (await xLinks()).length, { timeout: 45_000 }).toBe(2);
    await page.goto((await xLinks())[0]!);
    await expect(page.getByText(first)).toBeVisible();
    await expect(page.getByText(second)).toBeVisible();

    // LinkedIn and its first comment: the same box, the account connected from the composer.
    await page.goto("/posts");
    const more = interactionCounter();
    await more.click(page.getByRole("link", { name: "Write a post" }).first());
    await more.click(page.getByRole("button", { name: "Connect LinkedIn" }));
    await more.click(page.getByRole("button", { name: "Allow" }));
    await expect(page).toHaveURL(/\/compose\/[^/?]+\?add=linkedin$/);
    await expect(page.getByRole("checkbox", { checked: true })).toHaveCount(2);
    const comment = "The first comment, under the LinkedIn post.";
    await more.fill(page.getByRole("textbox", { name: /^Post/ }), `On LinkedIn too (${email})\n---\n${comment}`);
    await more.click(page.getByRole("button", { name: "Publish now" }));
    await expect(page).toHaveURL(/\/posts\/[^/]+$/);
    test.info().annotations.push({ type: "interactions, then LinkedIn and a first comment", description: String(more.count) });
    expect(more.count).toBeLessThanOrEqual(5);
    const linkedinLink = page.locator(`a[href^="${baseURL}/demo-networks/linkedin/feed/update/"]`).first();
    await expect(linkedinLink).toBeVisible({ timeout: 45_000 });
    await page.goto((await linkedinLink.getAttribute("href"))!);
    await expect(page.getByText(comment)).toBeVisible();
  });

  test("refusals: NODE_ENV=production, the real data folder, DEMO_MODE without npm run demo", async ({}, testInfo) => {
    test.skip(testInfo.project.name !== "javascript", "Plain processes: one browser project is enough");
    const demo = (env: Record<string, string>, script = "scripts/demo.mjs") =>
      spawnSync(process.execPath, [script, "--no-build"], { env: demoEnv({ PORT: "1", ...env }), encoding: "utf8", timeout: 30_000 });

    const production = demo({ NODE_ENV: "production", DEMO_DATA_DIR: path.join(dataDir, "never") });
    expect(production.status).not.toBe(0);
    expect(production.stderr).toContain("refuses to run with NODE_ENV=production");

    const sameFolder = demo({ DEMO_DATA_DIR: E2E_DATA_DIR });
    expect(sameFolder.status).not.toBe(0);
    expect(sameFolder.stderr).toContain("is the real data folder");

    // A folder with a database the demo did not make.
    const foreign = path.join(dataDir, "foreign");
    mkdirSync(foreign);
    writeFileSync(path.join(foreign, "plume.db"), "");
    const notOurs = demo({ DEMO_DATA_DIR: foreign });
    expect(notOurs.status).not.toBe(0);
    expect(notOurs.stderr).toContain("that the demo did not make");

    // The server itself refuses DEMO_MODE on a folder that is not the demo's.
    const direct = demo({ DEMO_MODE: "true", DATA_DIR: foreign }, "build/server/index.js");
    expect(direct.status).not.toBe(0);
    expect(direct.stderr).toContain("run `npm run demo`");
  });
});
