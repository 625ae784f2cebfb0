import { execFile } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { createClient } from "@libsql/client";
import { promisify } from "node:util";
import { describe, expect, it, onTestFinished } from "vitest";
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

  it("keeps a child table's rows when a SQLite migration rebuilds their parent table (the foreign keys are off around it)", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "plume-migrations-"));
    onTestFinished(() => rmSync(dir, { recursive: true, force: true }));
    const write = (name: string, sql: string) => {
      mkdirSync(path.join(dir, name));
      writeFileSync(path.join(dir, name, "migration.sql"), sql);
    };
    write(
      "1_tables",
      `CREATE TABLE "Parent" ("id" TEXT NOT NULL PRIMARY KEY);
       CREATE TABLE "Child" ("id" TEXT NOT NULL PRIMARY KEY, "parentId" TEXT NOT NULL,
         CONSTRAINT "Child_parentId_fkey" FOREIGN KEY ("parentId") REFERENCES "Parent" ("id") ON DELETE CASCADE ON UPDATE CASCADE);
       INSERT INTO "Parent" ("id") VALUES ('p1');
       INSERT INTO "Child" ("id", "parentId") VALUES ('c1', 'p1'), ('c2', 'p1');`,
    );
    // What Prisma writes to add a column it cannot add in place: a new table, a copy, DROP, rename.
    write(
      "2_rebuild_parent",
      `PRAGMA defer_foreign_keys=ON;
       PRAGMA foreign_keys=OFF;
       CREATE TABLE "new_Parent" ("id" TEXT NOT NULL PRIMARY KEY, "round" INTEGER NOT NULL DEFAULT 0);
       INSERT INTO "new_Parent" ("id") SELECT "id" FROM "Parent";
       DROP TABLE "Parent";
       ALTER TABLE "new_Parent" RENAME TO "Parent";
       PRAGMA foreign_keys=ON;
       PRAGMA defer_foreign_keys=OFF;`,
    );
    const file = path.join(dir, "rebuild.db");
    expect((await migrate(`file:${file}`, dir)).applied).toEqual(["1_tables", "2_rebuild_parent"]);
    const client = createClient({ url: `file:${file}` });
    onTestFinished(() => client.close());
    expect((await client.execute(`SELECT "id" FROM "Child" ORDER BY "id"`)).rows.map((row) => row.id)).toEqual(["c1", "c2"]);
  });

  it("applies each migration exactly once when several processes start on an empty database", async () => {
    const url = await emptyDatabase();
    const names = readMigrations(migrationsDir(url)).map((m) => m.name);
    const results = (await Promise.all([1, 2, 3].map(() => migrateInAnotherProcess(url)))) as { applied: string[] }[];
    expect(results.flatMap((r) => r.applied).sort()).toEqual(names);
    expect(await migrate(url)).toEqual({ applied: [], warnings: [] });
  }, 30_000);
});
