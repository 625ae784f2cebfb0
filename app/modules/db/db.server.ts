import { PrismaLibSQL } from "@prisma/adapter-libsql";
import type { Client, Config } from "@libsql/client";
import type * as PostgresAdapter from "@prisma/adapter-pg";
import { Prisma as SqlitePrisma, PrismaClient as SqliteClient } from "~/generated/prisma-sqlite/client";
import { PrismaClient as PostgresClient } from "~/generated/prisma-postgres/client";
import { getEnv } from "~/core/env/env.server";
import { loadOnFirstUse } from "~/core/runtime/load-on-first-use.server";
import { waitForLocks } from "./sqlite.server";
import { sqliteFilePath } from "./urls";

/** Both generated clients have the same API; the SQLite one's types stand for both. */
export type Db = SqliteClient;
export type { Prisma } from "~/generated/prisma-sqlite/client";
/** Tagged SQL for the few statements Prisma's query API cannot express (same on SQLite and PostgreSQL). */
export const sql = SqlitePrisma.sql;
export const joinSql = SqlitePrisma.join;
export const empty = SqlitePrisma.empty;
/** SQL written into a statement as is: only for text the code made itself (never input). */
export const raw = SqlitePrisma.raw;

const postgresAdapter = loadOnFirstUse<typeof PostgresAdapter>("@prisma/adapter-pg");

class WaitingLibSQL extends PrismaLibSQL {
  override createClient(config: Config): Client {
    return waitForLocks(super.createClient(config));
  }
}

export function createDb(databaseUrl: string): Db {
  if (sqliteFilePath(databaseUrl) !== null) {
    return new SqliteClient({ adapter: new WaitingLibSQL({ url: databaseUrl }) });
  }
  const adapter = new (postgresAdapter().PrismaPg)({ connectionString: databaseUrl, max: 10 });
  return new PostgresClient({ adapter }) as unknown as Db;
}

const globalForDb = globalThis as unknown as { __plumeDb?: Db };

/** The process-wide client, created on first use from DATABASE_URL. */
export function getDb(): Db {
  globalForDb.__plumeDb ??= createDb(getEnv().DATABASE_URL);
  return globalForDb.__plumeDb;
}

export async function disconnectDb(): Promise<void> {
  await globalForDb.__plumeDb?.$disconnect();
  globalForDb.__plumeDb = undefined;
}
