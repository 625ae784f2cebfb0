// The setup of a fresh install and the stored settings (docs/decisions/0061): the first account is
// the one admin even when twenty setups arrive at once; stored LinkedIn/X credentials are the ones
// sent to the provider, the environment wins over them, and each "Test" tells its outcomes apart.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, onTestFinished } from "vitest";
import { getEnv, resetEnvCache } from "~/core/env/env.server";
import { DEFAULTED_VARIABLES, setStoredSettings } from "~/core/settings/stored-settings";
import { signUp } from "~/modules/auth/auth.server";
import { getDb } from "~/modules/db/db.server";
import { isAppError } from "~/modules/errors/app-error";
import { checkNetworkCredentials } from "~/modules/settings/checks.server";
import { loadStoredSettings, saveSettings } from "~/modules/settings/settings.server";
import { claimSetup } from "~/modules/auth/setup.server";
import { forgetSetupState, isSetupOpen, setupCode } from "~/modules/settings/setup-state.server";
import { isAdmin } from "~/modules/users/roles.server";
import * as settingsPage from "~/routes/_dashboard.admin.settings";
import { startFakes, type Fakes } from "../support/publishing";
import { call } from "../support/route-call";

const listedAdmins = process.env.ADMIN_EMAILS;

async function freshInstall() {
  const db = getDb();
  await db.session.deleteMany();
  await db.subscription.deleteMany();
  await db.user.deleteMany();
  await db.setupClaim.deleteMany();
  await db.instanceSetting.deleteMany();
  process.env.ADMIN_EMAILS = "";
  resetEnvCache();
  forgetSetupState();
}

describe("setup of a fresh install", { timeout: 60_000 }, () => {
  beforeEach(freshInstall);
  afterEach(() => {
    process.env.ADMIN_EMAILS = listedAdmins;
    resetEnvCache();
    forgetSetupState();
  });

  it("twenty setups at once give exactly one admin; the others are told the server is set up", async () => {
    const code = await setupCode();
    const attempts = await Promise.allSettled(
      Array.from({ length: 20 }, (_, i) =>
        claimSetup({ email: `owner${i}@example.com`, password: "a long password", code, locale: "en" }, { ip: `203.0.113.${i}` }),
      ),
    );
    const won = attempts.filter((a) => a.status === "fulfilled");
    const lost = attempts.filter((a): a is PromiseRejectedResult => a.status === "rejected");
    expect(won).toHaveLength(1);
    expect(lost.map((a) => (isAppError(a.reason) ? a.reason.code : String(a.reason)))).toEqual(Array(19).fill("setup_closed"));
    const users = await getDb().user.findMany();
    expect(users).toHaveLength(1);
    expect(isAdmin(users[0]!)).toBe(true);
    expect(users[0]!.emailVerifiedAt).not.toBeNull();
    forgetSetupState();
    expect(await isSetupOpen()).toBe(false);
  });

  it("the site address is saved only from itself: saved from another, it would refuse the admin's next forms", async () => {
    // As on a fresh `npm start`: the address is the default one, not the operator's.
    process.env[DEFAULTED_VARIABLES] = "APP_URL";
    onTestFinished(() => {
      delete process.env[DEFAULTED_VARIABLES];
      setStoredSettings({});
      resetEnvCache();
    });
    const { cookie } = await claimSetup(
      { email: "owner@example.com", password: "a long password", code: await setupCode(), locale: "en" },
      { ip: "203.0.113.9" },
    );
    const form = { intent: "site", SITE_NAME: "Our Plume", APP_URL: "https://plume.example.com" };
    const elsewhere = await call(settingsPage.action, { method: "POST", cookie, form, headers: { Origin: "http://localhost:3000" } });
    expect(elsewhere.status).toBe(422);
    expect(JSON.stringify(elsewhere.body)).toContain("Open the settings from https://plume.example.com");
    expect(await getDb().instanceSetting.count({ where: { key: { in: ["APP_URL", "SITE_NAME"] } } })).toBe(0);

    const fromItself = await call(settingsPage.action, { method: "POST", cookie, form, headers: { Origin: "https://plume.example.com" } });
    expect(fromItself.status).toBe(302);
    expect(await getDb().instanceSetting.count({ where: { key: { in: ["APP_URL", "SITE_NAME"] } } })).toBe(2);
  });

  it("asks for the code from the log: a wrong one creates nothing", async () => {
    await setupCode();
    const attempt = claimSetup({ email: "stranger@example.com", password: "a long password", code: "WRONG-CODE0", locale: "fr" }, { ip: "198.51.100.7" });
    await expect(attempt).rejects.toMatchObject({ code: "wrong_setup_code" });
    expect(await getDb().user.count()).toBe(0);
    expect(await isSetupOpen()).toBe(true);
  });

  it("takes the code however it is typed (case, spaces), and keeps the same code across calls", async () => {
    const code = await setupCode();
    expect(await setupCode()).toBe(code);
    const typed = ` ${code.toLowerCase().replace("-", " ")} `;
    const { userId } = await claimSetup({ email: "owner@example.com", password: "a long password", code: typed, locale: "en" }, { ip: "127.0.0.1" });
    expect(await getDb().user.findUnique({ where: { id: userId } })).not.toBeNull();
  });

  it("refuses a sign-up while setup is open (the first account is the owner's), and allows it after", async () => {
    await expect(signUp({ email: "early@example.com", password: "a long password", locale: "en" }, { ip: "198.51.100.8" })).rejects.toMatchObject({
      code: "setup_required",
    });
    const code = await setupCode();
    await claimSetup({ email: "owner@example.com", password: "a long password", code, locale: "en" }, {});
    const later = await signUp({ email: "user@example.com", password: "a long password", locale: "en" }, { ip: "198.51.100.8" });
    const user = await getDb().user.findUniqueOrThrow({ where: { id: later.userId } });
    expect(isAdmin(user)).toBe(false);
  });

  it("is closed when ADMIN_EMAILS names the admins", async () => {
    process.env.ADMIN_EMAILS = "admin@example.com";
    resetEnvCache();
    expect(await isSetupOpen()).toBe(false);
  });
});

