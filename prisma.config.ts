// Prisma CLI configuration. Migrations run in Prisma's WebAssembly schema engine through a driver
// adapter, so no native engine is ever downloaded (see docs/development.md). The provider follows DATABASE_URL.
import path from "node:path";
import { defineConfig } from "prisma/config";
import { PrismaLibSQL } from "@prisma/adapter-libsql";
import { PrismaPg } from "@prisma/adapter-pg";
import pg from "pg";
import type { Client, Config, InStatement } from "@libsql/client";

process.env.DATABASE_URL ??= `file:${path.resolve(process.env.DATA_DIR ?? "data", "plume.db")}`;
const url = process.env.DATABASE_URL;
const isPostgres = /^postgres(ql)?:\/\//.test(url);

export default defineConfig({
  engine: "js",
  experimental: { adapter: true },
  schema: isPostgres ? "prisma/postgres/schema.prisma" : "prisma/schema.prisma",
  migrations: { path: isPostgres ? "prisma/postgres/migrations" : "prisma/migrations" },
  async adapter() {
    if (!isPostgres) return new MultiStatementLibSQL({ url });
    reportNameTypesAsText();
    const u = new URL(url);
    // Our own pool, so queries go through the patched pg (the CLI may load a second copy of pg).
    // Host, user and database separately: a connectionString would leak into the shadow pool.
    const pool = new pg.Pool({
      host: u.hostname,
      port: Number(u.port || 5432),
      user: decodeURIComponent(u.username),
      password: decodeURIComponent(u.password),
      database: decodeURIComponent(u.pathname.slice(1)),
      idleTimeoutMillis: 200,
      allowExitOnIdle: true,
    });
    return new PrismaPg(pool, { disposeExternalPool: true });
  },
});

// prisma/orm#27403: the wasm schema engine cannot deserialize PostgreSQL's `name` and `char`
// columns (OIDs 19, 18; arrays 1003, 1002) that it reads from the catalog. Report them as text.
// Only the CLI loads this file, so the application's own queries are untouched.
function reportNameTypesAsText() {
  type Result = { fields?: { dataTypeID: number }[] } | undefined;
  const asText: Record<number, number> = { 19: 25, 18: 25, 1003: 1009, 1002: 1009 };
  const fix = (res: Result) => {
    for (const field of res?.fields ?? []) field.dataTypeID = asText[field.dataTypeID] ?? field.dataTypeID;
    return res;
  };
  const proto = pg.Client.prototype as unknown as { query: (...args: unknown[]) => unknown; __patched?: boolean };
  if (proto.__patched) return;
  proto.__patched = true;
  const original = proto.query;
  proto.query = function (this: unknown, ...args: unknown[]) {
    // pg.Pool calls client.query with a callback; direct callers get a promise.
    const last = args.length - 1;
    const callback = args[last];
    if (typeof callback === "function") {
      args[last] = (err: unknown, res: Result) => callback(err, fix(res));
      return original.apply(this, args);
    }
    const result = original.apply(this, args) as Promise<Result> | undefined;
    // Duck-typed: the CLI loads this file in another realm, where `instanceof Promise` fails.
    return typeof result?.then === "function" ? result.then(fix) : result;
  };
}

// The libsql adapter sends each migration script to the shadow database with a single `execute`,
// which runs only its first statement, so `migrate diff --from-migrations` and `migrate dev` see
// false drift. Scripts (several statements, no arguments) go to `executeMultiple` instead.
class MultiStatementLibSQL extends PrismaLibSQL {
  override createClient(config: Config): Client {
    const client = super.createClient(config);
    const execute = client.execute.bind(client) as (stmt: InStatement) => ReturnType<Client["execute"]>;
    client.execute = (async (stmt: InStatement) => {
      const sql = typeof stmt === "string" ? stmt : stmt.sql;
      const hasArgs = typeof stmt !== "string" && Array.isArray(stmt.args) && stmt.args.length > 0;
      if (hasArgs || !/;\s*\S/.test(sql.trim())) return execute(stmt);
      await client.executeMultiple(sql);
      return { columns: [], columnTypes: [], rows: [], rowsAffected: 0, lastInsertRowid: undefined, toJSON: () => ({}) };
    }) as Client["execute"];
    return client;
  }
}
