import { apiData, apiRoute, parseBody, readBody, requireApiUser } from "~/modules/api/api.server";
import { getParams, workspaceParams } from "~/modules/http/params.server";
import { createInvitation, listInvitations } from "~/modules/workspace-members/invitations.server";
import { actorIn } from "~/modules/workspace-members/members.server";
import { inviteSchema } from "~/modules/workspace-members/schemas";

/**
 * GET /api/workspaces/{id}/invitations: the invitations waiting (admins).
 * POST: invites an address with a role (not owner; admin by the owner only), mails it a single-use
 * link valid 7 days (201). Session only.
 */
const handler = apiRoute({
  GET: async ({ request, params }) => {
    const { user } = await requireApiUser(request);
    const { workspaceId } = getParams(params, workspaceParams);
    return apiData(await listInvitations(await actorIn(user.id, workspaceId)), { headers: { "Cache-Control": "private, no-store" } });
  },
  POST: async ({ request, params }) => {
    const { user } = await requireApiUser(request);
    const { workspaceId } = getParams(params, workspaceParams);
    const input = parseBody(inviteSchema, await readBody(request));
    return apiData(await createInvitation(await actorIn(user.id, workspaceId), input), { status: 201 });
  },
});

export const loader = handler;
export const action = handler;
