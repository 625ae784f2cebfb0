import { PrismaLibSQL } from "@prisma/adapter-libsql";
import type { Client, Config } from "@libsql/client";
import type * as PostgresAdapter from "@prisma/adapter-pg";
import { Prisma as SqlitePrisma, PrismaClient as SqliteClient } from "~/generated/prisma-sqlite/client";
import { PrismaClient as PostgresClient } from "~/generated/prisma-postgres/client";
import { getEnv } from "~/core/env/env.server";
import { loadOnFirstUse } from "~/core/runtime/load-on-first-use.server";
import { LOCK_WAIT_MS, lockAwareClient, whileLocked } from "./sqlite.server";
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

/**
 * SQLite through our lock-aware client (sqlite.server.ts). A statement or transaction that finds
 * the write lock taken is tried again here, outside the adapter's own queue, so the reads queued
 * behind it go on while it waits.
 */
class LockAwareLibSQL extends PrismaLibSQL {
  constructor(
    config: Config,
    private readonly lockWaitMs: number,
  ) {
    super(config);
  }

  override createClient(config: Config): Client {
    return lockAwareClient(sqliteFilePath(config.url) ?? config.url);
  }

  override async connect() {
    const adapter = await super.connect();
    const queryRaw = adapter.queryRaw.bind(adapter);
    const executeRaw = adapter.executeRaw.bind(adapter);
    const startTransaction = adapter.startTransaction.bind(adapter);
    adapter.queryRaw = (query) => whileLocked(() => queryRaw(query), this.lockWaitMs);
    adapter.executeRaw = (query) => whileLocked(() => executeRaw(query), this.lockWaitMs);
    adapter.startTransaction = (isolationLevel) => whileLocked(() => startTransaction(isolationLevel), this.lockWaitMs);
    return adapter;
  }
}

/**
 * Prisma's own wait to start a transaction (2 s by default): longer than ours for the SQLite lock,
 * which decides (DatabaseBusy, a 503), plus the wait behind this process's other transactions.
 */
export const TRANSACTION_START_WAIT_MS = LOCK_WAIT_MS + 2_000;

/** `lockWaitMs`: how long a SQLite write waits for another connection's lock before DatabaseBusy. */
export function createDb(databaseUrl: string, { lockWaitMs = LOCK_WAIT_MS }: { lockWaitMs?: number } = {}): Db {
  if (sqliteFilePath(databaseUrl) !== null) {
    const transactionOptions = { maxWait: TRANSACTION_START_WAIT_MS, timeout: LOCK_WAIT_MS + 5_000 };
    return new SqliteClient({ adapter: new LockAwareLibSQL({ url: databaseUrl }, lockWaitMs), transactionOptions });
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
