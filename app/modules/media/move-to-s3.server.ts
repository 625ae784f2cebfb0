import { createReadStream } from "node:fs";
import { readdir, rm, stat } from "node:fs/promises";
import path from "node:path";
import { mediaBucket, S3Error, s3SettingsFromEnv, type S3Bucket } from "~/integrations/s3.server";
import { uploadsDir } from "./local-store.server";

// `npm run media:to-s3` (docs/decisions/0059-media-on-s3.md): copies the uploads kept on disk
// into the bucket under the same keys, so the database needs no change. Idempotent and
// resumable: an object already there with the file's size is left alone, so a run after a crash
// copies only what is missing. Each copy is checked (its size read back) before it counts, and
// local files are removed only when asked, and only once their copy is checked.

export interface MoveOptions {
  /** Says what would be copied; copies and removes nothing. */
  dryRun?: boolean;
  /** Removes each local file once its copy in the bucket is checked. */
  deleteLocal?: boolean;
  /** Told about each file as it is handled (the command prints it). */
  onFile?: (key: string, outcome: FileOutcome) => void;
}

export type FileOutcome = "copied" | "would_copy" | "already_there" | "failed";

export interface MoveSummary {
  dryRun: boolean;
  found: number;
  copied: number;
  /** Dry run: what a real run would copy. */
  wouldCopy: number;
  alreadyThere: number;
  bytesCopied: number;
  deletedLocal: number;
  failed: { key: string; reason: string }[];
}

/** The command cannot start: nothing was done. */
export class MoveRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = "MoveRefused";
  }
}

/** Temporary files of interrupted writes (files/temporary-files.server.ts) are not uploads. */
const TEMPORARY = /\.(?:plume-)?tmp$/;

/** Every upload under DATA_DIR/uploads as its storage key (`<userId>/<name>`), sorted. */
export async function localUploadKeys(root = uploadsDir()): Promise<string[]> {
  const keys: string[] = [];
  async function visit(dir: string, prefix: string): Promise<void> {
    for (const entry of await readdir(dir, { withFileTypes: true }).catch(() => [])) {
      if (entry.isDirectory()) await visit(path.join(dir, entry.name), `${prefix}${entry.name}/`);
      else if (entry.isFile() && !TEMPORARY.test(entry.name)) keys.push(prefix + entry.name);
    }
  }
  await visit(root, "");
  return keys.sort();
}

async function ready(): Promise<S3Bucket> {
  const settings = s3SettingsFromEnv();
  if (!settings) throw new MoveRefused("MEDIA_STORAGE is not s3: set MEDIA_STORAGE=s3 and the S3_* variables of the bucket to copy the uploads to.");
  const bucket = mediaBucket();
  try {
    await bucket.checkReachable();
  } catch (error) {
    const where = `bucket "${settings.bucket}" at ${settings.endpoint ?? `AWS ${settings.region}`}`;
    throw new MoveRefused(`The ${where} cannot be used: ${error instanceof S3Error ? error.message : String(error)}. Nothing was copied.`);
  }
  return bucket;
}

export async function moveLocalMediaToS3(options: MoveOptions = {}): Promise<MoveSummary> {
  const bucket = await ready();
  const root = uploadsDir();
  const summary: MoveSummary = {
    dryRun: Boolean(options.dryRun),
    found: 0,
    copied: 0,
    wouldCopy: 0,
    alreadyThere: 0,
    bytesCopied: 0,
    deletedLocal: 0,
    failed: [],
  };
  for (const key of await localUploadKeys(root)) {
    summary.found += 1;
    const file = path.join(root, ...key.split("/"));
    let outcome: FileOutcome;
    try {
      const { size } = await stat(file);
      const there = await bucket.size(key);
      if (there === size) outcome = "already_there";
      else if (options.dryRun) outcome = "would_copy";
      else {
        // A stream of exactly `size` bytes: memory stays flat whatever the file.
        await bucket.put(key, createReadStream(file), size);
        const copied = await bucket.size(key);
        if (copied !== size) throw new Error(`the copy holds ${copied ?? "no"} bytes, the file ${size}`);
        summary.bytesCopied += size;
        outcome = "copied";
      }
      if (outcome !== "would_copy" && options.deleteLocal && !options.dryRun) {
        await rm(file);
        summary.deletedLocal += 1;
      }
    } catch (error) {
      outcome = "failed";
      summary.failed.push({ key, reason: error instanceof Error ? error.message : String(error) });
    }
    if (outcome === "copied") summary.copied += 1;
    if (outcome === "would_copy") summary.wouldCopy += 1;
    if (outcome === "already_there") summary.alreadyThere += 1;
    options.onFile?.(key, outcome);
  }
  return summary;
}

/** The summary the command prints. */
export function describeSummary(s: MoveSummary): string {
  const lines = [
    `${s.found} upload(s) found on disk`,
    s.dryRun ? `${s.wouldCopy} would be copied (dry run: nothing was copied or removed)` : `${s.copied} copied (${s.bytesCopied} bytes), each checked`,
    `${s.alreadyThere} already in the bucket`,
  ];
  if (!s.dryRun) lines.push(`${s.deletedLocal} local file(s) removed`);
  if (s.failed.length > 0) lines.push(`${s.failed.length} failed (run the command again to retry them):`, ...s.failed.map((f) => `  ${f.key}: ${f.reason}`));
  return lines.join("\n");
}
