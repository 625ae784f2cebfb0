import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { parseEnv, prepareEnvironment } from "~/core/env/env.server";
import { effectiveSource, setByEnvironment, setStoredSettings, settingSource, storedSettings } from "./stored-settings";

function prepared(vars: Record<string, string>) {
  const env = { DATA_DIR: mkdtempSync(path.join(tmpdir(), "plume-settings-")), ...vars } as unknown as NodeJS.ProcessEnv;
  prepareEnvironment(env);
  return env;
}

describe("stored settings under the environment", () => {
  afterEach(() => setStoredSettings({}));

  it("a stored value fills what the environment leaves unset; a variable the operator set wins", () => {
    const env = prepared({ LINKEDIN_CLIENT_ID: "from-env" });
    const merged = parseEnv(effectiveSource(env, { LINKEDIN_CLIENT_ID: "stored", LINKEDIN_CLIENT_SECRET: "stored-secret" }));
    expect(merged.LINKEDIN_CLIENT_ID).toBe("from-env");
    expect(merged.LINKEDIN_CLIENT_SECRET).toBe("stored-secret");
  });

  it("tells the default address from one the operator set: a stored address replaces only the default", () => {
    const defaulted = prepared({});
    expect(defaulted.APP_URL).toBe("http://localhost:3000");
    expect(setByEnvironment("APP_URL", defaulted)).toBe(false);
    expect(parseEnv(effectiveSource(defaulted, { APP_URL: "https://plume.example.com" })).APP_URL).toBe("https://plume.example.com");

    const chosen = prepared({ APP_URL: "https://chosen.example.com" });
    expect(setByEnvironment("APP_URL", chosen)).toBe(true);
    expect(parseEnv(effectiveSource(chosen, { APP_URL: "https://plume.example.com" })).APP_URL).toBe("https://chosen.example.com");
  });

  it("says where each value comes from", () => {
    const env = prepared({ SITE_NAME: "Env name" });
    setStoredSettings({ AI_MODEL: "stored-model" });
    expect(settingSource("SITE_NAME", env)).toBe("environment");
    expect(settingSource("AI_MODEL", env)).toBe("stored");
    expect(settingSource("SMTP_URL", env)).toBe("default");
  });

  it("changes its version only when the values change, and drops empty values and unknown keys", () => {
    setStoredSettings({ SITE_NAME: "A" });
    const version = storedSettings().version;
    setStoredSettings({ SITE_NAME: "A" });
    expect(storedSettings().version).toBe(version);
    setStoredSettings({ SITE_NAME: "B", SMTP_URL: "", ...({ NOT_A_SETTING: "x" } as object) });
    expect(storedSettings()).toEqual({ values: { SITE_NAME: "B" }, version: version + 1 });
  });
});
