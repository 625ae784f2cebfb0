import { execFile } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { getEnv } from "~/core/env/env.server";
import { migrate, migrationsDir, readMigrations } from "~/modules/db/migrate.server";
import { getDb } from "~/modules/db/db.server";
import { emptyDatabase } from "../support/empty-database";

const run = promisify(execFile);
const migrator = path.resolve("app/modules/db/migrate.server.ts");

/** Runs the migrator in its own process, as a second instance of the app would at start. */
async function migrateInAnotherProcess(url: string) {
  const script = `import { migrate } from ${JSON.stringify(migrator)};
    const result = await migrate(${JSON.stringify(url)});
    console.log(JSON.stringify(result));`;
  const { stdout } = await run(process.execPath, ["--import", "tsx", "--input-type=module", "-e", script]);
  return JSON.parse(stdout.trim().split("\n").pop()!) as unknown;
}

describe("migrations", () => {
  it("applied every migration on the test database, in Prisma's own table", async () => {
    const url = getEnv().DATABASE_URL;
    const names = readMigrations(migrationsDir(url)).map((m) => m.name);
    expect(names.length).toBeGreaterThan(0);
    const rows = await getDb().$queryRawUnsafe<{ migration_name: string; checksum: string }[]>(
      `SELECT migration_name, checksum FROM "_prisma_migrations" ORDER BY migration_name`,
    );
    expect(rows.map((r) => r.migration_name)).toEqual(names);
    expect(rows.every((r) => /^[0-9a-f]{64}$/.test(r.checksum))).toBe(true);
  });

  it("does nothing when run again", async () => {
    expect(await migrate(getEnv().DATABASE_URL)).toEqual({ applied: [], warnings: [] });
  });

  it("applies each migration exactly once when several processes start on an empty database", async () => {
    const url = await emptyDatabase();
    const names = readMigrations(migrationsDir(url)).map((m) => m.name);
    const results = (await Promise.all([1, 2, 3].map(() => migrateInAnotherProcess(url)))) as { applied: string[] }[];
    expect(results.flatMap((r) => r.applied).sort()).toEqual(names);
    expect(await migrate(url)).toEqual({ applied: [], warnings: [] });
  }, 30_000);
});
