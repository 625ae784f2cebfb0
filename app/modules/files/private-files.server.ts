import { chmod, lstat, mkdir, readdir } from "node:fs/promises";
import path from "node:path";

// DATA_DIR holds the database, the generated secret, mails with live reset links and the users'
// uploads: readable by the account that runs Plume only (docs/decisions/0043-reliability.md).

export const PRIVATE_DIR_MODE = 0o700;
export const PRIVATE_FILE_MODE = 0o600;

/** Creates a folder (and its missing parents) that only the owner can enter. */
export async function makePrivateDir(dir: string): Promise<void> {
  await mkdir(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
}

export interface Tightened {
  /** Folders and files whose mode was narrowed. */
  tightened: number;
  /** Those we could not change (another owner): left as they are. */
  refused: string[];
}

/**
 * Narrows what earlier versions left open: `entry` and, for a folder, everything under it (unless
 * `recursive` is false): folders to 700, files to 600. Symbolic links are not followed.
 */
export async function tighten(entries: string[], { recursive = true } = {}): Promise<Tightened> {
  const result: Tightened = { tightened: 0, refused: [] };
  async function visit(entry: string): Promise<void> {
    const stats = await lstat(entry).catch(() => null);
    if (!stats || stats.isSymbolicLink()) return;
    const wanted = stats.isDirectory() ? PRIVATE_DIR_MODE : PRIVATE_FILE_MODE;
    if ((stats.mode & 0o777) !== wanted) {
      try {
        await chmod(entry, wanted);
        result.tightened += 1;
      } catch {
        result.refused.push(entry);
      }
    }
    if (stats.isDirectory() && recursive) for (const name of await readdir(entry).catch(() => [])) await visit(path.join(entry, name));
  }
  for (const entry of entries) await visit(entry);
  return result;
}
