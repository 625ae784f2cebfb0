import { apiNoContent, apiRoute, requireApiUser } from "~/modules/api/api.server";
import { revokeApiToken } from "~/modules/api-tokens/api-tokens.server";
import { getParams, tokenParams } from "~/modules/http/params.server";

/** DELETE /api/tokens/{id}: revokes one of the user's tokens at once (204); anyone else's is a 404. Session only. */
const handler = apiRoute({
  DELETE: async ({ request, params }) => {
    const { user } = await requireApiUser(request);
    const { tokenId } = getParams(params, tokenParams);
    await revokeApiToken(user.id, tokenId);
    return apiNoContent();
  },
});

export const loader = handler;
export const action = handler;
