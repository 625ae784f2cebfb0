import { apiData, apiRoute, requireApiUser } from "~/modules/api/api.server";
import { startConnect } from "~/modules/connections/oauth.server";
import { connectQuerySchema } from "~/modules/connections/schemas";
import { getParams, providerParams } from "~/modules/http/params.server";
import { networkRules } from "~/modules/networks/rules";

/**
 * GET /api/auth/{network}/url (optional ?prompt=login, taken where the network's switchAccount is
 * "login"): the provider's consent page for this session, in data.url. `returnTo` (a path) is where the callback comes back.
 */
const handler = apiRoute({
  GET: async ({ request, params }) => {
    const { user, sessionId, workspace } = await requireApiUser(request);
    const { provider } = getParams(params, providerParams);
    const query = new URL(request.url).searchParams;
    const { prompt, returnTo } = connectQuerySchema.parse({ prompt: query.get("prompt") ?? undefined, returnTo: query.get("returnTo") ?? undefined });
    const url = await startConnect(user, sessionId, provider, {
      returnTo: returnTo ?? null,
      prompt: networkRules(provider).switchAccount === "login" ? prompt : undefined,
      // The channel goes into the workspace this call acts in (the header's, else the session's).
      workspaceId: workspace.id,
    });
    return apiData({ url });
  },
});

export const loader = handler;
export const action = handler;
