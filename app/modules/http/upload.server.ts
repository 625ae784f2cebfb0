import { unstable_parseMultipartFormData } from "@remix-run/node";
import { AppError } from "~/modules/errors/app-error";
import { MAX_UPLOAD_BYTES } from "./body-limits";
import { MAX_IMAGE_BYTES } from "~/modules/media/limits";

export interface UploadedFile {
  name: string;
  /** Null when the file was larger than the limit: its bytes were read and dropped. */
  bytes: Uint8Array | null;
}

const MAX_FIELD_BYTES = 100_000;

/**
 * Reads a multipart form: its text fields, and the files of `fileField`, each kept only if within
 * `maxFileBytes` (MAX_IMAGE_BYTES unless told). Bytes are counted as they arrive: a larger file is never held whole. An oversized file is still read to its end (and dropped), so the browser gets a
 * clear answer rather than a reset connection, and the other files of the same form still count.
 */
export async function readMultipartUpload(
  request: Request,
  fileField = "image",
  options: { maxFileBytes?: number } = {},
): Promise<{ fields: FormData; files: UploadedFile[] }> {
  const maxFileBytes = options.maxFileBytes ?? MAX_IMAGE_BYTES;
  const files: UploadedFile[] = [];
  let total = 0;
  let fields: FormData;
  try {
    fields = await unstable_parseMultipartFormData(request, async ({ name, filename, data }) => {
      const chunks: Uint8Array[] = [];
      let size = 0;
      const limit = typeof filename === "string" ? maxFileBytes : MAX_FIELD_BYTES;
      for await (const chunk of data) {
        size += chunk.byteLength;
        total += chunk.byteLength;
        // The web server already refuses larger requests (server/body-limit.ts); this holds without it.
        if (total > MAX_UPLOAD_BYTES) throw new AppError("request_too_large", "posts.errors.imageTooLarge", { values: { max: 5 } });
        if (size <= limit) chunks.push(chunk);
      }
      if (typeof filename !== "string") {
        if (size > limit) throw new AppError("malformed_request", "errors.malformedBody");
        return new TextDecoder().decode(concat(chunks, size));
      }
      // A file input left empty still sends a nameless, empty part.
      if (name === fileField && (filename !== "" || size > 0)) {
        files.push({ name: filename, bytes: size > limit ? null : concat(chunks, size) });
      }
      return undefined;
    });
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw new AppError("malformed_request", "errors.malformedBody");
  }
  return { fields, files };
}

function concat(chunks: Uint8Array[], size: number): Uint8Array {
  const out = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    out.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return out;
}

/** Whether a request carries a multipart body (a form with files). */
export function isMultipart(request: Request): boolean {
  return (request.headers.get("Content-Type") ?? "").toLowerCase().startsWith("multipart/form-data");
}
