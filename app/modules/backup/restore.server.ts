import { randomBytes } from "node:crypto";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { cp, rename, rm } from "node:fs/promises";
import path from "node:path";
import { makePrivateDir } from "~/modules/files/private-files.server";
import { BackupRefused, DATABASE_ENTRY, type Manifest, migrationVerdict, SECRET_ENTRY, UPLOADS_FOLDER } from "./format";
import type { DataLocation } from "./locate.server";
import { extractVerified } from "./read-archive.server";
import { databaseFacts, databaseInUse, switchToWal } from "./sqlite.server";

// `npm run restore FILE` (docs/decisions/0060-backups.md), for a stopped server: the archive is
// read and checked whole into a private folder inside DATA_DIR before anything there changes; with
// --force the data already there is moved aside (never deleted), then the checked files moved in.

export interface RestoreOptions {
  /** Data already in DATA_DIR is moved aside into before-restore-<time>/ instead of refusing. */
  force?: boolean;
  /** The migrations this code has (prisma/migrations): a database that applied another is refused. */
  knownMigrations: string[];
  now?: Date;
}

export interface RestoreResult {
  manifest: Manifest;
  /** Where the data that was there went, with --force. */
  movedAside: string | null;
  /** The environment's APP_SECRET is not the archive's: the tokens need the archive's (now DATA_DIR/app-secret). */
  secretDiffers: boolean;
}

const stamp = (date: Date) =>
  date
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d+Z$/, "Z");

/** What a restore would replace: the database and its WAL files, the secret, uploads and their resized copies. */
function existingData(location: DataLocation): string[] {
  const database = ["", "-wal", "-shm", "-journal"].map((suffix) => location.databaseFile + suffix).filter((file) => existsSync(file));
  const secret = existsSync(location.secretFile) ? [location.secretFile] : [];
  const folders = [location.uploadsDir, path.join(location.dataDir, "image-cache")].filter((dir) => existsSync(dir) && readdirSync(dir).length > 0);
  return [...database, ...secret, ...folders];
}

export async function restoreBackup(location: DataLocation, archive: string, options: RestoreOptions): Promise<RestoreResult> {
  const now = options.now ?? new Date();
  const file = path.resolve(archive);
  if (!existsSync(file) || !statSync(file).isFile()) throw new BackupRefused(`${archive} is not a file. Nothing was changed.`);
  if (databaseInUse(location.databaseFile)) {
    throw new BackupRefused(
      `A Plume server or worker has ${location.databaseFile} open: stop every process using DATA_DIR ${location.dataDir}, then restore. Nothing was changed.`,
    );
  }
  const existing = existingData(location);
  if (existing.length > 0 && !options.force) {
    throw new BackupRefused(
      `DATA_DIR ${location.dataDir} already holds data (${existing.map((p) => path.relative(location.dataDir, p) || p).join(", ")}). ` +
        "Run again with --force to move it aside into before-restore-<time>/ (nothing is deleted). Nothing was changed.",
    );
  }

  const createdDataDir = !existsSync(location.dataDir);
  await makePrivateDir(location.dataDir);
  const staging = path.join(location.dataDir, `.restore-${process.pid}-${randomBytes(4).toString("hex")}`);
  await makePrivateDir(staging);
  try {
    const manifest = await extractVerified(file, staging);
    const database = path.join(staging, DATABASE_ENTRY);
    checkDatabase(archive, database, manifest, options.knownMigrations);
    switchToWal(database);

    let movedAside: string | null = null;
    if (existing.length > 0) {
      movedAside = path.join(location.dataDir, `before-restore-${stamp(now)}`);
      await makePrivateDir(movedAside);
      for (const item of existing) await move(item, path.join(movedAside, path.basename(item)));
    }
    await makePrivateDir(path.dirname(location.databaseFile));
    await move(database, location.databaseFile);
    await move(path.join(staging, SECRET_ENTRY), location.secretFile);
    if (manifest.media.storage === "local" && existsSync(path.join(staging, UPLOADS_FOLDER)))
      await move(path.join(staging, UPLOADS_FOLDER), location.uploadsDir);
    const secret = readFileSync(location.secretFile, "utf8").trim();
    return { manifest, movedAside, secretDiffers: location.environmentSecret !== null && location.environmentSecret !== secret };
  } catch (error) {
    if (createdDataDir) await rm(location.dataDir, { recursive: true, force: true });
    throw error;
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}

function checkDatabase(archive: string, database: string, manifest: Manifest, known: string[]): void {
  const newer = (level: string) =>
    new BackupRefused(
      `${archive} holds a database at migration ${level}, newer than this Plume knows (latest ${[...known].sort().at(-1) ?? "none"}): restore it with the Plume version that made it (${manifest.appVersion}) or a later one. Nothing was changed.`,
    );
  const verdict = migrationVerdict(manifest.database.migration, known);
  if (verdict === "newer") throw newer(manifest.database.migration);
  const facts = databaseFacts(database, "full");
  if (facts.integrity !== "ok") throw new BackupRefused(`The database in ${archive} fails SQLite's integrity check (${facts.integrity}). Nothing was changed.`);
  if (facts.migrations.at(-1) !== manifest.database.migration) {
    throw new BackupRefused(`The database in ${archive} is not at the migration its manifest names (${manifest.database.migration}). Nothing was changed.`);
  }
  for (const level of facts.migrations) {
    const found = migrationVerdict(level, known);
    if (found === "newer") throw newer(level);
    if (found === "unknown")
      throw new BackupRefused(`${archive} holds a database with migration ${level}, which this Plume does not have. Nothing was changed.`);
  }
}

/** A rename, or a copy then removal across file systems (DATABASE_URL may point outside DATA_DIR). */
async function move(from: string, to: string): Promise<void> {
  try {
    await rename(from, to);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EXDEV") throw error;
    await cp(from, to, { recursive: true, errorOnExist: true, force: false, preserveTimestamps: true });
    await rm(from, { recursive: true, force: true });
  }
}
