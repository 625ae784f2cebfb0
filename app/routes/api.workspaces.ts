import { apiData, apiRoute, parseBody, readBody, requireApiUser } from "~/modules/api/api.server";
import { createWorkspaceSchema } from "~/modules/workspaces/schemas";
import { createWorkspace, listWorkspaces } from "~/modules/workspaces/workspaces.server";

/**
 * GET /api/workspaces: the caller's workspaces with their role in each, the personal one first.
 * POST /api/workspaces: makes one, the caller its owner (201). Session only: a token acts in the
 * one workspace it was made in and manages none.
 */
const handler = apiRoute({
  GET: async ({ request }) => {
    const { user } = await requireApiUser(request);
    return apiData(await listWorkspaces(user.id), { headers: { "Cache-Control": "private, no-store" } });
  },
  POST: async ({ request }) => {
    const { user } = await requireApiUser(request);
    const { name } = parseBody(createWorkspaceSchema, await readBody(request));
    return apiData(await createWorkspace(user.id, name), { status: 201 });
  },
});

export const loader = handler;
export const action = handler;
