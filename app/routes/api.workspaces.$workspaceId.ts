import { apiData, apiRoute, parseBody, readBody, requireApiUser } from "~/modules/api/api.server";
import { getParams, workspaceParams } from "~/modules/http/params.server";
import { updateWorkspaceSchema } from "~/modules/workspaces/schemas";
import { updateWorkspace } from "~/modules/workspaces/workspaces.server";

/**
 * PATCH /api/workspaces/{id}: renames a workspace or turns its approval on or off (its admins and
 * owner; 403 for another member, 404 for a workspace the caller is not a member of). Session only.
 */
const handler = apiRoute({
  PATCH: async ({ request, params }) => {
    const { user } = await requireApiUser(request);
    const { workspaceId } = getParams(params, workspaceParams);
    const changes = parseBody(updateWorkspaceSchema, await readBody(request));
    return apiData(await updateWorkspace(user.id, workspaceId, changes));
  },
});

export const loader = handler;
export const action = handler;
