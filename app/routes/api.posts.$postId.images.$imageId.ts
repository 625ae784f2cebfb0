import { apiNoContent, apiRoute, requireApiCaller } from "~/modules/api/api.server";
import { getParams, postImageParams } from "~/modules/http/params.server";
import { removeImage } from "~/modules/posts/post-images.server";

/** DELETE /api/posts/{id}/images/{imageId}: removes the image and its file (204). */
const handler = apiRoute({
  DELETE: async ({ request, params }) => {
    const { actor } = await requireApiCaller(request, "posts:write");
    const { postId, imageId } = getParams(params, postImageParams);
    await removeImage(actor, postId, imageId);
    return apiNoContent();
  },
});

export const loader = handler;
export const action = handler;
