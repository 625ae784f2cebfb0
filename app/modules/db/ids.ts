/** Whether a value from a URL can be one of our record ids (cuid); anything else is simply not found. */
export function isRecordId(value: string | undefined): value is string {
  return typeof value === "string" && /^[A-Za-z0-9_-]{1,64}$/.test(value);
}

let idCounter = 0;

/**
 * A new record id for rows written in a batch (createMany answers no ids): a cuid-like string, "c",
 * the time, a counter and random letters, so ids made one after another sort in the order they
 * were made (a list ordered by creation time, then id, shows a batch in its order).
 */
export function newRecordId(now: number = Date.now()): string {
  idCounter = (idCounter + 1) % 36 ** 4;
  const random = Array.from(crypto.getRandomValues(new Uint8Array(12)), (byte) => (byte % 36).toString(36)).join("");
  return `c${now.toString(36).padStart(8, "0")}${idCounter.toString(36).padStart(4, "0")}${random}`;
}
