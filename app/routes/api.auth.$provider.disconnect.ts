import { apiData, apiRoute, parseBody, readBody, requireApiUser } from "~/modules/api/api.server";
import { disconnect } from "~/modules/connections/disconnect.server";
import { disconnectBodySchema } from "~/modules/connections/schemas";
import { getParams, providerParams } from "~/modules/http/params.server";

/** POST /api/auth/{provider}/disconnect (userIdProvider?): removes the connection (X's token is revoked). */
const handler = apiRoute({
  POST: async ({ request, params }) => {
    const { actor } = await requireApiUser(request);
    const { provider } = getParams(params, providerParams);
    const { userIdProvider } = parseBody(disconnectBodySchema, await readBody(request));
    await disconnect(actor, provider, { providerUserId: userIdProvider });
    return apiData(null);
  },
});

export const loader = handler;
export const action = handler;
