/** "12 Jun" in the reader's language, for a "YYYY-MM-DD" bucket start. */
export function bucketLabel(start: string, language: string): string {
  return new Intl.DateTimeFormat(language, { day: "numeric", month: "short", timeZone: "UTC" }).format(new Date(`${start}T00:00:00Z`));
}
