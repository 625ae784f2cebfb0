// Values read by raw statements ($queryRaw) come back as each database keeps them: SQLite gives
// instants as ISO text, booleans as 0/1 and counts as numbers, PostgreSQL gives Dates, booleans and
// bigint counts. These make them the same on both.

export function rawDate(value: Date | string): Date;
export function rawDate(value: Date | string | null): Date | null;
export function rawDate(value: Date | string | null): Date | null {
  return value === null ? null : new Date(value);
}

export function rawBoolean(value: boolean | number | bigint): boolean {
  return typeof value === "boolean" ? value : Number(value) !== 0;
}

export function rawNumber(value: number | bigint): number {
  return Number(value);
}
