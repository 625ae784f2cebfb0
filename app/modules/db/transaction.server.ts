import { getDb, raw, sql, TRANSACTION_START_WAIT_MS, type Prisma } from "./db.server";

/** The client a transaction's statements go through. */
export type Tx = Prisma.TransactionClient;

/**
 * Runs `work` in one transaction (docs/decisions/0042). Keep it to a few short statements: on
 * SQLite it holds the database's write lock, and this process's other queries wait for it. Start
 * with a write (`lockRow` does): a SQLite transaction that reads first and then writes fails at once
 * when another process wrote in between, instead of waiting for the lock.
 */
export function inTransaction<T>(work: (tx: Tx) => Promise<T>): Promise<T> {
  return getDb().$transaction(work, { maxWait: TRANSACTION_START_WAIT_MS, timeout: 10_000 });
}

/**
 * Takes the write lock on one row until the transaction ends, changing nothing: whoever checks a
 * count under it and then writes is alone doing so for that row (a user, a post). Every other
 * transaction asking for the same row waits here, then reads what the first one wrote. On SQLite
 * any write takes the database's lock, which is as good. The column set to itself is in no index
 * and no key, so no index entry or foreign key is touched. False when the row does not exist.
 */
export async function lockRow(tx: Tx, table: "User" | "Post" | "Workspace", id: string): Promise<boolean> {
  return (await tx.$executeRaw(sql`UPDATE ${raw(`"${table}"`)} SET "updatedAt" = "updatedAt" WHERE "id" = ${id}`)) === 1;
}
