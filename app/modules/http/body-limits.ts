import { AppError } from "~/modules/errors/app-error";
import { MAX_IMAGE_BYTES, MAX_IMAGES_PER_POST } from "~/modules/media/limits";

// How much a request may send (docs/decisions/0020, 0040). The web server (server/body-limit.ts)
// refuses anything larger, or with more fields, before the app reads it; the app answers the
// refusal (routes *.request-too-large).

/** JSON, url-encoded forms and anything else that is not a file upload: far more than any form needs. */
export const MAX_BODY_BYTES = 1024 * 1024;
/** A multipart form's boundaries, part headers and text fields (alt text…) beside its images. */
export const MULTIPART_OVERHEAD_BYTES = 256 * 1024;
/** The wizard's upload form: a post's worth of images at once. */
export const MAX_UPLOAD_BYTES = MAX_IMAGES_PER_POST * MAX_IMAGE_BYTES + MULTIPART_OVERHEAD_BYTES;
/** The API takes one image per request. */
export const MAX_API_UPLOAD_BYTES = MAX_IMAGE_BYTES + MULTIPART_OVERHEAD_BYTES;
/** A CSV file of posts to import (docs/decisions/0068), and the request that carries it. */
export const MAX_IMPORT_BYTES = 1024 * 1024;
export const IMPORT_PATH = "/api/posts/import";
/** The import page's upload (docs/decisions/0071), also as the browser's JavaScript sends it ("….data"). */
const IMPORT_PATHS = new Set([IMPORT_PATH, "/posts/import", "/posts/import.data"]);
export const MAX_IMPORT_UPLOAD_BYTES = MAX_IMPORT_BYTES + MULTIPART_OVERHEAD_BYTES;

/**
 * Fields of a url-encoded or multipart form: far more than any of our forms sends, and few enough
 * that reading them stays cheap (parseWithZod's work grows with the square of a repeated name's count).
 */
export const MAX_FORM_FIELDS = 1000;
/** A JSON body's values (each object member and array item) and nesting: ample for a Stripe event. */
export const MAX_JSON_VALUES = 10_000;
export const MAX_JSON_DEPTH = 64;

export type BodyKind = "body" | "upload" | "import";
/** Why a body is refused before the app reads it: its bytes (by kind), its form fields, its JSON. */
export type RefusalKind = BodyKind | "fields" | "json";

export interface BodyLimit {
  kind: BodyKind;
  bytes: number;
}

export function bodyLimitFor(pathname: string, contentType: string | undefined): BodyLimit {
  if (!(contentType ?? "").toLowerCase().startsWith("multipart/form-data")) return { kind: "body", bytes: MAX_BODY_BYTES };
  if (IMPORT_PATHS.has(pathname)) return { kind: "import", bytes: MAX_IMPORT_UPLOAD_BYTES };
  return { kind: "upload", bytes: pathname.startsWith("/api/") ? MAX_API_UPLOAD_BYTES : MAX_UPLOAD_BYTES };
}

export const toMegabytes = (bytes: number) => Math.floor(bytes / (1024 * 1024));

export const payloadTooLarge = () => new AppError("payload_too_large", "errors.payloadTooLarge", { values: { max: toMegabytes(MAX_BODY_BYTES) } });

export const tooManyFields = () => new AppError("too_many_fields", "errors.tooManyFields", { values: { max: MAX_FORM_FIELDS } });

export const jsonTooComplex = () => new AppError("too_many_fields", "errors.jsonTooComplex", { values: { max: MAX_JSON_VALUES, depth: MAX_JSON_DEPTH } });
