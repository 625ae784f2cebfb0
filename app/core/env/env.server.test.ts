import { mkdtempSync, readFileSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { EnvError, parseEnv, prepareEnvironment } from "./env.server";

const tempDir = () => mkdtempSync(path.join(tmpdir(), "plume-env-"));

function prepared(vars: Record<string, string | undefined>) {
  const env = { ...vars } as NodeJS.ProcessEnv;
  prepareEnvironment(env);
  return env;
}

describe("environment", () => {
  it("runs with no configuration at all outside production: SQLite under DATA_DIR and a kept secret", () => {
    const dataDir = tempDir();
    const env = prepared({ DATA_DIR: dataDir });
    const parsed = parseEnv(env);
    expect(parsed.DATABASE_URL).toBe(`file:${path.join(dataDir, "plume.db")}`);
    expect(parsed.APP_URL).toBe("http://localhost:3000");
    expect(parsed.PORT).toBe(3000);
    expect(parsed.SITE_NAME).toBe("Plume");
    expect(parsed.isPostgres).toBe(false);
    expect(parsed.APP_SECRET.length).toBeGreaterThanOrEqual(32);

    const file = path.join(dataDir, "app-secret");
    expect(readFileSync(file, "utf8").trim()).toBe(parsed.APP_SECRET);
    expect(statSync(file).mode & 0o077).toBe(0);
    // Generated once: the next start reads the same secret.
    expect(prepared({ DATA_DIR: dataDir }).APP_SECRET).toBe(parsed.APP_SECRET);
  });

  it("requires APP_SECRET in production and names it", () => {
    const env = prepared({ NODE_ENV: "production", DATA_DIR: tempDir() });
    expect(() => parseEnv(env)).toThrow(EnvError);
    expect(() => parseEnv(env)).toThrow(/APP_SECRET: required in production/);
  });

  it("names every malformed variable", () => {
    const env = prepared({
      DATA_DIR: tempDir(),
      PORT: "eighty",
      DATABASE_URL: "mysql://nope",
      APP_URL: "not a url",
      SMTP_URL: "http://mail",
      TRUST_PROXY: "maybe",
    });
    try {
      parseEnv(env);
      expect.unreachable();
    } catch (error) {
      const message = (error as EnvError).message;
      for (const name of ["PORT", "DATABASE_URL", "APP_URL", "SMTP_URL", "TRUST_PROXY"]) expect(message).toContain(`${name}:`);
    }
  });

  it("reads ADMIN_EMAILS as a lowercase list, PostgreSQL URLs and empty values as unset", () => {
    const env = prepared({
      DATA_DIR: tempDir(),
      ADMIN_EMAILS: " Boss@Example.com, ops@example.com ,",
      DATABASE_URL: "postgresql://u@db:5432/plume",
      SITE_NAME: "",
      APP_URL: "https://plume.example.com/",
      TRUST_PROXY: "1",
    });
    const parsed = parseEnv(env);
    expect(parsed.ADMIN_EMAILS).toEqual(["boss@example.com", "ops@example.com"]);
    expect(parsed.isPostgres).toBe(true);
    expect(parsed.SITE_NAME).toBe("Plume");
    expect(parsed.APP_URL).toBe("https://plume.example.com");
    expect(parsed.TRUST_PROXY).toBe(1);
  });

  it("billing is off without STRIPE_SECRET_KEY; with it, the webhook secret and both prices are required", () => {
    const off = parseEnv(prepared({ DATA_DIR: tempDir() }));
    expect(off.STRIPE_SECRET_KEY).toBeUndefined();
    expect(off.STRIPE_API_URL).toBe("https://api.stripe.com");
    let error: unknown;
    try {
      parseEnv(prepared({ DATA_DIR: tempDir(), STRIPE_SECRET_KEY: "sk_test_1", STRIPE_PRICE_PRO_MONTHLY: "price_m" }));
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(EnvError);
    expect((error as EnvError).problems).toEqual([
      "STRIPE_WEBHOOK_SECRET: is required when STRIPE_SECRET_KEY is set",
      "STRIPE_PRICE_PRO_YEARLY: is required when STRIPE_SECRET_KEY is set",
    ]);
    const on = parseEnv(
      prepared({
        DATA_DIR: tempDir(),
        STRIPE_SECRET_KEY: "sk_test_1",
        STRIPE_WEBHOOK_SECRET: "whsec_1",
        STRIPE_PRICE_PRO_MONTHLY: "price_m",
        STRIPE_PRICE_PRO_YEARLY: "price_y",
        STRIPE_API_URL: "http://127.0.0.1:3296/",
      }),
    );
    expect(on.STRIPE_API_URL).toBe("http://127.0.0.1:3296");
  });
  it("media stay on disk by default; MEDIA_STORAGE=s3 requires the bucket, region and keys, and checks their shapes", () => {
    expect(parseEnv(prepared({ DATA_DIR: tempDir() })).MEDIA_STORAGE).toBe("local");
    const problems = (vars: Record<string, string>) => {
      try {
        parseEnv(prepared({ DATA_DIR: tempDir(), ...vars }));
        return [];
      } catch (error) {
        return (error as EnvError).problems;
      }
    };
    expect(problems({ MEDIA_STORAGE: "s3" })).toEqual([
      "S3_BUCKET: is required when MEDIA_STORAGE=s3",
      "S3_REGION: is required when MEDIA_STORAGE=s3",
      "S3_ACCESS_KEY_ID: is required when MEDIA_STORAGE=s3",
      "S3_SECRET_ACCESS_KEY: is required when MEDIA_STORAGE=s3",
    ]);
    expect(problems({ MEDIA_STORAGE: "bucket" })).toEqual(["MEDIA_STORAGE: must be local or s3"]);
    const s3 = { MEDIA_STORAGE: "s3", S3_BUCKET: "plume-media", S3_REGION: "eu-west-3", S3_ACCESS_KEY_ID: "AKIA1", S3_SECRET_ACCESS_KEY: "secret" };
    expect(problems({ ...s3, S3_BUCKET: "Plume_Media", S3_ENDPOINT: "minio:9000", S3_FORCE_PATH_STYLE: "yes" }).map((p) => p.split(":")[0])).toEqual([
      "S3_ENDPOINT",
      "S3_BUCKET",
      "S3_FORCE_PATH_STYLE",
    ]);
    const env = parseEnv(prepared({ ...s3, S3_ENDPOINT: "http://127.0.0.1:9000/", S3_FORCE_PATH_STYLE: "true", S3_PREFIX: "plume" }));
    expect([env.S3_ENDPOINT, env.S3_FORCE_PATH_STYLE, env.S3_PREFIX]).toEqual(["http://127.0.0.1:9000", true, "plume/"]);
    expect(parseEnv(prepared(s3)).S3_FORCE_PATH_STYLE).toBe(false);
  });
});
