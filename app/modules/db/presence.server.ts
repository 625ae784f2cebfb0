import Database from "libsql";
import { sqliteFilePath } from "./urls";

/**
 * Keeps one connection open on a SQLite database for the life of the process, after one read: in
 * WAL mode that holds a shared lock on the file, which is how `npm run restore` sees that a server
 * or worker is running on it (docs/decisions/0060-backups.md). The app's own connection opens only
 * at its first query, which may come late. Nothing for PostgreSQL. Returns the closer.
 */
export function keepDatabaseOpen(databaseUrl: string): () => void {
  const file = sqliteFilePath(databaseUrl);
  if (file === null) return () => {};
  const db = new Database(file);
  db.prepare("SELECT count(*) FROM sqlite_master").all();
  return () => db.close();
}