describe("stored settings", { timeout: 60_000 }, () => {
  let fakes: Fakes;
  const saved: Record<string, string | undefined> = {};
  beforeAll(async () => {
    fakes = await startFakes();
  });
  afterAll(async () => {
    await fakes.close();
  });
  beforeEach(async () => {
    await getDb().instanceSetting.deleteMany();
    setStoredSettings({});
    for (const key of ["LINKEDIN_CLIENT_ID", "LINKEDIN_CLIENT_SECRET", "X_CLIENT_ID", "X_CLIENT_SECRET", "LINKEDIN_OAUTH_URL"]) {
      saved[key] = process.env[key];
      delete process.env[key];
    }
    process.env.LINKEDIN_OAUTH_URL = fakes.linkedin.oauthUrl;
    resetEnvCache();
  });
  afterEach(() => {
    for (const [key, value] of Object.entries(saved)) process.env[key] = value;
    setStoredSettings({});
    resetEnvCache();
  });

  it("a stored LinkedIn client is the one sent to LinkedIn, its secret sealed at rest", async () => {
    expect(await checkNetworkCredentials("linkedin")).toBe("missing");
    const result = await saveSettings({ LINKEDIN_CLIENT_ID: "linkedin-test-client", LINKEDIN_CLIENT_SECRET: "linkedin-test-secret" }, "admin");
    expect(result).toEqual({ ok: true });
    const row = await getDb().instanceSetting.findUniqueOrThrow({ where: { key: "LINKEDIN_CLIENT_SECRET" } });
    expect(row.value).not.toContain("linkedin-test-secret");

    const before = fakes.linkedin.state.requests.length;
    expect(await checkNetworkCredentials("linkedin")).toBe("good");
    const sent = fakes.linkedin.state.requests.slice(before).find((request) => request.path.endsWith("/accessToken"));
    expect(sent?.body).toMatchObject({ client_id: "linkedin-test-client", grant_type: "authorization_code" });

    // Another process reads the same values from the database.
    setStoredSettings({});
    expect(getEnv().LINKEDIN_CLIENT_ID).toBeUndefined();
    await loadStoredSettings();
    expect(getEnv().LINKEDIN_CLIENT_ID).toBe("linkedin-test-client");
  });

  it("tells a wrong secret from good credentials, and an unreachable provider from both", async () => {
    await saveSettings({ LINKEDIN_CLIENT_ID: "linkedin-test-client", LINKEDIN_CLIENT_SECRET: "not-the-secret" }, "admin");
    expect(await checkNetworkCredentials("linkedin")).toBe("rejected");
    await saveSettings({ X_CLIENT_ID: "x-test-client", X_CLIENT_SECRET: "x-test-secret" }, "admin");
    process.env.X_OAUTH_URL = fakes.x.oauthUrl;
    resetEnvCache();
    expect(await checkNetworkCredentials("twitter")).toBe("good");
    await saveSettings({ X_CLIENT_SECRET: "wrong" }, "admin");
    expect(await checkNetworkCredentials("twitter")).toBe("rejected");

    process.env.LINKEDIN_OAUTH_URL = "http://127.0.0.1:9/oauth/v2"; // nothing listens there
    resetEnvCache();
    expect(await checkNetworkCredentials("linkedin")).toBe("unreachable");
  });

  it("the environment wins: a stored value does not replace it, and saving over it is refused", async () => {
    await saveSettings({ LINKEDIN_CLIENT_ID: "stored-client", LINKEDIN_CLIENT_SECRET: "stored-secret" }, "admin");
    process.env.LINKEDIN_CLIENT_ID = "env-client";
    resetEnvCache();
    expect(getEnv().LINKEDIN_CLIENT_ID).toBe("env-client");
    expect(getEnv().LINKEDIN_CLIENT_SECRET).toBe("stored-secret");
    expect(await saveSettings({ LINKEDIN_CLIENT_ID: "other" }, "admin")).toEqual({ ok: false, problems: { LINKEDIN_CLIENT_ID: "environment" } });
  });

  it("refuses a value the environment's rules refuse, and saves nothing of that form", async () => {
    const result = await saveSettings({ SITE_NAME: "My Plume", SMTP_URL: "http://not-smtp" }, "admin");
    expect(result.ok).toBe(false);
    expect(Object.keys((result as { problems: object }).problems)).toEqual(["SMTP_URL"]);
    expect(await getDb().instanceSetting.count()).toBe(0);
    expect(getEnv().SITE_NAME).toBe("Plume");
  });
});
