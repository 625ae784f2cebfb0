import { apiData, apiNoContent, apiRoute, parseBody, readBody, requireApiCaller } from "~/modules/api/api.server";
import { getParams, postParams } from "~/modules/http/params.server";
import { deletePost, getOwnPost, setPostTargets, updatePost } from "~/modules/posts/post.server";
import { toPostView } from "~/modules/posts/post-view.server";
import { apiUpdatePostSchema, apiUpdatePostTargetsSchema, hasTargets } from "~/modules/posts/schemas";

/**
 * GET, PATCH (409 once publishing began or published) and DELETE (204) of one of the caller's
 * posts; 404 for anyone else's. PATCH takes `targets` (replacing all) or the version 1 fields.
 */
const handler = apiRoute({
  GET: async ({ request, params }) => {
    const { actor } = await requireApiCaller(request, "posts:read");
    const { postId } = getParams(params, postParams);
    return apiData(toPostView(await getOwnPost(actor, postId)));
  },
  PATCH: async ({ request, params }) => {
    const { actor } = await requireApiCaller(request, "posts:write");
    const body = await readBody(request);
    if (hasTargets(body)) {
      const { targets } = parseBody(apiUpdatePostTargetsSchema, body);
      const { postId } = getParams(params, postParams);
      return apiData(toPostView(await setPostTargets(actor, postId, targets)));
    }
    const changes = parseBody(apiUpdatePostSchema, body);
    const { postId } = getParams(params, postParams);
    return apiData(toPostView(await updatePost(actor, postId, changes)));
  },
  DELETE: async ({ request, params }) => {
    const { actor } = await requireApiCaller(request, "posts:write");
    const { postId } = getParams(params, postParams);
    await deletePost(actor, postId);
    return apiNoContent();
  },
});

export const loader = handler;
export const action = handler;
