import { apiData, apiRoute, parseBody, readBody, requireApiCaller } from "~/modules/api/api.server";
import { createPost, createPostFromTargets, createScheduledPost, listPosts } from "~/modules/posts/post.server";
import { toPostView } from "~/modules/posts/post-view.server";
import { apiCreatePostSchema, apiCreatePostTargetsSchema, hasTargets, listQuerySchema } from "~/modules/posts/schemas";

/**
 * GET /api/posts: the caller's posts, newest first, filtered by `status` and paged.
 * POST /api/posts: a new post (201), given by `targets` (version 2) or by platforms and texts
 * (version 1); with `scheduledAt` it is scheduled at once, and a refused schedule leaves nothing behind.
 */
const handler = apiRoute({
  GET: async ({ request }) => {
    const { actor } = await requireApiCaller(request, "posts:read");
    const { status, page, pageSize } = listQuerySchema.parse(Object.fromEntries(new URL(request.url).searchParams));
    const { posts, total } = await listPosts(actor, status, page, pageSize);
    return apiData(posts.map(toPostView), { meta: { page, pageSize, total } });
  },
  POST: async ({ request }) => {
    const { actor } = await requireApiCaller(request, "posts:write");
    const body = await readBody(request);
    if (hasTargets(body)) {
      const post = await createPostFromTargets(actor, parseBody(apiCreatePostTargetsSchema, body));
      return apiData(toPostView(post), { status: 201 });
    }
    const { scheduledAt, ...content } = parseBody(apiCreatePostSchema, body);
    const post = scheduledAt === undefined ? await createPost(actor, content) : await createScheduledPost(actor, content, new Date(scheduledAt));
    return apiData(toPostView(post), { status: 201 });
  },
});

export const loader = handler;
export const action = handler;
