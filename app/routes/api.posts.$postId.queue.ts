import { apiData, apiRoute, requireApiCaller } from "~/modules/api/api.server";
import { getParams, postParams } from "~/modules/http/params.server";
import { toPostView } from "~/modules/posts/post-view.server";
import { addToQueue } from "~/modules/queue/queue.server";

/** POST /api/posts/{id}/queue: schedules the post at the first free slot of its queue (409 queue_empty). */
const handler = apiRoute({
  POST: async ({ request, params }) => {
    const { actor } = await requireApiCaller(request, "posts:write");
    const { postId } = getParams(params, postParams);
    return apiData(toPostView(await addToQueue(actor, postId)));
  },
});

export const loader = handler;
export const action = handler;
