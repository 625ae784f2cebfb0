import { apiData, apiRoute, requireApiCaller } from "~/modules/api/api.server";
import { getParams, postParams } from "~/modules/http/params.server";
import { toPostView } from "~/modules/posts/post-view.server";
import { moveToTopOfQueue } from "~/modules/queue/queue-order.server";

/** POST /api/posts/{id}/queue/top: the queued post takes the first time of its channels' queue (409 post_not_queued). */
const handler = apiRoute({
  POST: async ({ request, params }) => {
    const { actor } = await requireApiCaller(request, "posts:write");
    const { postId } = getParams(params, postParams);
    return apiData(toPostView(await moveToTopOfQueue(actor, postId)));
  },
});

export const loader = handler;
export const action = handler;
