/** Whether a value from a URL can be one of our record ids (cuid); anything else is simply not found. */
export function isRecordId(value: string | undefined): value is string {
  return typeof value === "string" && /^[A-Za-z0-9_-]{1,64}$/.test(value);
}
