import { apiData, apiRoute, requireApiCaller } from "~/modules/api/api.server";
import { listChannels } from "~/modules/channels/channels.server";

/** GET /api/channels: the current workspace's channels (connected accounts), oldest first, each with its limits. */
const handler = apiRoute({
  GET: async ({ request }) => {
    const { workspace } = await requireApiCaller(request, "channels:read");
    return apiData(await listChannels(workspace.id));
  },
});

export const loader = handler;
export const action = handler;
