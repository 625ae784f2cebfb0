import { apiData, apiRoute, parseBody, readBody, requireApiUser } from "~/modules/api/api.server";
import { createPost, createScheduledPost, listPosts } from "~/modules/posts/post.server";
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
    const post = scheduledAt === undefined ? await createPost(user.id, content) : await createScheduledPost(user.id, content, new Date(scheduledAt));
    return apiData(toPostView(post), { status: 201 });
  },
});

export const loader = handler;
export const action = handler;
