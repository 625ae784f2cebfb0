import { AppError } from "~/modules/errors/app-error";
import { isMultipart, readMultipartUpload } from "~/modules/http/upload.server";
import { MAX_IMPORT_BYTES, parseImportFile } from "~/modules/posts/csv-import";
import { importTooLarge, tooManyRows } from "./csv-import.server";

// The one way a CSV file to import is read from a request (the API and the import page): one file
// in `file`, at most MAX_IMPORT_BYTES (a larger one's bytes are counted and dropped, never held),
// UTF-8 text.

const noFile = () => new AppError("validation_failed", "errors.validationFailed", { fields: { file: "posts.import.errors.fileRequired" } });
const severalFiles = () => new AppError("validation_failed", "errors.validationFailed", { fields: { file: "posts.import.errors.oneFileOnly" } });
const notUtf8 = () => new AppError("validation_failed", "errors.validationFailed", { fields: { file: "posts.import.errors.notUtf8" } });

/** The file's text and the form's other fields; refused (AppError) as the API refuses it. */
export async function readImportFile(request: Request): Promise<{ text: string; fields: FormData }> {
  // Read to the end first (a larger file's bytes are counted and dropped, never held).
  const upload = isMultipart(request) ? await readMultipartUpload(request, "file", { maxFileBytes: MAX_IMPORT_BYTES }) : null;
  if (!upload || upload.files.length === 0) throw noFile();
  if (upload.files.length > 1) throw severalFiles();
  const bytes = upload.files[0]!.bytes;
  if (!bytes) throw importTooLarge();
  try {
    return { text: new TextDecoder("utf-8", { fatal: true, ignoreBOM: true }).decode(bytes), fields: upload.fields };
  } catch {
    throw notUtf8();
  }
}

/** Refuses (413) a text with more than MAX_IMPORT_ROWS rows, reading no further than one past them. */
export function assertRowBound(text: string): void {
  const parsed = parseImportFile(text);
  if (!parsed.ok && parsed.tooManyRows) throw tooManyRows();
}
