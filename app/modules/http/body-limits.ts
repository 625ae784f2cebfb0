import { AppError } from "~/modules/errors/app-error";
import { MAX_IMAGE_BYTES, MAX_IMAGES_PER_POST } from "~/modules/media/limits";

// How much a request may send (docs/decisions/0020). The web server (server/body-limit.ts) refuses
// anything larger before the app reads it; the app answers the refusal (routes *.request-too-large).

/** JSON, url-encoded forms and anything else that is not a file upload: far more than any form needs. */
export const MAX_BODY_BYTES = 1024 * 1024;
/** A multipart form's boundaries, part headers and text fields (alt text…) beside its images. */
export const MULTIPART_OVERHEAD_BYTES = 256 * 1024;
/** The wizard's upload form: a post's worth of images at once. */
export const MAX_UPLOAD_BYTES = MAX_IMAGES_PER_POST * MAX_IMAGE_BYTES + MULTIPART_OVERHEAD_BYTES;
/** The API takes one image per request. */
export const MAX_API_UPLOAD_BYTES = MAX_IMAGE_BYTES + MULTIPART_OVERHEAD_BYTES;

export type BodyKind = "body" | "upload";

export interface BodyLimit {
  kind: BodyKind;
  bytes: number;
}

export function bodyLimitFor(pathname: string, contentType: string | undefined): BodyLimit {
  if (!(contentType ?? "").toLowerCase().startsWith("multipart/form-data")) return { kind: "body", bytes: MAX_BODY_BYTES };
  return { kind: "upload", bytes: pathname.startsWith("/api/") ? MAX_API_UPLOAD_BYTES : MAX_UPLOAD_BYTES };
}

export const toMegabytes = (bytes: number) => Math.floor(bytes / (1024 * 1024));

export const payloadTooLarge = () => new AppError("payload_too_large", "errors.payloadTooLarge", { values: { max: toMegabytes(MAX_BODY_BYTES) } });
