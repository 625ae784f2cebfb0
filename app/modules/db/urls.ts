import path from "node:path";

/** The file behind a `file:` SQLite URL, or null for any other database URL. */
export function sqliteFilePath(databaseUrl: string): string | null {
  if (!databaseUrl.startsWith("file:")) return null;
  const withoutScheme = databaseUrl.slice("file:".length).replace(/\?.*$/, "");
  return path.resolve(withoutScheme.startsWith("//") ? withoutScheme.slice(2) : withoutScheme);
}
