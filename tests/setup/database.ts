// Gives each integration test file its own fresh, migrated database: a temporary SQLite file, or a
// new PostgreSQL database (TEST_POSTGRES_URL) dropped afterwards. Tests talk to it through the
// app's own modules, exactly as the server does.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll } from "vitest";
import { disconnectDb } from "~/modules/db/db.server";
import { migrate } from "~/modules/db/migrate.server";
import { resetEnvCache } from "~/core/env/env.server";

const kind = process.env.TEST_DATABASE;
const dataDir = mkdtempSync(path.join(tmpdir(), "plume-test-"));
let postgresDatabase: string | undefined;

function postgresUrl(database: string): string {
  const url = new URL(process.env.TEST_POSTGRES_URL!);
  url.pathname = `/${database}`;
  return url.toString();
}

async function adminQuery(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: process.env.TEST_POSTGRES_URL });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

beforeAll(async () => {
  let databaseUrl: string;
  if (kind === "postgres") {
    postgresDatabase = `plume_test_${Date.now()}_${Math.random().toString(36).slice(2, 8)}`;
    await adminQuery(`CREATE DATABASE "${postgresDatabase}"`);
    databaseUrl = postgresUrl(postgresDatabase);
  } else {
    databaseUrl = `file:${path.join(dataDir, "test.db")}`;
  }
  Object.assign(process.env, {
    DATABASE_URL: databaseUrl,
    DATA_DIR: dataDir,
    APP_SECRET: "test-secret-that-is-long-enough-0123456789",
    APP_URL: "http://localhost:3000",
    ADMIN_EMAILS: "admin@example.com",
  });
  delete process.env.SMTP_URL;
  resetEnvCache();
  await migrate(databaseUrl);
});

afterAll(async () => {
  await disconnectDb();
  if (postgresDatabase) await adminQuery(`DROP DATABASE IF EXISTS "${postgresDatabase}" WITH (FORCE)`);
  rmSync(dataDir, { recursive: true, force: true });
});
