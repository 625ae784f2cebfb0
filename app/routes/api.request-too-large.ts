import { apiRoute } from "~/modules/api/api.server";
import { payloadTooLarge } from "~/modules/http/body-limits";
import { imageTooLarge } from "~/modules/posts/post-images.server";

/**
 * Where the web server sends an API request whose body is over its limit (server/body-limit.ts):
 * 413 with the API's error shape, in the request's language. An upload is an image over 5 MB.
 */
const handler = apiRoute({
  POST: async ({ request }) => {
    throw new URL(request.url).searchParams.get("kind") === "upload" ? imageTooLarge() : payloadTooLarge();
  },
});

export const loader = handler;
export const action = handler;
