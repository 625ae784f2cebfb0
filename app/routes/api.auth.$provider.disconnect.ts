import { apiData, apiRoute, requireApiUser } from "~/modules/api/api.server";
import { disconnect } from "~/modules/connections/disconnect.server";
import { getParams, providerParams } from "~/modules/http/params.server";

/** POST /api/auth/{provider}/disconnect: removes the connection (X's token is revoked). */
const handler = apiRoute({
  POST: async ({ request, params }) => {
    const { user } = await requireApiUser(request);
    const { provider } = getParams(params, providerParams);
    await disconnect(user.id, provider);
    return apiData(null);
  },
});

export const loader = handler;
export const action = handler;
