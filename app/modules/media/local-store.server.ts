import { createReadStream } from "node:fs";
import { copyFile, readFile, rm, stat } from "node:fs/promises";
import path from "node:path";
import { getEnv } from "~/core/env/env.server";
import { makePrivateDir } from "~/modules/files/private-files.server";
import { writeFileAtomically } from "~/modules/files/temporary-files.server";
import type { MediaStore } from "./media-store";
import { MediaUnavailable } from "./media-unavailable";

// Uploads under DATA_DIR/uploads/<userId>/<random>.<ext>, files 600 in folders 700. A key that
// would leave that folder is refused.

export function uploadsDir(): string {
  return path.join(getEnv().DATA_DIR, "uploads");
}

export function localFileOf(storageKey: string): string {
  const root = uploadsDir();
  const file = path.resolve(root, storageKey);
  if (!file.startsWith(root + path.sep)) throw new Error(`Storage key outside the uploads folder: ${storageKey}`);
  return file;
}

/** ENOENT becomes "missing"; other file errors stay what they are (a bug or a broken disk, not the user's). */
async function orMissing<T>(storageKey: string, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") throw new MediaUnavailable("missing", `No stored file ${storageKey}`, { cause: error });
    throw error;
  }
}

export const localStore: MediaStore = {
  write: (key, bytes) => writeFileAtomically(localFileOf(key), bytes),
  async copy(from, to) {
    const target = localFileOf(to);
    await makePrivateDir(path.dirname(target));
    await orMissing(from, () => copyFile(localFileOf(from), target));
  },
  async open(key) {
    const file = localFileOf(key);
    const { size } = await orMissing(key, () => stat(file));
    return { stream: createReadStream(file), size };
  },
  read: (key) => orMissing(key, () => readFile(localFileOf(key))),
  remove: (key) => rm(localFileOf(key), { force: true }),
};
