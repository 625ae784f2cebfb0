import { apiData, apiRoute, parseBody, requireApiCaller } from "~/modules/api/api.server";
import { nextQueueTimes } from "~/modules/queue/queue.server";
import { nextQueueQuerySchema } from "~/modules/queue/schemas";

/** GET /api/queue/next?channelId=&count=: the next free slot times of one of the caller's channels (UTC). */
const handler = apiRoute({
  GET: async ({ request }) => {
    const { workspace } = await requireApiCaller(request, "posts:read");
    const { channelId, count } = parseBody(nextQueueQuerySchema, Object.fromEntries(new URL(request.url).searchParams));
    const times = await nextQueueTimes(workspace.id, channelId, count);
    return apiData(times.map((time) => time.toISOString()));
  },
});

export const loader = handler;
export const action = handler;
