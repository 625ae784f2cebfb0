import { apiNoContent, apiRoute, requireApiUser } from "~/modules/api/api.server";
import { disconnectChannel } from "~/modules/connections/disconnect.server";
import { channelParams, getParams } from "~/modules/http/params.server";

/** DELETE /api/channels/{id}: removes one of the caller's channels (204; X's tokens are revoked); 404 for anyone else's. */
const handler = apiRoute({
  DELETE: async ({ request, params }) => {
    const { actor } = await requireApiUser(request);
    const { channelId } = getParams(params, channelParams);
    await disconnectChannel(actor, channelId);
    return apiNoContent();
  },
});

export const loader = handler;
export const action = handler;
