import { apiData, apiRoute, requireApiUser } from "~/modules/api/api.server";
import { getParams, invitationTokenParams } from "~/modules/http/params.server";
import { acceptInvitation } from "~/modules/workspace-members/invitations.server";
import { getWorkspace } from "~/modules/workspaces/workspaces.server";

/**
 * POST /api/invitations/{token}/accept: joins the workspace with the invited role. The signed-in
 * user's verified address must be the invited one (403 invitation_email_mismatch); a link used,
 * withdrawn or expired is a 410 invitation_gone. Session only.
 */
const handler = apiRoute({
  POST: async ({ request, params }) => {
    const { user } = await requireApiUser(request);
    const { token } = getParams(params, invitationTokenParams);
    const workspace = await acceptInvitation(user, token);
    return apiData(await getWorkspace(user.id, workspace.id));
  },
});

export const loader = handler;
export const action = handler;
