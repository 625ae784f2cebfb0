import { apiData, apiRoute, parseBody, readBody, requireApiCaller } from "~/modules/api/api.server";
import { getQueue, replaceQueue } from "~/modules/queue/queue.server";
import { apiQueueSchema } from "~/modules/queue/schemas";

/**
 * GET /api/queue: the caller's time zone and queue slots.
 * PUT /api/queue {slots}: replaces every slot; answers the queue as GET does.
 */
const handler = apiRoute({
  GET: async ({ request }) => {
    const { user } = await requireApiCaller(request, "posts:read");
    return apiData(await getQueue(user.id));
  },
  PUT: async ({ request }) => {
    const { user } = await requireApiCaller(request, "posts:write");
    const { slots } = parseBody(apiQueueSchema, await readBody(request));
    return apiData(await replaceQueue(user.id, slots));
  },
});

export const loader = handler;
export const action = handler;
