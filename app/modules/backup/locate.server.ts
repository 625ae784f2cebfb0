import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { sqliteFilePath } from "~/modules/db/urls";
import { BackupRefused } from "./format";

// Where the data a backup covers lives, from the same variables the server reads (and the same
// defaults as app/core/env), without generating anything: a restore must not create a secret first.

export interface DataLocation {
  dataDir: string;
  databaseUrl: string;
  databaseFile: string;
  uploadsDir: string;
  secretFile: string;
  /** APP_SECRET as the server sees it: the environment's, else (outside production) DATA_DIR/app-secret. */
  secret: string | null;
  /** APP_SECRET set in the environment (production reads only this one). */
  environmentSecret: string | null;
  /** MEDIA_STORAGE=s3: the media live in a bucket, not in uploads/. */
  s3: { bucket: string; endpoint: string; region?: string } | null;
}

const POSTGRES_BACKUP = [
  "This Plume uses PostgreSQL (DATABASE_URL): back it up with PostgreSQL's own tools, not this command.",
  '  Backup:  pg_dump --format=custom --file=plume.dump "$DATABASE_URL"',
  '  Restore: pg_restore --clean --if-exists --no-owner --dbname="$DATABASE_URL" plume.dump',
  "Keep APP_SECRET with the dump (without it the connected accounts' tokens cannot be read), and DATA_DIR/uploads unless MEDIA_STORAGE=s3.",
].join("\n");

export function locateData(source: Record<string, string | undefined> = process.env): DataLocation {
  const value = (name: string) => (source[name] ? source[name] : undefined);
  const dataDir = path.resolve(value("DATA_DIR") ?? "data");
  const databaseUrl = value("DATABASE_URL") ?? `file:${path.join(dataDir, "plume.db")}`;
  const databaseFile = sqliteFilePath(databaseUrl);
  if (databaseFile === null) throw new BackupRefused(POSTGRES_BACKUP);
  const secretFile = path.join(dataDir, "app-secret");
  const secret = value("APP_SECRET") ?? (value("NODE_ENV") !== "production" && existsSync(secretFile) ? readFileSync(secretFile, "utf8").trim() : null);
  const s3 = value("MEDIA_STORAGE") === "s3" ? { bucket: value("S3_BUCKET") ?? "", endpoint: value("S3_ENDPOINT") ?? "", region: value("S3_REGION") } : null;
  return {
    dataDir,
    databaseUrl,
    databaseFile,
    uploadsDir: path.join(dataDir, "uploads"),
    secretFile,
    secret: secret || null,
    environmentSecret: value("APP_SECRET") ?? null,
    s3,
  };
}
