// `npm run worker`: the publisher alone, for running it apart from the web process (set
// PUBLISHER_ENABLED=false there). Any number of workers may share one PostgreSQL database.
import { migrate } from "../app/modules/db/migrate.server";
import { EnvError, parseEnv, prepareEnvironment } from "../app/core/env/env.server";

async function main(): Promise<void> {
  prepareEnvironment();
  const env = parseEnv();
  if (process.env.NODE_ENV !== "development") process.env.NODE_ENV = "production";
  const { logger } = await import("../app/core/logger/logger.server");
  await (await import("../app/modules/files/data-dir.server")).prepareDataDir(env.DATA_DIR, env.DATABASE_URL);
  const { warnings } = await migrate(env.DATABASE_URL);
  for (const warning of warnings) logger.warn(warning);
  // Held open for as long as the worker runs: `npm run restore` refuses a database in use.
  (await import("../app/modules/db/presence.server")).keepDatabaseOpen(env.DATABASE_URL);
  // LinkedIn and X credentials may be saved settings (decision 61): read them, and keep them fresh.
  const settings = await import("../app/modules/settings/settings.server");
  await settings.loadStoredSettings();
  settings.startSettingsRefresh();
  const { startConfiguredPublisher } = await import("../app/modules/publishing/run.server");
  const publisher = startConfiguredPublisher();
  const { shutdownServerEvents } = await import("../app/integrations/posthog.server");
  const shutdown = (signal: string) => {
    logger.info({ signal }, "Worker shutting down");
    setTimeout(() => process.exit(0), 15_000).unref();
    void publisher
      .stop()
      .then(() => shutdownServerEvents())
      .finally(() => process.exit(0));
  };
  process.once("SIGTERM", () => shutdown("SIGTERM"));
  process.once("SIGINT", () => shutdown("SIGINT"));
}

main().catch((error: unknown) => {
  console.error(error instanceof EnvError ? `\n${error.message}\n` : error);
  process.exit(1);
});
