import { randomBytes } from "node:crypto";
import { createWriteStream, existsSync, readFileSync, statSync } from "node:fs";
import { chmod, copyFile, link, lstat, open, readdir, rm, unlink, writeFile } from "node:fs/promises";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { create as createTar } from "tar";
import { makePrivateDir, PRIVATE_FILE_MODE } from "~/modules/files/private-files.server";
import {
  archiveName,
  archivesToPrune,
  BackupRefused,
  DATABASE_ENTRY,
  FORMAT_NAME,
  FORMAT_VERSION,
  type Manifest,
  MANIFEST,
  type MediaNote,
  SECRET_ENTRY,
  UPLOADS_FOLDER,
} from "./format";
import { hashFile } from "./hash.server";
import type { DataLocation } from "./locate.server";
import { copyDatabase, databaseFacts } from "./sqlite.server";

// `npm run backup` (docs/decisions/0060-backups.md): everything is first gathered in a private
// staging folder beside the data (the database copy, the secret, hard links to the uploads, the
// manifest), then packed into <name>.plume-tmp and renamed: a reader sees a whole archive or none.

export interface BackupOptions {
  /** A folder (the archive gets a dated name there) or a file ending in .tar.gz. Default DATA_DIR/backups. */
  out?: string;
  /** Keep this many dated archives in the folder, removing older ones. */
  keep?: number;
  now?: Date;
}

export interface BackupResult {
  file: string;
  bytes: number;
  manifest: Manifest;
  pruned: string[];
}

/** Staging folders of a backup killed midway are removed by a later backup once they are this old. */
const STALE_AFTER_MS = 24 * 3_600_000;

function destination(location: DataLocation, out: string | undefined, now: Date): { dir: string; file: string } {
  const target = path.resolve(out ?? path.join(location.dataDir, "backups"));
  const isDir = existsSync(target) && statSync(target).isDirectory();
  const isFile = target.endsWith(".tar.gz") && !isDir;
  if (!isFile && !isDir && existsSync(target)) throw new BackupRefused(`--out ${out} is a file: give a folder, or a file name ending in .tar.gz.`);
  return isFile ? { dir: path.dirname(target), file: target } : { dir: target, file: path.join(target, archiveName(now)) };
}

