import type { Readable } from "node:stream";
import { logger } from "~/core/logger/logger.server";
import { mediaBucket, S3Error, toS3Error } from "~/integrations/s3.server";
import { MAX_IMAGE_BYTES } from "./limits";
import type { MediaStore } from "./media-store";
import { MediaUnavailable } from "./media-unavailable";

// Uploads in the S3-compatible bucket of MEDIA_STORAGE=s3 (docs/decisions/0059-media-on-s3.md),
// under the same keys as on disk. Every instance sharing the bucket sees every upload.

/** More than any upload (MAX_IMAGE_BYTES) or avatar: an object this large is not one of ours. */
const READ_LIMIT = MAX_IMAGE_BYTES;

/** Logs the bucket's failure (never its keys) and says it as the media module does. */
function unavailable(error: unknown, operation: string, storageKey: string): MediaUnavailable {
  const s3 = error instanceof S3Error ? error : toS3Error(error, operation, storageKey);
  if (s3.problem === "not_found") {
    logger.warn({ storageKey, operation }, "Media object missing from the bucket");
    return new MediaUnavailable("missing", s3.message, { cause: s3 });
  }
  logger.error({ storageKey, operation, problem: s3.problem, code: s3.details.code, status: s3.details.status }, "Media storage (S3) failed");
  return new MediaUnavailable("unavailable", s3.message, { cause: s3 });
}

async function guarded<T>(operation: string, storageKey: string, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof MediaUnavailable) throw error;
    throw unavailable(error, operation, storageKey);
  }
}

/** The whole body, refused past `limit` bytes (a stream that breaks midway is a storage failure). */
async function collect(body: Readable, limit: number, storageKey: string): Promise<Buffer<ArrayBuffer>> {
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const chunk of body) {
    total += (chunk as Buffer).byteLength;
    if (total > limit) {
      body.destroy();
      throw new MediaUnavailable("unavailable", `Stored object ${storageKey} is larger than ${limit} bytes`);
    }
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks, total);
}

export const s3Store: MediaStore = {
  write: (key, bytes) => guarded("put", key, () => mediaBucket().put(key, bytes, bytes.byteLength)),
  copy: (from, to) => guarded("copy", from, () => mediaBucket().copy(from, to)),
  open: (key) =>
    guarded("get", key, async () => {
      const object = await mediaBucket().get(key);
      return { stream: object.body, size: object.size };
    }),
  read: (key) =>
    guarded("get", key, async () => {
      const object = await mediaBucket().get(key);
      if (object.size > READ_LIMIT) {
        object.body.destroy();
        throw new MediaUnavailable("unavailable", `Stored object ${key} is larger than ${READ_LIMIT} bytes`);
      }
      return collect(object.body, READ_LIMIT, key);
    }),
  remove: (key) => guarded("delete", key, () => mediaBucket().delete(key)),
};
