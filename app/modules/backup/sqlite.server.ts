import { spawnSync } from "node:child_process";
import { existsSync, rmSync, statSync } from "node:fs";
import { createRequire } from "node:module";
import { createClient } from "@libsql/client";
import Database from "libsql";

// The SQLite side of backups (docs/decisions/0060-backups.md). VACUUM INTO reads the database in
// one read transaction: in WAL mode writers go on meanwhile, and the copy is the database as of one
// commit. It runs in the backup's own process, never in the server (libsql calls block the loop).

/** The tables whose row counts the manifest shows: enough to see at a glance what an archive holds. */
const COUNTED = { users: "User", posts: "Post", channels: "Channel", media: "Media" } as const;

export async function copyDatabase(databaseUrl: string, target: string): Promise<void> {
  const client = createClient({ url: databaseUrl });
  try {
    // A read can meet a short lock (a checkpoint restarting the WAL): waiting here holds up no one.
    await client.execute("PRAGMA busy_timeout = 10000");
    await client.execute({ sql: "VACUUM INTO ?", args: [target] });
  } finally {
    client.close();
  }
}

export interface DatabaseFacts {
  integrity: string;
  /** Applied migrations, oldest first (Prisma's table, as app/modules/db/migrate.server.ts keeps it). */
  migrations: string[];
  counts: Record<string, number>;
}

/** What a database file holds, only read (the caller makes sure it exists: opening creates a missing file). `check`: "quick" (cheap) or "full" (PRAGMA integrity_check). */
export function databaseFacts(file: string, check: "quick" | "full" = "quick"): DatabaseFacts {
  const db = new Database(file);
  try {
    const integrity = (db.prepare(`PRAGMA ${check === "full" ? "integrity_check" : "quick_check"}`).all() as Record<string, string>[])
      .map((row) => Object.values(row)[0])
      .join("; ");
    const hasTable = (name: string) => db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?").get(name) !== undefined;
    const migrations = hasTable("_prisma_migrations")
      ? (
          db
            .prepare(`SELECT migration_name AS name FROM "_prisma_migrations" WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL ORDER BY migration_name`)
            .all() as { name: string }[]
        ).map((row) => row.name)
      : [];
    const counts: Record<string, number> = {};
    for (const [label, table] of Object.entries(COUNTED)) {
      if (hasTable(table)) counts[label] = Number((db.prepare(`SELECT count(*) AS n FROM "${table}"`).get() as { n: number | bigint }).n);
    }
    return { integrity, migrations, counts };
  } finally {
    db.close();
  }
}

/** Run in a process of its own: libsql keeps a closed connection (and its locks) while its statements live. */
const IN_USE_PROBE = `
const Database = require(process.argv[1]);
const db = new Database(process.argv[2]);
try {
  db.prepare("PRAGMA locking_mode = EXCLUSIVE").all();
  db.prepare("SELECT count(*) FROM sqlite_master").all();
  process.stdout.write("free");
} catch (error) {
  if ((error.rawCode ?? 0) % 256 !== 5) throw error;
  process.stdout.write("busy");
}`;

/**
 * Whether another process has this database open. Every connection of the app keeps a shared lock
 * on the file while it is open in WAL mode (and the server and worker open one as they start:
 * app/modules/db/presence.server.ts); a connection in exclusive locking mode cannot start reading
 * while any is held. Nothing is written: at worst a WAL left by a crash is checkpointed, and the
 * empty WAL file the probe itself opens is removed.
 */
export function databaseInUse(file: string): boolean {
  if (!existsSync(file)) return false;
  const wal = `${file}-wal`;
  const hadWal = existsSync(wal);
  const probe = spawnSync(process.execPath, ["-e", IN_USE_PROBE, createRequire(import.meta.url).resolve("libsql"), file], { encoding: "utf8" });
  if (!hadWal && existsSync(wal) && statSync(wal).size === 0) rmSync(wal, { force: true });
  if (probe.stdout === "busy") return true;
  if (probe.stdout === "free") return false;
  throw new Error(`Could not tell whether ${file} is in use: ${probe.stderr || probe.error?.message || `exit code ${probe.status}`}`);
}

/** The copy is restored in WAL mode, as the app keeps its database (readers never wait for the writer). */
export function switchToWal(file: string): void {
  const db = new Database(file);
  try {
    db.prepare("PRAGMA journal_mode = WAL").all();
  } finally {
    db.close();
  }
}
