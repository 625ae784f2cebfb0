import { createHash, randomUUID } from "node:crypto";
import { closeSync, mkdirSync, openSync, readdirSync, readFileSync, existsSync } from "node:fs";
import path from "node:path";
import { createClient } from "@libsql/client";
import { waitForLocks } from "./sqlite.server";
import { sqliteFilePath } from "./urls";

/**
 * Applies pending migrations from prisma/migrations (SQLite) or prisma/postgres/migrations, and
 * records them in Prisma's own `_prisma_migrations` table, so `prisma migrate` stays usable beside
 * it. The server runs this on every start: it takes milliseconds when nothing is pending, and
 * concurrent starts (web and worker) serialize on a lock instead of applying anything twice.
 */
export interface MigrationResult {
  applied: string[];
  warnings: string[];
}

interface Migration {
  name: string;
  sql: string;
  checksum: string;
}

interface AppliedRow {
  migration_name: string;
  checksum: string;
  finished_at: unknown;
  rolled_back_at: unknown;
}

const ADVISORY_LOCK_KEY = 72707369; // the key Prisma's own migrate uses

export function migrationsDir(databaseUrl: string, root = process.cwd()): string {
  const isSqlite = sqliteFilePath(databaseUrl) !== null;
  return path.join(root, "prisma", ...(isSqlite ? [] : ["postgres"]), "migrations");
}

export function readMigrations(dir: string): Migration[] {
  if (!existsSync(dir)) throw new Error(`Migrations folder not found: ${dir}`);
  return readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && existsSync(path.join(dir, entry.name, "migration.sql")))
    .map((entry) => entry.name)
    .sort()
    .map((name) => {
      const sql = readFileSync(path.join(dir, name, "migration.sql"), "utf8");
      return { name, sql, checksum: createHash("sha256").update(sql).digest("hex") };
    });
}

function plan(migrations: Migration[], rows: AppliedRow[]): { pending: Migration[]; warnings: string[] } {
  const failed = rows.find((row) => row.finished_at == null && row.rolled_back_at == null);
  if (failed) {
    throw new Error(
      `Migration ${failed.migration_name} failed earlier and was not rolled back: repair the database, then mark it with \`prisma migrate resolve\`.`,
    );
  }
  const applied = new Map(rows.filter((r) => r.rolled_back_at == null).map((r) => [r.migration_name, r]));
  const known = new Set(migrations.map((m) => m.name));
  const warnings = [...applied.keys()]
    .filter((name) => !known.has(name))
    .map((name) => `Migration ${name} is recorded in the database but missing from the migrations folder.`);
  for (const m of migrations) {
    const row = applied.get(m.name);
    if (row && row.checksum !== m.checksum) warnings.push(`Migration ${m.name} was modified after it was applied.`);
  }
  return { pending: migrations.filter((m) => !applied.has(m.name)), warnings };
}

export async function migrate(databaseUrl: string, dir = migrationsDir(databaseUrl)): Promise<MigrationResult> {
  const migrations = readMigrations(dir);
  const file = sqliteFilePath(databaseUrl);
  return file !== null ? migrateSqlite(databaseUrl, file, migrations) : migratePostgres(databaseUrl, migrations);
}

