import { randomBytes } from "node:crypto";
import { readdir, rename, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { makePrivateDir, PRIVATE_FILE_MODE } from "./private-files.server";

// Files are written under a temporary name, then renamed: a reader sees the whole file or none.
// A process killed in between leaves the temporary file behind; its name says whose it was, so
// the next start removes those no live process is writing (docs/decisions/0043-reliability.md).

const SUFFIX = ".plume-tmp";
/** `<file>.<pid>.<random>.plume-tmp`; before 0043, `<file>.<pid>[.<random>].tmp`. */
const TEMPORARY = /\.(\d+)(?:\.[0-9a-f]+)?\.(?:plume-)?tmp$/;
/** Older than this, a temporary file is left over whoever wrote it (writes take milliseconds). */
const ABANDONED_AFTER_MS = 24 * 3_600_000;
/**
 * Written to more recently, it stays whatever its pid says: a process in another container sharing
 * DATA_DIR (scaled web processes, a worker) has its own pids, often 1 like ours, so a live
 * writer's file can look like a dead or earlier process's. A write touches its file as it goes.
 */
const QUIET_FOR_MS = 60_000;

function temporaryName(file: string): string {
  return `${file}.${process.pid}.${randomBytes(4).toString("hex")}${SUFFIX}`;
}

/** Writes `bytes` to `file` (mode 600, folder 700) through a temporary name, removed if the write fails. */
export async function writeFileAtomically(file: string, bytes: Uint8Array): Promise<void> {
  await makePrivateDir(path.dirname(file));
  const temporary = temporaryName(file);
  try {
    await writeFile(temporary, bytes, { mode: PRIVATE_FILE_MODE });
    await rename(temporary, file);
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
}

function isAlive(pid: number): boolean {
  if (pid === process.pid) return false; // at start we have written nothing yet: an earlier run's
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** Removes, under each folder, the temporary files no live process is writing (untouched for a minute); returns their paths. */
export async function removeStrandedTemporaryFiles(dirs: string[], now = Date.now()): Promise<string[]> {
  const removed: string[] = [];
  async function visit(dir: string): Promise<void> {
    for (const entry of await readdir(dir, { withFileTypes: true }).catch(() => [])) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        await visit(file);
        continue;
      }
      const match = entry.isFile() ? TEMPORARY.exec(entry.name) : null;
      if (!match) continue;
      const stats = await stat(file).catch(() => null);
      if (!stats) continue;
      const quietFor = now - stats.mtimeMs;
      if (quietFor < QUIET_FOR_MS || (isAlive(Number(match[1])) && quietFor < ABANDONED_AFTER_MS)) continue;
      await rm(file, { force: true });
      removed.push(file);
    }
  }
  for (const dir of dirs) await visit(dir);
  return removed;
}
