// Derives the PostgreSQL schema from the SQLite source and generates both Prisma clients.
// Runs on `npm install` (postinstall) so a fresh clone needs no other command.
import { execFileSync } from "node:child_process";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";

const source = readFileSync("prisma/schema.prisma", "utf8");
const postgres =
  "// GENERATED from prisma/schema.prisma by scripts/prisma-generate.mjs: do not edit.\n" +
  source
    .replace('provider = "sqlite"', 'provider = "postgresql"')
    .replace('output     = "../app/generated/prisma-sqlite"', 'output     = "../../app/generated/prisma-postgres"');
if (!postgres.includes('"postgresql"') || !postgres.includes("prisma-postgres")) {
  throw new Error("prisma-generate: could not derive the PostgreSQL schema (datasource or output changed?)");
}
mkdirSync("prisma/postgres", { recursive: true });
writeFileSync("prisma/postgres/schema.prisma", postgres);

const prisma = ["node_modules/prisma/build/index.js", "generate", "--no-hints"];
const env = { ...process.env, DATABASE_URL: "file:./unused.db", PRISMA_HIDE_UPDATE_MESSAGE: "1" };
execFileSync(process.execPath, [...prisma, "--schema", "prisma/schema.prisma"], { stdio: "inherit", env });
execFileSync(process.execPath, [...prisma, "--schema", "prisma/postgres/schema.prisma"], {
  stdio: "inherit",
  env: { ...env, DATABASE_URL: "postgresql://unused@127.0.0.1/unused" },
});
