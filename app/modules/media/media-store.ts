import type { Readable } from "node:stream";

/**
 * Where uploads are kept, by key (`<userId>/<random>.<ext>`): DATA_DIR/uploads or an S3-compatible
 * bucket (MEDIA_STORAGE, docs/decisions/0059-media-on-s3.md). Every method throws MediaUnavailable
 * when the file is missing or the storage cannot be used.
 */
export interface MediaStore {
  /** Stores the bytes under the key; no reader ever sees them half-written. */
  write(key: string, bytes: Uint8Array): Promise<void>;
  copy(from: string, to: string): Promise<void>;
  /** The file as a stream, with its size in bytes. */
  open(key: string): Promise<{ stream: Readable; size: number }>;
  /** The whole file (uploads are at most MAX_IMAGE_BYTES). */
  read(key: string): Promise<Buffer<ArrayBuffer>>;
  /** Removes the file; one already gone is not an error. */
  remove(key: string): Promise<void>;
}
