import { randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import type { Server } from "node:http";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { ServerBuild } from "@remix-run/node";
import compression from "compression";
import express from "express";
import { EnvError, getEnv, parseEnv, prepareEnvironment } from "../app/core/env/env.server";
import { migrate } from "../app/modules/db/migrate.server";
import { bodyLimit, continueIfWithinLimit } from "./body-limit";
import { routableUrls } from "./malformed-url";
import type * as Demo from "./demo/index";
import { remixHandler } from "./remix-handler";
import { sameOriginGuard, securityHeaders } from "./security";

/** The file scripts/demo.mjs leaves in the demo's data folder. */
const DEMO_MARKER = ".plume-demo";

async function main(): Promise<void> {
  const isDevelopment = process.env.NODE_ENV === "development";
  refuseMisplacedDemo();
  prepareEnvironment();
  const env = parseEnv();
  // The built app runs React and Express in production mode even on a laptop; the APP_SECRET rule
  // above was already applied with the mode the operator asked for.
  if (!isDevelopment) process.env.NODE_ENV = "production";
  const { logger } = await import("../app/core/logger/logger.server");

  // DATA_DIR private, temporary files of interrupted writes gone, before anything is served.
  await (await import("../app/modules/files/data-dir.server")).prepareDataDir(env.DATA_DIR, env.DATABASE_URL);
  const started = Date.now();
  const { applied, warnings } = await migrate(env.DATABASE_URL);
  for (const warning of warnings) logger.warn(warning);
  logger.info(
    { database: env.isPostgres ? "postgresql" : "sqlite", applied, ms: Date.now() - started },
    applied.length ? "Database migrated" : "Database schema is up to date",
  );
  // Held open for as long as the server runs: `npm run restore` refuses a database in use.
  (await import("../app/modules/db/presence.server")).keepDatabaseOpen(env.DATABASE_URL);

  // Settings saved on the setup screen or /admin/settings (decision 61), then kept fresh.
  const settings = await import("../app/modules/settings/settings.server");
  await settings.loadStoredSettings();
  settings.startSettingsRefresh();

  const viteDevServer = isDevelopment ? await import("vite").then((vite) => vite.createServer({ server: { middlewareMode: true } })) : undefined;

  const app = express();
  app.disable("x-powered-by");
  // `npm run demo`: its simulated networks first, answering as the networks would, outside the app's guards.
  if (env.DEMO_MODE) {
    const entry = path.resolve(isDevelopment ? "server/demo/index.ts" : "build/server/demo.js");
    const demo = (await import(pathToFileURL(entry).href)) as typeof Demo;
    await demo.mountDemo(app, env);
    logger.warn("Demonstration mode: LinkedIn, X and the AI model are simulated inside this process; mails go to /demo/inbox");
  }
  app.set("trust proxy", env.TRUST_PROXY);
  // Before anything reads the address: one the router cannot read is the app's 404, never a 500.
  app.use(routableUrls);
  // Streams (AI drafts as NDJSON) must reach the browser line by line, not buffered for gzip.
  app.use(compression({ filter: (req, res) => !/ndjson|event-stream/.test(String(res.getHeader("Content-Type") ?? "")) && compression.filter(req, res) }));
  app.use((_req, res, next) => {
    res.locals.cspNonce = randomBytes(16).toString("base64");
    next();
  });
  // Forms lead to the providers' pages: OAuth consent, and Stripe's checkout and billing portal
  // (the upgrade forms answer 303 there; a browser checks form-action on that redirect too).
  const stripePages = env.STRIPE_SECRET_KEY ? [env.STRIPE_API_URL, "https://checkout.stripe.com", "https://billing.stripe.com"] : [];
  app.use(
    securityHeaders({
      appUrl: getEnv().APP_URL, // with a stored address (decision 61): HSTS follows it from the next start
      isDevelopment,
      formTargets: [env.LINKEDIN_OAUTH_URL, env.X_OAUTH_URL, ...stripePages],
      // The browser sends analytics straight to PostHog, and only when a key is set.
      connectTargets: env.POSTHOG_KEY ? [env.POSTHOG_HOST] : [],
      // The Mastodon instance form leads to whichever instance the user names (decision 57).
      openForms: { path: /^\/profile\/connect\/[a-z]+\/?$/, sources: env.MASTODON_ALLOWED_PRIVATE_ORIGINS },
    }),
  );
  // The address in force: a saved one (decision 61) may replace the default.
  const appUrl = () => getEnv().APP_URL;
  app.use(sameOriginGuard(appUrl, (origin) => logger.warn({ origin, appUrl: appUrl() }, "A form was sent from another address than APP_URL: refused")));

  const build = viteDevServer
    ? () => viteDevServer.ssrLoadModule("virtual:remix/server-build") as Promise<ServerBuild>
    : ((await import(path.resolve("build/server/remix.js"))) as ServerBuild);
  const remix = remixHandler({
    build,
    mode: isDevelopment ? "development" : "production",
    getLoadContext: (req, res) => ({
      cspNonce: res.locals.cspNonce as string,
      clientIp: req.ip ?? null,
      buildVersion: typeof build === "function" ? null : build.assets.version,
    }),
  });
  // Before anything reads a body: one over its limit is refused unread (the app says why).
  app.use(bodyLimit(remix.tooLarge));

  if (viteDevServer) {
    app.use(viteDevServer.middlewares);
  } else {
    const client = path.resolve("build/client");
    app.use("/assets", express.static(path.join(client, "assets"), { immutable: true, maxAge: "1y" }));
    // redirect: false: a page whose path is also a folder of built files (/analytics, beside the
    // analytics script's /analytics/standalone.js) is the app's, not a redirect to "/analytics/".
    app.use(express.static(client, { maxAge: "1h", index: false, redirect: false }));
  }
  app.all("*", remix.handle);

  const server: Server = app.listen(env.PORT, env.HOST, () => {
    logger.info(`${getEnv().SITE_NAME} is ready at ${getEnv().APP_URL} (listening on ${env.HOST}:${env.PORT})`);
    void import("../app/modules/settings/setup-state.server")
      .then((setup) => setup.announceSetup())
      .catch((error: unknown) => logger.error({ err: error }, "Could not open the setup"));
  });
  server.on("checkContinue", continueIfWithinLimit(app));

  // The publisher runs here by default, so `npm start` is the whole product.
  const publisher = env.PUBLISHER_ENABLED ? (await import("../app/modules/publishing/run.server")).startConfiguredPublisher() : null;

  // Expired sessions, mailed links, OAuth states and rate-limit counters are deleted here: every
  // deployment runs a web process; with several instances, one of them sweeps each hour.
  const housekeeping = (await import("../app/modules/housekeeping/housekeeping.server")).startHousekeeping();
  // Product events still queued are sent before the process ends.
  const { shutdownServerEvents } = await import("../app/integrations/posthog.server");

  const shutdown = (signal: string) => {
    logger.info({ signal }, "Shutting down");
    housekeeping.stop();
    setTimeout(() => process.exit(0), 15_000).unref();
    // Stop taking work, finish or give back what is in flight, then close.
    void (publisher?.stop() ?? Promise.resolve()).then(() => shutdownServerEvents()).finally(() => server.close(() => process.exit(0)));
  };
  process.once("SIGTERM", () => shutdown("SIGTERM"));
  process.once("SIGINT", () => shutdown("SIGINT"));
}

/** DEMO_MODE is `npm run demo`'s (scripts/demo.mjs): never in production, never on a folder it did not make. */
function refuseMisplacedDemo(): void {
  if (process.env.DEMO_MODE !== "true") return;
  const refuse = (why: string) => {
    console.error(`\n${why}\n`);
    process.exit(1);
  };
  if (process.env.NODE_ENV === "production") refuse("The demonstration refuses to run with NODE_ENV=production: it simulates the networks.");
  if (!process.env.DATA_DIR || !existsSync(path.join(path.resolve(process.env.DATA_DIR), DEMO_MARKER))) {
    refuse("DEMO_MODE is set by `npm run demo` on its own data folder only: run `npm run demo`.");
  }
}

main().catch((error: unknown) => {
  if (error instanceof EnvError) {
    console.error(`\n${error.message}\n\nSee the configuration table in README.md.\n`);
  } else {
    console.error("Plume could not start:", error);
  }
  process.exit(1);
});
