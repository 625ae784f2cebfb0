// Keeps both migration sets in step with prisma/schema.prisma.
//   npm run db:migrate:dev -- <name>   writes a new migration for SQLite and for PostgreSQL
//   npm run db:migrate:dev -- --check  fails if the schema has changes no migration holds (CI)
// Each diff replays the existing migrations in a shadow database (see docs/development.md): SQLite needs no
// server; PostgreSQL uses TEST_POSTGRES_URL (default: the local server, trust auth).
import { execFileSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

const args = process.argv.slice(2);
const check = args.includes("--check");
const name = args.find((arg) => !arg.startsWith("--"));
if (!check && !/^[a-z0-9_]+$/.test(name ?? "")) {
  console.error("Usage: npm run db:migrate:dev -- <name in snake_case>   or   -- --check");
  process.exit(2);
}

const postgresUrl = process.env.TEST_POSTGRES_URL ?? "postgresql://postgres@127.0.0.1:5432/postgres";
const providers = [
  { label: "SQLite", schema: "prisma/schema.prisma", dir: "prisma/migrations", url: `file:${path.join(tmpdir(), "plume-migrate-dev.db")}` },
  { label: "PostgreSQL", schema: "prisma/postgres/schema.prisma", dir: "prisma/postgres/migrations", url: postgresUrl },
];

// The PostgreSQL schema is derived from the SQLite one; refresh it (and the clients) first.
execFileSync(process.execPath, ["scripts/prisma-generate.mjs"], { stdio: "inherit" });

const stamp = new Date().toISOString().replace(/\D/g, "").slice(0, 14);
let drift = false;
for (const { label, schema, dir, url } of providers) {
  const sql = execFileSync(
    process.execPath,
    ["node_modules/prisma/build/index.js", "migrate", "diff", "--from-migrations", dir, "--to-schema-datamodel", schema, "--script"],
    { env: { ...process.env, DATABASE_URL: url, PRISMA_HIDE_UPDATE_MESSAGE: "1" }, encoding: "utf8", stdio: ["ignore", "pipe", "inherit"] },
  );
  const empty = !sql.replace(/--.*$/gm, "").trim();
  if (empty) {
    console.log(`${label}: migrations match the schema.`);
    continue;
  }
  drift = true;
  if (check) {
    console.error(`${label}: the schema has changes that no migration holds:\n${sql}`);
    continue;
  }
  const folder = path.join(dir, `${stamp}_${name}`);
  mkdirSync(folder, { recursive: true });
  writeFileSync(path.join(folder, "migration.sql"), sql);
  console.log(`${label}: wrote ${folder}/migration.sql`);
}
if (check && drift) {
  console.error("Run `npm run db:migrate:dev -- <name>` and commit the new migrations.");
  process.exit(1);
}
