import { apiNoContent, apiRoute, requireApiUser } from "~/modules/api/api.server";
import { getParams, invitationParams } from "~/modules/http/params.server";
import { revokeInvitation } from "~/modules/workspace-members/invitations.server";
import { actorIn } from "~/modules/workspace-members/members.server";

/** DELETE /api/workspaces/{id}/invitations/{invitationId}: withdraws it, its link stops at once (admins). Session only. */
const handler = apiRoute({
  DELETE: async ({ request, params }) => {
    const { user } = await requireApiUser(request);
    const { workspaceId, invitationId } = getParams(params, invitationParams);
    await revokeInvitation(await actorIn(user.id, workspaceId), invitationId);
    return apiNoContent();
  },
});

export const loader = handler;
export const action = handler;
