import { randomBytes } from "node:crypto";
import type { Readable } from "node:stream";
import { getEnv } from "~/core/env/env.server";
import { localStore } from "./local-store.server";
import type { MediaStore } from "./media-store";
import { removeVariants, type ImageSource } from "./resize.server";
import { s3Store } from "./s3-store.server";

// Uploaded files, by the key stored in the database: <userId>/<random>.<ext>. They live on disk
// (DATA_DIR/uploads) or in an S3-compatible bucket, as MEDIA_STORAGE says (docs/decisions/
// 0059-media-on-s3.md); callers never know which. Resized copies stay on this instance's disk.

/** The store MEDIA_STORAGE names. */
export function mediaStore(): MediaStore {
  return getEnv().MEDIA_STORAGE === "s3" ? s3Store : localStore;
}

function newKey(userId: string, extension: string): string {
  const safeUser = userId.replace(/[^a-zA-Z0-9_-]/g, "");
  const safeExtension = extension.replace(/[^a-z0-9]/gi, "");
  return `${safeUser}/${randomBytes(16).toString("hex")}.${safeExtension}`;
}

function extensionOf(storageKey: string): string {
  const dot = storageKey.lastIndexOf(".");
  return dot > storageKey.lastIndexOf("/") ? storageKey.slice(dot + 1) : "";
}

/** Writes the bytes under a new key (no half-written file is ever served). */
export async function saveFile(userId: string, bytes: Uint8Array, extension: string): Promise<string> {
  const key = newKey(userId, extension);
  await mediaStore().write(key, bytes);
  return key;
}

export async function copyStoredFile(storageKey: string, userId: string): Promise<string> {
  const key = newKey(userId, extensionOf(storageKey));
  await mediaStore().copy(storageKey, key);
  return key;
}

/** The file as a stream with its size; throws MediaUnavailable when it cannot be read. */
export function openStoredFile(storageKey: string): Promise<{ stream: Readable; size: number }> {
  return mediaStore().open(storageKey);
}

/** A stored image as the resizer reads it: a key names its bytes for good (files are never rewritten). */
export function storedImageSource(storageKey: string, contentType: string): ImageSource {
  return { identity: `upload:${storageKey}`, contentType, load: () => readStoredFile(storageKey) };
}

export function readStoredFile(storageKey: string): Promise<Buffer<ArrayBuffer>> {
  return mediaStore().read(storageKey);
}

/** Removes a file and its resized copies; one already gone is not an error. */
export async function deleteStoredFile(storageKey: string): Promise<void> {
  await mediaStore().remove(storageKey);
  await removeVariants(`upload:${storageKey}`);
}
