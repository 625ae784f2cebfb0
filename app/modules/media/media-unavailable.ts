/**
 * A stored file that could not be read or written: "missing" when nothing is stored under its key,
 * "unavailable" when the storage did not let us (a bucket that refuses the keys, does not exist or
 * does not answer). The message names the key and the storage's reason, never a secret.
 */
export class MediaUnavailable extends Error {
  constructor(
    readonly reason: "missing" | "unavailable",
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = "MediaUnavailable";
  }
}

export function isMediaUnavailable(error: unknown): error is MediaUnavailable {
  return error instanceof MediaUnavailable;
}
