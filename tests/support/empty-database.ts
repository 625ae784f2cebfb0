import path from "node:path";
import pg from "pg";
import { onTestFinished } from "vitest";
import { getEnv } from "~/core/env/env.server";

/** A new empty database of the kind under test, beside the test's own; a PostgreSQL one is dropped when the test ends. */
export async function emptyDatabase(label = "empty"): Promise<string> {
  const current = getEnv().DATABASE_URL;
  const suffix = Math.random().toString(36).slice(2, 8);
  if (current.startsWith("file:")) return `file:${path.join(getEnv().DATA_DIR, `${label}-${suffix}.db`)}`;
  const name = `plume_test_${label}_${suffix}`;
  const admin = new pg.Client({ connectionString: process.env.TEST_POSTGRES_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"`);
  await admin.end();
  onTestFinished(async () => {
    const cleanup = new pg.Client({ connectionString: process.env.TEST_POSTGRES_URL });
    await cleanup.connect();
    await cleanup.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await cleanup.end();
  });
  const url = new URL(current);
  url.pathname = `/${name}`;
  return url.toString();
}
