import { apiData, apiRoute, requireApiCaller } from "~/modules/api/api.server";
import { listChannels } from "~/modules/channels/channels.server";

/** GET /api/channels: the caller's channels (connected accounts), oldest first, each with its limits. */
const handler = apiRoute({
  GET: async ({ request }) => {
    const { user } = await requireApiCaller(request, "channels:read");
    return apiData(await listChannels(user.id));
  },
});

export const loader = handler;
export const action = handler;
