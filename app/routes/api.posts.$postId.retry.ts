import { apiData, apiRoute, requireApiCaller } from "~/modules/api/api.server";
import { getParams, postParams } from "~/modules/http/params.server";
import { retryPost } from "~/modules/posts/post.server";
import { toPostView } from "~/modules/posts/post-view.server";

/** POST /api/posts/{id}/retry: a failed post's failed targets and parts, due again now; 409 when nothing failed. */
const handler = apiRoute({
  POST: async ({ request, params }) => {
    const { actor } = await requireApiCaller(request, "posts:write");
    const { postId } = getParams(params, postParams);
    return apiData(toPostView(await retryPost(actor, postId)));
  },
});

export const loader = handler;
export const action = handler;
