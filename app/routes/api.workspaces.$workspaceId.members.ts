import { apiData, apiRoute, requireApiUser } from "~/modules/api/api.server";
import { getParams, workspaceParams } from "~/modules/http/params.server";
import { actorIn, listMembers } from "~/modules/workspace-members/members.server";

/** GET /api/workspaces/{id}/members: who is in the workspace, with their roles (for its members). Session only. */
const handler = apiRoute({
  GET: async ({ request, params }) => {
    const { user } = await requireApiUser(request);
    const { workspaceId } = getParams(params, workspaceParams);
    return apiData(await listMembers(await actorIn(user.id, workspaceId)), { headers: { "Cache-Control": "private, no-store" } });
  },
});

export const loader = handler;
export const action = handler;
