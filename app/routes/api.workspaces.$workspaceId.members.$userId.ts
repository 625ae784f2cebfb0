import { apiData, apiNoContent, apiRoute, parseBody, readBody, requireApiUser } from "~/modules/api/api.server";
import { getParams, memberParams } from "~/modules/http/params.server";
import { actorIn, changeMemberRole, removeMember } from "~/modules/workspace-members/members.server";
import { changeRoleSchema } from "~/modules/workspace-members/schemas";

/**
 * PATCH /api/workspaces/{id}/members/{userId}: another role (admins; only the owner makes admins;
 * the owner's role never changes). DELETE: ends the member's access at once (admins, or oneself
 * to leave; never the owner). Session only.
 */
const handler = apiRoute({
  PATCH: async ({ request, params }) => {
    const { user } = await requireApiUser(request);
    const { workspaceId, userId } = getParams(params, memberParams);
    const { role } = parseBody(changeRoleSchema, await readBody(request));
    return apiData(await changeMemberRole(await actorIn(user.id, workspaceId), userId, role));
  },
  DELETE: async ({ request, params }) => {
    const { user } = await requireApiUser(request);
    const { workspaceId, userId } = getParams(params, memberParams);
    await removeMember(await actorIn(user.id, workspaceId), userId);
    return apiNoContent();
  },
});

export const loader = handler;
export const action = handler;
