import Database from "libsql";
import { Sqlite3Client, Sqlite3Transaction, type Client, type InStatement, type ResultSet } from "@libsql/client/sqlite3";
import { DatabaseBusy } from "./busy";

// How the app waits for SQLite's write lock, which another process (the worker, a backup) may hold
// (docs/decisions/0043-reliability.md). libsql is synchronous: its busy timeout sleeps with the
// event loop stopped, so it is kept to a few milliseconds, and longer waits are timers between
// tries (reads and /healthz go on meanwhile), up to LOCK_WAIT_MS; then DatabaseBusy (a 503).

/** The driver's own wait, event loop stopped: ordinary contention between our processes. */
const BUSY_TIMEOUT_MS = 20;
/** How long a write waits for the lock in all, event loop running. */
export const LOCK_WAIT_MS = 5_000;
/** Short pauses: another process's transactions leave the lock free only briefly. */
const FIRST_PAUSE_MS = 5;
const MAX_PAUSE_MS = 25;
const RETRY_AFTER_SECONDS = 5;

/** The write lock was held past the driver's short wait; nothing was run. Has no `code`, so Prisma's adapter passes it on as is. */
export class LockBusy extends Error {
  constructor() {
    super("SQLite's write lock is held by another connection");
    this.name = "LockBusy";
  }
}

const isBusyError = (error: unknown) => ((error as { rawCode?: number } | null)?.rawCode ?? 0) % 256 === 5;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Runs `attempt` again while it finds the lock taken, with the event loop free between tries; then DatabaseBusy. */
export async function whileLocked<T>(attempt: () => Promise<T>, waitMs = LOCK_WAIT_MS): Promise<T> {
  const giveUpAt = Date.now() + waitMs;
  for (let pause = FIRST_PAUSE_MS; ; pause = Math.min(pause * 2, MAX_PAUSE_MS)) {
    try {
      return await attempt();
    } catch (error) {
      if (!(error instanceof LockBusy)) throw error;
      if (Date.now() + pause > giveUpAt) throw new DatabaseBusy(RETRY_AFTER_SECONDS);
    }
    await sleep(pause);
  }
}

/** Statements that only read: run as they are. A WITH … is a read unless it changes something. */
export function isRead(sql: string): boolean {
  const head = sql.replace(/^(?:\s+|--[^\n]*(?:\n|$)|\/\*[\s\S]*?\*\/)*/, "");
  if (/^SELECT\b/i.test(head)) return true;
  return /^WITH\b/i.test(head) && !/\b(?:INSERT|UPDATE|DELETE|REPLACE)\b/i.test(head);
}

/**
 * The libsql client Prisma's adapter is given for a SQLite file, on one connection (the adapter
 * already runs one statement or transaction at a time). Every write, alone or in a transaction,
 * first takes the write lock with `BEGIN IMMEDIATE` through `exec`, which finalizes the statement
 * even when it fails: a statement left pending after SQLITE_BUSY would make the connection's next
 * COMMIT fail ("SQL statements in progress") and keep the lock held for ever. Once the lock is
 * ours, nothing inside can meet SQLITE_BUSY; a failed COMMIT is rolled back, never left open.
 */
class LockAwareClient {
  readonly protocol = "file";
  closed = false;
  readonly #db: Database.Database;
  /** libsql's own statement running and value conversion, on our connection. */
  readonly #statements: Sqlite3Client;

  constructor(file: string) {
    this.#db = new Database(file);
    this.#db.prepare(`PRAGMA busy_timeout = ${BUSY_TIMEOUT_MS}`).all();
    this.#statements = new Sqlite3Client(file, {}, this.#db, "number");
  }

  async execute(stmt: InStatement): Promise<ResultSet> {
    const sql = typeof stmt === "string" ? stmt : stmt.sql;
    if (isRead(sql)) return this.#statements.execute(stmt);
    this.#begin();
    try {
      const result = await this.#statements.execute(stmt);
      this.#commit();
      return result;
    } catch (error) {
      this.#rollback();
      throw error;
    }
  }

  async transaction(): Promise<LockAwareTransaction> {
    this.#begin();
    return new LockAwareTransaction(
      this.#db,
      () => this.#commit(),
      () => this.#rollback(),
    );
  }

  async executeMultiple(sql: string): Promise<void> {
    try {
      this.#db.exec(sql);
    } finally {
      this.#rollback();
    }
  }

  close(): void {
    this.closed = true;
    this.#db.close();
  }

  #begin(): void {
    try {
      this.#db.exec("BEGIN IMMEDIATE");
    } catch (error) {
      if (isBusyError(error)) throw new LockBusy();
      throw error;
    }
  }

  #commit(): void {
    try {
      this.#db.exec("COMMIT");
    } catch (error) {
      this.#rollback();
      throw error;
    }
  }

  #rollback(): void {
    if (this.#db.inTransaction) this.#db.exec("ROLLBACK");
  }
}

class LockAwareTransaction {
  readonly #statements: Sqlite3Transaction;

  constructor(
    private readonly db: Database.Database,
    private readonly commitNow: () => void,
    private readonly rollbackNow: () => void,
  ) {
    this.#statements = new Sqlite3Transaction(db, "number");
  }

  execute(stmt: InStatement): Promise<ResultSet> {
    return this.#statements.execute(stmt);
  }

  async commit(): Promise<void> {
    this.commitNow();
  }

  async rollback(): Promise<void> {
    this.rollbackNow();
  }

  close(): void {
    this.rollbackNow();
  }

  get closed(): boolean {
    return !this.db.inTransaction;
  }
}

/** Prisma's libsql adapter uses execute, transaction (execute, commit, rollback), executeMultiple and close. */
export function lockAwareClient(file: string): Client {
  return new LockAwareClient(file) as unknown as Client;
}

/**
 * For the migration client only (it runs before the server listens): a plain busy timeout, set
 * again on the new connection libsql opens after each transaction.
 */
export function waitForLocks(client: Client): Client {
  // A local libsql client runs the statement synchronously, before anything else is sent.
  const configure = () => void client.execute("PRAGMA busy_timeout = 5000").catch(() => {});
  configure();
  const transaction = client.transaction.bind(client);
  client.transaction = (async (mode) => {
    const tx = await transaction(mode);
    configure();
    return tx;
  }) as Client["transaction"];
  return client;
}
