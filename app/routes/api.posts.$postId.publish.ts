import { apiData, apiRoute, requireApiCaller } from "~/modules/api/api.server";
import { getParams, postParams } from "~/modules/http/params.server";
import { publishNow } from "~/modules/posts/post.server";
import { toPostView } from "~/modules/posts/post-view.server";

/** POST /api/posts/{id}/publish: the post, scheduled for now (the publisher takes it next). */
const handler = apiRoute({
  POST: async ({ request, params }) => {
    const { actor } = await requireApiCaller(request, "posts:write");
    const { postId } = getParams(params, postParams);
    return apiData(toPostView(await publishNow(actor, postId)));
  },
});

export const loader = handler;
export const action = handler;