export async function createBackup(location: DataLocation, options: BackupOptions = {}): Promise<BackupResult> {
  const now = options.now ?? new Date();
  if (options.keep !== undefined && (!Number.isInteger(options.keep) || options.keep < 1))
    throw new BackupRefused("--keep must be a whole number of at least 1.");
  if (!existsSync(location.databaseFile))
    throw new BackupRefused(`There is no database at ${location.databaseFile}: nothing to back up (is DATA_DIR or DATABASE_URL the server's?).`);
  if (!location.secret) {
    throw new BackupRefused(
      "APP_SECRET is not known: run the backup with the server's environment (APP_SECRET set as the server has it), or the tokens in it could not be read after a restore.",
    );
  }
  const { dir, file } = destination(location, options.out, now);
  if (existsSync(file)) throw new BackupRefused(`${file} already exists: choose another name, or wait a second for a new dated one.`);

  const stagingRoot = path.join(location.dataDir, "backups");
  await makePrivateDir(stagingRoot);
  await removeStale(stagingRoot, now);
  const staging = path.join(stagingRoot, `.staging-${process.pid}-${randomBytes(4).toString("hex")}`);
  await makePrivateDir(staging);
  try {
    const manifest = await gather(location, staging, now);
    await makePrivateDir(dir);
    const bytes = await pack(staging, manifest, file);
    const pruned = options.keep === undefined ? [] : await prune(dir, options.keep, file);
    return { file, bytes, manifest, pruned };
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}

async function gather(location: DataLocation, staging: string, now: Date): Promise<Manifest> {
  const uploads = location.s3 ? null : path.join(staging, UPLOADS_FOLDER);
  // Uploads are linked before and after the copy: a file deleted just after the copy was taken is
  // still there, and one added just before it too (files are never rewritten: a link is a snapshot).
  if (uploads) await linkTree(location.uploadsDir, uploads);
  const databaseCopy = path.join(staging, DATABASE_ENTRY);
  await makePrivateDir(path.dirname(databaseCopy));
  await copyDatabase(location.databaseUrl, databaseCopy);
  await chmod(databaseCopy, PRIVATE_FILE_MODE);
  if (uploads) await linkTree(location.uploadsDir, uploads);

  const facts = databaseFacts(databaseCopy);
  if (facts.integrity !== "ok") throw new BackupRefused(`The database copy is damaged (${facts.integrity}): no archive was written.`);
  const migration = facts.migrations.at(-1);
  if (!migration) throw new BackupRefused(`${location.databaseFile} has no applied migrations: is it Plume's database?`);

  const secretFile = path.join(staging, SECRET_ENTRY);
  await makePrivateDir(path.dirname(secretFile));
  await writeFile(secretFile, location.secret + "\n", { mode: PRIVATE_FILE_MODE });

  const files: Manifest["files"] = [];
  for (const relative of [DATABASE_ENTRY, SECRET_ENTRY, ...(uploads ? (await listFiles(uploads)).map((f) => `${UPLOADS_FOLDER}/${f}`) : [])]) {
    files.push({ path: relative, ...(await hashFile(path.join(staging, relative))) });
  }
  const uploaded = files.filter((f) => f.path.startsWith(`${UPLOADS_FOLDER}/`));
  const media: MediaNote = location.s3
    ? { storage: "s3", ...location.s3 }
    : { storage: "local", files: uploaded.length, bytes: uploaded.reduce((sum, f) => sum + f.size, 0) };
  return {
    format: FORMAT_NAME,
    formatVersion: FORMAT_VERSION,
    appVersion: appVersion(),
    createdAt: now.toISOString(),
    database: { kind: "sqlite", migration, counts: facts.counts },
    media,
    files,
  };
}

async function pack(staging: string, manifest: Manifest, file: string): Promise<number> {
  await writeFile(path.join(staging, MANIFEST), JSON.stringify(manifest, null, 2) + "\n", { mode: PRIVATE_FILE_MODE });
  const entries = [MANIFEST, "database", "secret", ...(manifest.media.storage === "local" ? [UPLOADS_FOLDER] : [])];
  const temporary = `${file}.${process.pid}.${randomBytes(4).toString("hex")}.plume-tmp`;
  try {
    // The manifest first: a restore reads it before anything else. Modes kept, owners left out.
    await pipeline(createTar({ gzip: true, cwd: staging, portable: true }, entries), createWriteStream(temporary, { mode: PRIVATE_FILE_MODE, flags: "wx" }));
    const handle = await open(temporary, "r");
    await handle.sync().finally(() => handle.close());
    // A link never replaces an existing file (rename would): two backups cannot take one name.
    await link(temporary, file);
    return statSync(file).size;
  } finally {
    await unlink(temporary).catch(() => {});
  }
}

/** Mirrors `from` into `to` with hard links (a copy across file systems); names already there stay. Symbolic links and temporary files are left out. */
async function linkTree(from: string, to: string): Promise<void> {
  const entries = await readdir(from, { withFileTypes: true }).catch(() => []);
  await makePrivateDir(to);
  for (const entry of entries) {
    const source = path.join(from, entry.name);
    const target = path.join(to, entry.name);
    if (entry.isDirectory()) {
      await linkTree(source, target);
    } else if (entry.isFile() && !entry.name.endsWith(".plume-tmp") && !existsSync(target)) {
      await link(source, target).catch(async (error: NodeJS.ErrnoException) => {
        if (error.code === "ENOENT") return; // deleted meanwhile
        if (error.code !== "EXDEV" && error.code !== "EPERM") throw error;
        await copyFile(source, target).catch((copyError: NodeJS.ErrnoException) => {
          if (copyError.code !== "ENOENT") throw copyError;
        });
      });
    }
  }
}

async function listFiles(dir: string, prefix = ""): Promise<string[]> {
  const names: string[] = [];
  for (const entry of (await readdir(dir, { withFileTypes: true })).sort((a, b) => a.name.localeCompare(b.name))) {
    const relative = prefix ? `${prefix}/${entry.name}` : entry.name;
    if (entry.isDirectory()) names.push(...(await listFiles(path.join(dir, entry.name), relative)));
    else if (entry.isFile()) names.push(relative);
  }
  return names;
}

async function prune(dir: string, keep: number, written: string): Promise<string[]> {
  const removed: string[] = [];
  for (const name of archivesToPrune(await readdir(dir), keep)) {
    const file = path.join(dir, name);
    if (file === written) continue;
    await rm(file, { force: true });
    removed.push(file);
  }
  return removed;
}

/** Staging folders left by a backup that was killed; hard links cost nothing, the database copy does. */
async function removeStale(stagingRoot: string, now: Date): Promise<void> {
  for (const name of await readdir(stagingRoot)) {
    if (!name.startsWith(".staging-")) continue;
    const stats = await lstat(path.join(stagingRoot, name)).catch(() => null);
    if (stats && now.getTime() - stats.mtimeMs > STALE_AFTER_MS) await rm(path.join(stagingRoot, name), { recursive: true, force: true });
  }
}

function appVersion(): string {
  try {
    return (JSON.parse(readFileSync(path.resolve("package.json"), "utf8")) as { version?: string }).version ?? "unknown";
  } catch {
    return "unknown";
  }
}
