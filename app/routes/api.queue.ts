import { apiData, apiRoute, parseBody, readBody, requireApiCaller } from "~/modules/api/api.server";
import { getQueue, replaceQueue } from "~/modules/queue/queue.server";
import { apiQueueSchema } from "~/modules/queue/schemas";

/**
 * GET /api/queue: the caller's time zone and queue slots.
 * PUT /api/queue {slots}: replaces every slot; answers the queue as GET does.
 */
const handler = apiRoute({
  GET: async ({ request }) => {
    const { workspace } = await requireApiCaller(request, "posts:read");
    return apiData(await getQueue(workspace.id));
  },
  PUT: async ({ request }) => {
    const { actor } = await requireApiCaller(request, "posts:write");
    const { slots } = parseBody(apiQueueSchema, await readBody(request));
    return apiData(await replaceQueue(actor, slots));
  },
});

export const loader = handler;
export const action = handler;
