import { apiData, apiRoute, parseBody, readBody, requireApiUser } from "~/modules/api/api.server";
import { listChannels } from "~/modules/channels/channels.server";
import { addMemberPages, listMemberPages, pagesMemberOf } from "~/modules/connections/pages.server";
import { addOrganizationBodySchema, organizationUrnOf } from "~/modules/connections/schemas";

/**
 * GET /api/channels/linkedin/organizations: the pages the user's connected LinkedIn member (the
 * oldest one with the page scopes) administers now, [{id, name, logoUrl, added}].
 * POST with {organizationId}: adds that page as a channel (201, the channel); 403 when the member
 * does not administer it now, 409 pages_unavailable without a member with the scopes. docs/decisions/0058.
 */
const handler = apiRoute({
  GET: async ({ request }) => {
    const { actor } = await requireApiUser(request);
    const { pages } = await listMemberPages(actor, await pagesMemberOf(actor.workspaceId, "linkedin"));
    return apiData(pages.map((page) => ({ id: page.providerUserId, name: page.displayName, logoUrl: page.logoUrl, added: page.added })));
  },
  POST: async ({ request }) => {
    const { actor } = await requireApiUser(request);
    const { organizationId } = parseBody(addOrganizationBodySchema, await readBody(request));
    const { added } = await addMemberPages(actor, await pagesMemberOf(actor.workspaceId, "linkedin"), [organizationUrnOf(organizationId)]);
    const channel = (await listChannels(actor.workspaceId)).find((candidate) => candidate.id === added[0]?.id);
    return apiData(channel, { status: 201 });
  },
});

export const loader = handler;
export const action = handler;
