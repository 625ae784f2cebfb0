import { apiData, apiNoContent, apiRoute, parseBody, readBody, requireApiUser } from "~/modules/api/api.server";
import { getParams, workspaceParams } from "~/modules/http/params.server";
import { updateWorkspaceSchema } from "~/modules/workspaces/schemas";
import { deleteWorkspace } from "~/modules/workspace-removal/delete-workspace.server";
import { updateWorkspace } from "~/modules/workspaces/workspaces.server";

/**
 * PATCH /api/workspaces/{id}: renames a workspace or turns its approval on or off (its admins and
 * owner; 403 for another member, 404 for a workspace the caller is not a member of).
 * DELETE /api/workspaces/{id}: deletes a shared workspace and all it holds (its owner; 409 for the
 * personal one, or while one of its posts is being published). Session only.
 */
const handler = apiRoute({
  PATCH: async ({ request, params }) => {
    const { user } = await requireApiUser(request);
    const { workspaceId } = getParams(params, workspaceParams);
    const changes = parseBody(updateWorkspaceSchema, await readBody(request));
    return apiData(await updateWorkspace(user.id, workspaceId, changes));
  },
  DELETE: async ({ request, params }) => {
    const { user } = await requireApiUser(request);
    const { workspaceId } = getParams(params, workspaceParams);
    await deleteWorkspace(user.id, workspaceId);
    return apiNoContent();
  },
});

export const loader = handler;
export const action = handler;
