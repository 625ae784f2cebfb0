import { apiData, apiRoute, requireApiCaller } from "~/modules/api/api.server";
import { shuffleQueue } from "~/modules/queue/queue-order.server";

/** POST /api/queue/shuffle: re-deals the queued posts among the times they hold, per channel set. */
const handler = apiRoute({
  POST: async ({ request }) => {
    const { actor } = await requireApiCaller(request, "posts:write");
    return apiData(await shuffleQueue(actor));
  },
});

export const loader = handler;
export const action = handler;
