import { randomBytes } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync, existsSync } from "node:fs";
import path from "node:path";
import { z } from "zod";
import { DEFAULTED_VARIABLES, effectiveSource, storedSettings } from "~/core/settings/stored-settings";

const optional = <T extends z.ZodType>(schema: T) => schema.optional();
const baseUrl = (fallback: string) =>
  z
    .url("must be an absolute URL")
    .default(fallback)
    .transform((u) => u.replace(/\/+$/, ""));

const envSchema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
    HOST: z.string().min(1).default("0.0.0.0"),
    PORT: z.coerce.number().int().min(1).max(65535).default(3000),
    DATA_DIR: z.string().min(1),
    DATABASE_URL: z.string().regex(/^(file:|postgres(ql)?:\/\/)/, "must be a file: (SQLite) or postgres:// (PostgreSQL) URL"),
    APP_SECRET: z.string().min(32, "must be at least 32 characters"),
    APP_URL: z.url("must be an absolute URL such as https://plume.example.com").transform((u) => u.replace(/\/+$/, "")),
    SITE_NAME: z.string().min(1).default("Plume"),
    ADMIN_EMAILS: z
      .string()
      .default("")
      .transform((value) =>
        value
          .split(",")
          .map((email) => email.trim().toLowerCase())
          .filter(Boolean),
      ),
    SMTP_URL: optional(z.string().regex(/^smtps?:\/\//, "must be an smtp:// or smtps:// URL")),
    MAIL_FROM: z.string().min(3).default("Plume <no-reply@localhost>"),
    TRUST_PROXY: z
      .string()
      .default("false")
      .transform((value, ctx) => {
        if (value === "true") return true as const;
        if (value === "false") return false as const;
        if (/^\d+$/.test(value)) return Number(value);
        ctx.addIssue({ code: "custom", message: "must be true, false or a number of proxy hops" });
        return z.NEVER;
      }),
    LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
    // AI drafting: any OpenAI-compatible chat-completions server. Configured when either is set.
    AI_BASE_URL: optional(z.url("must be an absolute URL such as https://api.openai.com/v1").transform((u) => u.replace(/\/+$/, ""))),
    AI_API_KEY: optional(z.string().min(1)),
    AI_MODEL: z.string().min(1).default("gpt-4o-mini"),
    AI_TIMEOUT_MS: z.coerce.number().int().min(1000).max(300_000).default(30_000),
    AI_REQUESTS_PER_HOUR: z.coerce.number().int().min(1).max(10_000).default(30),
    API_TOKEN_REQUESTS_PER_MINUTE: z.coerce.number().int().min(1).max(100_000).default(120),
    // LinkedIn and X (docs/providers.md). A platform without both credentials shows as unavailable.
    LINKEDIN_CLIENT_ID: optional(z.string().min(1)),
    LINKEDIN_CLIENT_SECRET: optional(z.string().min(1)),
    LINKEDIN_API_VERSION: z
      .string()
      .regex(/^\d{6}$/, "must be YYYYMM, e.g. 202610")
      .default("202610"),
    LINKEDIN_OAUTH_URL: baseUrl("https://www.linkedin.com/oauth/v2"),
    LINKEDIN_API_URL: baseUrl("https://api.linkedin.com"),
    // The LinkedIn app has the Community Management API (company pages): the page scopes are asked too.
    LINKEDIN_ORGANIZATION_SCOPES: z
      .enum(["true", "false"])
      .default("false")
      .transform((v) => v === "true"),
    X_CLIENT_ID: optional(z.string().min(1)),
    X_CLIENT_SECRET: optional(z.string().min(1)),
    X_OAUTH_URL: baseUrl("https://x.com/i/oauth2"),
    X_API_URL: baseUrl("https://api.x.com"),
    // Where a published post is shown (the links after publishing): the networks' sites, or the demo's
    // simulated networks under `npm run demo` (docs/decisions/0062-demo-mode.md).
    LINKEDIN_WEB_URL: baseUrl("https://www.linkedin.com"),
    X_WEB_URL: baseUrl("https://x.com"),
    // Set by `npm run demo` only: the banner on every page, the simulated networks, the demo inbox.
    DEMO_MODE: z
      .enum(["true", "false"])
      .default("false")
      .transform((v) => v === "true"),
    // Bluesky (docs/decisions/0054-bluesky.md): no app credentials (users give an app password). Where
    // handles are resolved and e-mail sign-ins go, and the did:plc directory that names each account's PDS.
    BLUESKY_SERVICE_URL: baseUrl("https://bsky.social"),
    BLUESKY_PLC_URL: baseUrl("https://plc.directory"),
    // Posts' counts (likes, reposts…): the public AppView, no token.
    BLUESKY_APPVIEW_URL: baseUrl("https://public.api.bsky.app"),
    // Mastodon (docs/decisions/0055-mastodon.md): no app credentials (Plume registers itself on each
    // instance). Instances are https on public addresses only; these origins (comma-separated) are
    // let through anyway: the fakes in tests, or an instance on the operator's own network.
    MASTODON_ALLOWED_PRIVATE_ORIGINS: z
      .string()
      .default("")
      .transform((value) =>
        value
          .split(",")
          .map((origin) => origin.trim().replace(/\/+$/, ""))
          .filter(Boolean),
      ),
    // Billing (docs/decisions/0025): off without STRIPE_SECRET_KEY, and then no plan limits apply.
    STRIPE_SECRET_KEY: optional(z.string().regex(/^(sk|rk)_/, "must be a Stripe secret key (sk_… or rk_…)")),
    STRIPE_WEBHOOK_SECRET: optional(z.string().regex(/^whsec_/, "must be a webhook signing secret (whsec_…)")),
    STRIPE_PRICE_PRO_MONTHLY: optional(z.string().regex(/^price_/, "must be a Stripe price id (price_…)")),
    STRIPE_PRICE_PRO_YEARLY: optional(z.string().regex(/^price_/, "must be a Stripe price id (price_…)")),
    STRIPE_WAITLIST_COUPON: optional(z.string().min(1)),
    STRIPE_API_URL: baseUrl("https://api.stripe.com"),
    // Product analytics (docs/decisions/0027): nothing is sent, from the server or the browser, without the key.
    POSTHOG_KEY: optional(z.string().regex(/^[\w-]+$/, "must be a PostHog project API key (phc_…)")),
    POSTHOG_HOST: baseUrl("https://eu.i.posthog.com"),
    // Where uploads are kept (docs/decisions/0059-media-on-s3.md): DATA_DIR/uploads, or an
    // S3-compatible bucket that several instances share (the S3_* variables, required then).
    MEDIA_STORAGE: z.enum(["local", "s3"], "must be local or s3").default("local"),
    // Absent: AWS's own endpoint for S3_REGION.
    S3_ENDPOINT: optional(
      z.url({ protocol: /^https?$/, error: "must be an http(s) URL such as https://s3.eu-west-3.amazonaws.com" }).transform((u) => u.replace(/\/+$/, "")),
    ),
    S3_BUCKET: optional(z.string().regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, "must be a bucket name (3 to 63 lowercase letters, digits, dots and hyphens)")),
    S3_REGION: optional(z.string().regex(/^[a-z0-9-]+$/, "must be a region name such as eu-west-3 (any name for most S3-compatible servers)")),
    S3_ACCESS_KEY_ID: optional(z.string().min(1)),
    S3_SECRET_ACCESS_KEY: optional(z.string().min(1)),
    // Bucket in the path (https://host/bucket/key), as MinIO and most self-hosted servers need.
    S3_FORCE_PATH_STYLE: z
      .enum(["true", "false"], "must be true or false")
      .default("false")
      .transform((v) => v === "true"),
    // Keys are stored under this prefix in the bucket (e.g. "plume/"), so one bucket can hold other things.
    S3_PREFIX: z
      .string()
      .regex(/^[A-Za-z0-9!_.*'()/-]*$/, "must be letters, digits and / - _ . ! * ' ( ) only")
      .default("")
      .transform((p) => (p === "" || p.endsWith("/") ? p : `${p}/`)),
    PROVIDER_TIMEOUT_MS: z.coerce.number().int().min(1000).max(120_000).default(15_000),
    // The publisher runs in the web process unless turned off (then run `npm run worker`).
    PUBLISHER_ENABLED: z
      .enum(["true", "false"])
      .default("true")
      .transform((v) => v === "true"),
    PUBLISHER_CONCURRENCY_LINKEDIN: z.coerce.number().int().min(1).max(200).default(16),
    PUBLISHER_CONCURRENCY_X: z.coerce.number().int().min(1).max(200).default(16),
    PUBLISHER_CONCURRENCY_BLUESKY: z.coerce.number().int().min(1).max(200).default(16),
    PUBLISHER_CONCURRENCY_MASTODON: z.coerce.number().int().min(1).max(200).default(16),
    PUBLISHER_POLL_MS: z.coerce.number().int().min(50).max(60_000).default(1000),
    // How long a claimed delivery stays with its publisher without news: a publisher that died holding
    // it gives it up after this. Keep it well above PROVIDER_TIMEOUT_MS.
    PUBLISHER_LEASE_MS: z.coerce.number().int().min(1000).max(3_600_000).default(120_000),
    // Webhooks may call loopback, private and link-local addresses, and plain http (a receiver on
    // this machine in development and tests). Off in production: see docs/decisions/0076-webhooks.md.
    WEBHOOKS_ALLOW_PRIVATE: z
      .enum(["true", "false"])
      .default("false")
      .transform((v) => v === "true"),
  })
  .superRefine((env, ctx) => {
    if (env.STRIPE_SECRET_KEY) {
      for (const name of ["STRIPE_WEBHOOK_SECRET", "STRIPE_PRICE_PRO_MONTHLY", "STRIPE_PRICE_PRO_YEARLY"] as const) {
        if (!env[name]) ctx.addIssue({ code: "custom", path: [name], message: "is required when STRIPE_SECRET_KEY is set" });
      }
    }
    if (env.MEDIA_STORAGE === "s3") {
      for (const name of ["S3_BUCKET", "S3_REGION", "S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY"] as const) {
        if (!env[name]) ctx.addIssue({ code: "custom", path: [name], message: "is required when MEDIA_STORAGE=s3" });
      }
    }
    // A lease running out while the request creating the post is still in flight would let another
    // publisher take the delivery over before the outcome is known.
    if (env.PUBLISHER_LEASE_MS <= env.PROVIDER_TIMEOUT_MS) {
      ctx.addIssue({ code: "custom", path: ["PUBLISHER_LEASE_MS"], message: "must be longer than PROVIDER_TIMEOUT_MS" });
    }
  });

export type Env = z.infer<typeof envSchema> & { isProduction: boolean; isPostgres: boolean };

export class EnvError extends Error {
  constructor(public readonly problems: string[]) {
    super(`Invalid environment:\n${problems.map((p) => `  - ${p}`).join("\n")}`);
    this.name = "EnvError";
  }
}

/**
 * Fills the defaults that depend on other variables (DATA_DIR, DATABASE_URL, APP_URL) and, outside
 * production, a generated APP_SECRET kept in DATA_DIR, then writes them back to process.env so every
 * part of the process (server, Remix build, worker, Prisma CLI) sees the same values.
 */
export function prepareEnvironment(source: NodeJS.ProcessEnv = process.env): void {
  for (const [key, value] of Object.entries(source)) if (value === "") delete source[key];
  const dataDir = path.resolve(source.DATA_DIR ?? "data");
  source.DATA_DIR = dataDir;
  source.DATABASE_URL ??= `file:${path.join(dataDir, "plume.db")}`;
  if (!source.APP_URL) {
    source.APP_URL = `http://localhost:${source.PORT ?? 3000}`;
    // A default, not the operator's choice: an address saved on the setup screen may replace it.
    source[DEFAULTED_VARIABLES] = "APP_URL";
  }
  if (!source.APP_SECRET && source.NODE_ENV !== "production") {
    source.APP_SECRET = readOrCreateSecret(path.join(dataDir, "app-secret"));
  }
}

function readOrCreateSecret(file: string): string {
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 }); // DATA_DIR: private (ADR 0043)
  const secret = randomBytes(32).toString("base64url");
  // "wx": if another process created it first, keep theirs.
  try {
    writeFileSync(file, secret + "\n", { mode: 0o600, flag: "wx" });
    return secret;
  } catch {
    return readFileSync(file, "utf8").trim();
  }
}

