import type { Client } from "@libsql/client";

const BUSY_TIMEOUT_MS = 5_000;

/**
 * Several processes (web, worker) may share one SQLite file, and libsql sets no busy timeout: a
 * write would fail at once with SQLITE_BUSY instead of waiting for the lock. libsql also opens a
 * new connection after each transaction, so the timeout is set again on every new connection.
 * The wait blocks the event loop (libsql is synchronous), which is why it is short, and why one
 * process must never hold two connections that write at once: Prisma's adapter serializes them.
 */
export function waitForLocks(client: Client): Client {
  // A local libsql client runs the statement synchronously, before anything else is sent.
  const configure = () => void client.execute(`PRAGMA busy_timeout = ${BUSY_TIMEOUT_MS}`).catch(() => {});
  configure();
  const transaction = client.transaction.bind(client);
  client.transaction = (async (mode) => {
    const tx = await transaction(mode);
    configure();
    return tx;
  }) as Client["transaction"];
  return client;
}
