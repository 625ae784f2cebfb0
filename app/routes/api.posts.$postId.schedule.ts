import { apiData, apiRoute, parseBody, readBody, requireApiUser } from "~/modules/api/api.server";
import { schedulePost } from "~/modules/posts/post.server";
import { toPostView } from "~/modules/posts/post-view.server";
import { apiScheduleSchema } from "~/modules/posts/schemas";

/** POST /api/posts/{id}/schedule {scheduledAt}: schedules (or reschedules, or retries) the post. */
const handler = apiRoute({
  POST: async ({ request, params }) => {
    const { user } = await requireApiUser(request);
    const { scheduledAt } = parseBody(apiScheduleSchema, await readBody(request));
    return apiData(toPostView(await schedulePost(user.id, params.postId ?? "", new Date(scheduledAt))));
  },
});

export const loader = handler;
export const action = handler;