export function parseEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const result = envSchema.safeParse(source);
  if (!result.success) {
    const problems = result.error.issues.map((issue) => {
      const name = issue.path.join(".");
      const missing = issue.code === "invalid_type" && source[name] === undefined;
      if (name === "APP_SECRET" && missing) return "APP_SECRET: required in production (at least 32 random characters)";
      return `${name}: ${missing ? "is required" : issue.message}`;
    });
    throw new EnvError(problems);
  }
  const env = result.data;
  return { ...env, isProduction: env.NODE_ENV === "production", isPostgres: !env.DATABASE_URL.startsWith("file:") };
}

/**
 * Whether this process is `npm run demo`, readable where the whole environment may not be (the
 * guard on outside addresses runs in unit tests without one); the same variable getEnv() parses.
 */
export function isDemoMode(source: NodeJS.ProcessEnv = process.env): boolean {
  return source.DEMO_MODE === "true";
}

let cached: { env: Env; version: number } | undefined;

/**
 * The validated environment, read once per process and again when the stored settings change
 * (docs/decisions/0061): a variable set in the environment wins over a stored value.
 */
export function getEnv(): Env {
  const stored = storedSettings();
  if (cached?.version !== stored.version) cached = { env: parseWithStored(stored.values), version: stored.version };
  return cached.env;
}

function parseWithStored(values: Record<string, string>): Env {
  if (Object.keys(values).length === 0) return parseEnv();
  try {
    return parseEnv(effectiveSource(process.env, values));
  } catch {
    // Values are checked when saved; one the schema refuses later (a newer version) must not stop the app.
    return parseEnv();
  }
}

/**
 * The problems of some settings as the environment's rules see them, by variable name: what a
 * settings form shows before anything is saved.
 */
export function settingProblems(values: Record<string, string>): Record<string, string> {
  const result = envSchema.safeParse(effectiveSource(process.env, values));
  if (result.success) return {};
  const problems: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const name = issue.path.join(".");
    if (name in values) problems[name] ??= issue.message;
  }
  return problems;
}

/** For tests that change process.env. */
export function resetEnvCache(): void {
  cached = undefined;
}
