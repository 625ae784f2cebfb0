import { apiRoute } from "~/modules/api/api.server";
import { openApiJson } from "~/modules/api/openapi.server";

/** GET /api/openapi.json: the JSON API's OpenAPI 3.1 document, public; it only changes with a deploy. */
const handler = apiRoute({
  GET: async () => new Response(openApiJson(), { headers: { "Content-Type": "application/json; charset=utf-8", "Cache-Control": "public, max-age=3600" } }),
});

export const loader = handler;
export const action = handler;
