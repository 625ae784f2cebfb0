// A database that stays locked by another process (a backup holding SQLite's write lock) past the
// time a request may wait for it: answered 503 with Retry-After, never a 500
// (docs/decisions/0043-reliability.md).

/** Found on the error whatever copy of this module threw it (the server and the app are bundled apart). */
const BRAND = Symbol.for("plume.databaseBusy");

export class DatabaseBusy extends Error {
  readonly [BRAND] = true;

  constructor(public readonly retryAfterSeconds: number) {
    super("The database stayed locked by another process");
    this.name = "DatabaseBusy";
  }
}

export function isDatabaseBusy(error: unknown): error is DatabaseBusy {
  return typeof error === "object" && error !== null && BRAND in error;
}
