import { apiData, apiRoute, parseBody, readBody, requireApiUser } from "~/modules/api/api.server";
import { logger } from "~/modules/logger/logger.server";
import { createPost, deletePost, listPosts, schedulePost } from "~/modules/posts/post.server";
import { toPostView } from "~/modules/posts/post-view.server";
import { apiCreatePostSchema, listQuerySchema } from "~/modules/posts/schemas";

/**
 * GET /api/posts: the caller's posts, newest first, filtered by `status` and paged.
 * POST /api/posts: a new post (201); with `scheduledAt` it is scheduled at once, and a refused
 * schedule leaves nothing behind.
 */
const handler = apiRoute({
  GET: async ({ request }) => {
    const { user } = await requireApiUser(request);
    const { status, page, pageSize } = listQuerySchema.parse(Object.fromEntries(new URL(request.url).searchParams));
    const { posts, total } = await listPosts(user.id, status, page, pageSize);
    return apiData(posts.map(toPostView), { meta: { page, pageSize, total } });
  },
  POST: async ({ request }) => {
    const { user } = await requireApiUser(request);
    const { scheduledAt, ...content } = parseBody(apiCreatePostSchema, await readBody(request));
    const draft = await createPost(user.id, content);
    if (scheduledAt === undefined) return apiData(toPostView(draft), { status: 201 });
    try {
      return apiData(toPostView(await schedulePost(user.id, draft.id, new Date(scheduledAt))), { status: 201 });
    } catch (error) {
      // A refused POST changes nothing: the draft made for it goes again.
      await deletePost(user.id, draft.id).catch((cleanup: unknown) =>
        logger.error({ err: cleanup, postId: draft.id }, "Could not remove the draft of a refused POST /api/posts"),
      );
      throw error;
    }
  },
});

export const loader = handler;
export const action = handler;
