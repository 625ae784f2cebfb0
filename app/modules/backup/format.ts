import path from "node:path";
import { z } from "zod";

// What a Plume backup archive holds (docs/decisions/0060-backups.md): a gzipped tar whose first
// entry is manifest.json, then the database copy, the app secret, and the uploads or a note saying
// where the media live. Restore checks every file against the manifest's sizes and sha256.

export const FORMAT_NAME = "plume-backup";
export const FORMAT_VERSION = 1;

export const MANIFEST = "manifest.json";
export const DATABASE_ENTRY = "database/plume.db";
export const SECRET_ENTRY = "secret/app-secret";
export const UPLOADS_FOLDER = "uploads";
/** The manifest is small (a line per file); a bigger first entry is not ours. */
export const MANIFEST_MAX_BYTES = 32 * 1024 * 1024;

/** A backup that cannot be made, or an archive that will not be restored: the message says why and what to do. */
export class BackupRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = "BackupRefused";
  }
}

const sha256 = z.string().regex(/^[0-9a-f]{64}$/);

const mediaSchema = z.discriminatedUnion("storage", [
  z.object({ storage: z.literal("local"), files: z.number().int().min(0), bytes: z.number().int().min(0) }),
  // The media live in a bucket the archive does not hold: where, never how to sign in.
  z.object({ storage: z.literal("s3"), bucket: z.string(), endpoint: z.string(), region: z.string().optional() }),
]);

export const manifestSchema = z.object({
  format: z.literal(FORMAT_NAME),
  formatVersion: z.number().int().min(1),
  appVersion: z.string(),
  createdAt: z.iso.datetime(),
  database: z.object({
    kind: z.literal("sqlite"),
    /** The latest migration applied to the copy: what restore compares with this code's own. */
    migration: z.string().min(1),
    counts: z.record(z.string(), z.number().int().min(0)),
  }),
  media: mediaSchema,
  files: z.array(z.object({ path: z.string(), size: z.number().int().min(0), sha256 })),
});

export type Manifest = z.infer<typeof manifestSchema>;
export type MediaNote = z.infer<typeof mediaSchema>;

/**
 * The safe relative path of an archive entry, or null: no absolute path, no `..`, no backslash or
 * NUL, and only under what a Plume archive holds. Folders come with or without their final slash.
 */
export function safeEntryPath(name: string): string | null {
  if (name.length === 0 || name.length > 1024 || /[\\\0]/.test(name) || name.startsWith("/")) return null;
  const trimmed = name.replace(/\/+$/, "");
  const parts = trimmed.split("/");
  if (parts.some((part) => part === "" || part === "." || part === "..")) return null;
  if (path.posix.normalize(trimmed) !== trimmed) return null;
  const allowed = [MANIFEST, DATABASE_ENTRY, SECRET_ENTRY, "database", "secret"].includes(trimmed) || parts[0] === UPLOADS_FOLDER;
  return allowed ? trimmed : null;
}

/** `plume-20261127T101530Z.tar.gz`: sorts by time, names the UTC moment. */
export function archiveName(date: Date): string {
  return `plume-${date
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d+Z$/, "Z")}.tar.gz`;
}

const ARCHIVE_NAME = /^plume-\d{8}T\d{6}Z\.tar\.gz$/;

/** Of the archives in a folder, those past the `keep` newest (the names sort by time); other files are never counted. */
export function archivesToPrune(names: string[], keep: number): string[] {
  const archives = names.filter((name) => ARCHIVE_NAME.test(name)).sort();
  return archives.slice(0, Math.max(0, archives.length - keep));
}

/**
 * Whether this code can take a database at `level` (the archive's latest migration): yes when it
 * knows that migration; a later one means the archive comes from a newer Plume.
 */
export function migrationVerdict(level: string, known: string[]): "known" | "newer" | "unknown" {
  if (known.includes(level)) return "known";
  const latest = [...known].sort().at(-1);
  return latest !== undefined && level > latest ? "newer" : "unknown";
}
