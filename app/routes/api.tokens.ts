import { apiData, apiRoute, parseBody, readBody, requireApiUser } from "~/modules/api/api.server";
import { createApiToken, listApiTokens } from "~/modules/api-tokens/api-tokens.server";
import { createApiTokenSchema } from "~/modules/api-tokens/schemas";

/**
 * GET /api/tokens: the user's personal access tokens made in the current workspace, newest first,
 * never their secrets.
 * POST /api/tokens: creates one and answers it with `token`, shown this once (201). Session only:
 * a token never manages tokens (docs/decisions/0075).
 */
const handler = apiRoute({
  GET: async ({ request }) => {
    const { actor } = await requireApiUser(request);
    return apiData(await listApiTokens(actor), { headers: { "Cache-Control": "private, no-store" } });
  },
  POST: async ({ request }) => {
    const { actor } = await requireApiUser(request);
    const input = parseBody(createApiTokenSchema, await readBody(request));
    return apiData(await createApiToken(actor, input), { status: 201, headers: { "Cache-Control": "no-store" } });
  },
});

export const loader = handler;
export const action = handler;
