import { apiData, apiRoute, requireApiUser } from "~/modules/api/api.server";
import { AppError } from "~/modules/errors/app-error";
import { isMultipart, readMultipartUpload } from "~/modules/http/upload.server";
import { MAX_IMPORT_BYTES } from "~/modules/posts/csv-import";
import { importPostsCsv, importTooLarge } from "~/modules/post-import/csv-import.server";
import { toPostView } from "~/modules/posts/post-view.server";

const noFile = () => new AppError("validation_failed", "errors.validationFailed", { fields: { file: "posts.import.errors.fileRequired" } });
const severalFiles = () => new AppError("validation_failed", "errors.validationFailed", { fields: { file: "posts.import.errors.oneFileOnly" } });
const notUtf8 = () => new AppError("validation_failed", "errors.validationFailed", { fields: { file: "posts.import.errors.notUtf8" } });

/**
 * POST /api/posts/import: multipart, one CSV file in `file` (at most 1 MB and 500 rows). Every row
 * is checked, then all its posts are made (201 {created, posts}) or none (422 with `rows`).
 */
const handler = apiRoute({
  POST: async ({ request }) => {
    const { user } = await requireApiUser(request);
    // Read to the end first (a larger file's bytes are counted and dropped, never held).
    const upload = isMultipart(request) ? await readMultipartUpload(request, "file", { maxFileBytes: MAX_IMPORT_BYTES }) : null;
    if (!upload || upload.files.length === 0) throw noFile();
    if (upload.files.length > 1) throw severalFiles();
    const bytes = upload.files[0]!.bytes;
    if (!bytes) throw importTooLarge();
    let text: string;
    try {
      text = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true }).decode(bytes);
    } catch {
      throw notUtf8();
    }
    const posts = await importPostsCsv(user, text);
    return apiData({ created: posts.length, posts: posts.map(toPostView) }, { status: 201 });
  },
});

export const loader = handler;
export const action = handler;
