/** Whether the runtime knows this IANA time zone (e.g. Europe/Paris). */
export function isValidTimeZone(value: unknown): value is string {
  if (typeof value !== "string" || value.length === 0 || value.length > 64) return false;
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

/** The time zone to store: the given one when valid, otherwise UTC. */
export function normalizeTimeZone(value: unknown): string {
  return isValidTimeZone(value) ? value : "UTC";
}
