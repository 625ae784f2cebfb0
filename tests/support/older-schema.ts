// For migration tests: a database made with the schema as it was before a given migration, and
// rows written into it in that schema's terms.
import { cpSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { createClient } from "@libsql/client";
import { onTestFinished } from "vitest";
import { migrationsDir } from "~/modules/db/migrate.server";

/** The migrations that came before the one whose folder ends with `name`, in a folder of their own. */
export function migrationsBefore(url: string, name: string): string {
  const all = migrationsDir(url);
  const entries = readdirSync(all);
  const cut = entries.find((entry) => entry.endsWith(name));
  if (!cut) throw new Error(`No migration named ${name}`);
  const dir = mkdtempSync(path.join(tmpdir(), "plume-older-migrations-"));
  onTestFinished(() => rmSync(dir, { recursive: true, force: true }));
  for (const entry of entries) {
    if (entry >= cut) continue;
    cpSync(path.join(all, entry), path.join(dir, entry), { recursive: true });
  }
  return dir;
}

/** Runs statements written for an older schema (`?` placeholders, as both drivers get them). */
export async function execute(url: string, statements: [string, unknown[]][]): Promise<void> {
  if (url.startsWith("file:")) {
    const client = createClient({ url });
    for (const [sql, args] of statements) await client.execute({ sql, args: args as never[] });
    client.close();
    return;
  }
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  for (const [sql, args] of statements) {
    let n = 0;
    await client.query(
      sql.replace(/\?/g, () => `$${++n}`),
      args,
    );
  }
  await client.end();
}

/** An INSERT of one row, its columns named as the row's keys. */
export function insertRow(table: string, row: Record<string, unknown>): [string, unknown[]] {
  const columns = Object.keys(row);
  return [`INSERT INTO "${table}" (${columns.map((key) => `"${key}"`).join(", ")}) VALUES (${columns.map(() => "?").join(", ")})`, Object.values(row)];
}
