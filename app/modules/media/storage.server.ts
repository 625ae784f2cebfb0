import { randomBytes } from "node:crypto";
import { createReadStream, type ReadStream } from "node:fs";
import { copyFile, readFile, rm } from "node:fs/promises";
import path from "node:path";
import { getEnv } from "~/core/env/env.server";
import { makePrivateDir } from "~/modules/files/private-files.server";
import { writeFileAtomically } from "~/modules/files/temporary-files.server";
import { removeVariants, type ImageSource } from "./resize.server";

// Uploaded files live under DATA_DIR/uploads/<userId>/<random>.<ext>. The key stored in the
// database is the path relative to that folder; a key that would leave it is refused.

function uploadsDir(): string {
  return path.join(getEnv().DATA_DIR, "uploads");
}

function resolveKey(storageKey: string): string {
  const root = uploadsDir();
  const file = path.resolve(root, storageKey);
  if (!file.startsWith(root + path.sep)) throw new Error(`Storage key outside the uploads folder: ${storageKey}`);
  return file;
}

function newKey(userId: string, extension: string): string {
  const safeUser = userId.replace(/[^a-zA-Z0-9_-]/g, "");
  return `${safeUser}/${randomBytes(16).toString("hex")}.${extension}`;
}

/** Writes the bytes under a new key (to a temporary name first, so no half-written file is served). */
export async function saveFile(userId: string, bytes: Uint8Array, extension: string): Promise<string> {
  const key = newKey(userId, extension);
  await writeFileAtomically(resolveKey(key), bytes);
  return key;
}

export async function copyStoredFile(storageKey: string, userId: string): Promise<string> {
  const key = newKey(userId, path.extname(storageKey).slice(1));
  const target = resolveKey(key);
  await makePrivateDir(path.dirname(target));
  await copyFile(resolveKey(storageKey), target);
  return key;
}

export function openStoredFile(storageKey: string): ReadStream {
  return createReadStream(resolveKey(storageKey));
}

/** A stored image as the resizer reads it: a key names its bytes for good (files are never rewritten). */
export function storedImageSource(storageKey: string, contentType: string): ImageSource {
  return { identity: `upload:${storageKey}`, path: resolveKey(storageKey), contentType };
}

export async function readStoredFile(storageKey: string): Promise<Buffer> {
  return readFile(resolveKey(storageKey));
}

/** Removes a file and its resized copies; one already gone is not an error. */
export async function deleteStoredFile(storageKey: string): Promise<void> {
  await rm(resolveKey(storageKey), { force: true });
  await removeVariants(`upload:${storageKey}`);
}
