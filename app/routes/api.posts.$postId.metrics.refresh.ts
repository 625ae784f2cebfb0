import { apiData, apiRoute, requireApiCaller } from "~/modules/api/api.server";
import { getParams, postParams } from "~/modules/http/params.server";
import { refreshPostMetrics } from "~/modules/metrics/refresh.server";
import { toPostView } from "~/modules/posts/post-view.server";

/** POST /api/posts/{id}/metrics/refresh: the post's published targets' numbers fetched now (429 within 5 minutes of the last). */
const handler = apiRoute({
  POST: async ({ request, params }) => {
    const { actor } = await requireApiCaller(request, "posts:write");
    const { postId } = getParams(params, postParams);
    return apiData(toPostView(await refreshPostMetrics(actor, postId)));
  },
});

export const loader = handler;
export const action = handler;
