import type { AppError } from "~/modules/errors/app-error";
import { apiRoute } from "~/modules/api/api.server";
import { jsonTooComplex, payloadTooLarge, tooManyFields } from "~/modules/http/body-limits";
import { importTooLarge } from "~/modules/post-import/csv-import.server";
import { imageTooLarge } from "~/modules/posts/post-images.server";

const REFUSALS: Record<string, () => AppError> = { upload: imageTooLarge, import: importTooLarge, fields: tooManyFields, json: jsonTooComplex };

/**
 * Where the web server sends an API request whose body is over its limits (server/body-limit.ts):
 * 413 with the API's error shape, in the request's language. An upload is an image over 5 MB; an
 * import, a CSV file over 1 MB.
 */
const handler = apiRoute({
  POST: async ({ request }) => {
    throw (REFUSALS[new URL(request.url).searchParams.get("kind") ?? ""] ?? payloadTooLarge)();
  },
});

export const loader = handler;
export const action = handler;