async function migrateSqlite(url: string, file: string, migrations: Migration[]): Promise<MigrationResult> {
  mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  // Created private before SQLite opens it; its -wal, -shm and journal files take the same mode.
  closeSync(openSync(file, "a", 0o600));
  const client = waitForLocks(createClient({ url }));
  try {
    // WAL lets readers go on while the publisher writes; the setting is kept in the file.
    await client.execute("PRAGMA journal_mode = WAL");
    await client.execute(`CREATE TABLE IF NOT EXISTS "_prisma_migrations" (
      "id" TEXT PRIMARY KEY NOT NULL, "checksum" TEXT NOT NULL, "finished_at" DATETIME,
      "migration_name" TEXT NOT NULL, "logs" TEXT, "rolled_back_at" DATETIME,
      "started_at" DATETIME NOT NULL DEFAULT current_timestamp, "applied_steps_count" INTEGER UNSIGNED NOT NULL DEFAULT 0)`);
    const applied: string[] = [];
    // One write transaction per migration: a second process waits for it, then sees it applied.
    for (;;) {
      // Foreign keys off around the transaction, as SQLite's own procedure for changing a table says:
      // inside one, the migration's own "PRAGMA foreign_keys=OFF" does nothing, and a table it
      // rebuilds (new table, copy, DROP, rename) would take its children's rows with it when dropped
      // (ON DELETE CASCADE). The transaction runs on this connection; the keys are checked before it
      // commits, and turned back on after.
      await client.execute("PRAGMA foreign_keys = OFF");
      const tx = await client.transaction("write");
      let current: string | undefined;
      try {
        const rows = (await tx.execute(`SELECT * FROM "_prisma_migrations"`)).rows as unknown as AppliedRow[];
        const { pending, warnings } = plan(migrations, rows);
        const next = pending[0];
        if (!next) {
          await tx.commit();
          return { applied, warnings };
        }
        current = next.name;
        await tx.executeMultiple(next.sql);
        const broken = (await tx.execute("PRAGMA foreign_key_check")).rows;
        if (broken.length > 0) throw new Error(`The migration leaves ${broken.length} row(s) pointing at nothing (PRAGMA foreign_key_check)`);
        await tx.execute({
          sql: `INSERT INTO "_prisma_migrations" (id, checksum, migration_name, finished_at, started_at, applied_steps_count)
                VALUES (?, ?, ?, current_timestamp, current_timestamp, 1)`,
          args: [randomUUID(), next.checksum, next.name],
        });
        await tx.commit();
        applied.push(next.name);
      } catch (error) {
        tx.close();
        throw withMigrationContext(error, current);
      }
    }
  } finally {
    client.close();
  }
}

async function migratePostgres(url: string, migrations: Migration[]): Promise<MigrationResult> {
  // Loaded here, not at startup: a server on SQLite never needs the PostgreSQL driver.
  const { default: pg } = await import("pg");
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query("SELECT pg_advisory_lock($1)", [ADVISORY_LOCK_KEY]);
    await client.query(`CREATE TABLE IF NOT EXISTS "_prisma_migrations" (
      "id" VARCHAR(36) PRIMARY KEY NOT NULL, "checksum" VARCHAR(64) NOT NULL, "finished_at" TIMESTAMPTZ,
      "migration_name" VARCHAR(255) NOT NULL, "logs" TEXT, "rolled_back_at" TIMESTAMPTZ,
      "started_at" TIMESTAMPTZ NOT NULL DEFAULT now(), "applied_steps_count" INTEGER NOT NULL DEFAULT 0)`);
    const rows = (await client.query<AppliedRow>(`SELECT * FROM "_prisma_migrations"`)).rows;
    const { pending, warnings } = plan(migrations, rows);
    for (const migration of pending) {
      try {
        await client.query("BEGIN");
        await client.query(migration.sql);
        await client.query(
          `INSERT INTO "_prisma_migrations" (id, checksum, migration_name, finished_at, applied_steps_count)
           VALUES ($1, $2, $3, now(), 1)`,
          [randomUUID(), migration.checksum, migration.name],
        );
        await client.query("COMMIT");
      } catch (error) {
        await client.query("ROLLBACK").catch(() => {});
        throw withMigrationContext(error, migration.name);
      }
    }
    return { applied: pending.map((m) => m.name), warnings };
  } finally {
    await client.query("SELECT pg_advisory_unlock($1)", [ADVISORY_LOCK_KEY]).catch(() => {});
    await client.end();
  }
}

function withMigrationContext(error: unknown, name?: string): Error {
  const message = error instanceof Error ? error.message : String(error);
  return new Error(name ? `Migration ${name} failed: ${message}` : `Migration failed: ${message}`, { cause: error });
}
