import { apiData, apiRoute, parseBody, readBody, requireApiCaller } from "~/modules/api/api.server";
import { getParams, postParams } from "~/modules/http/params.server";
import { schedulePost } from "~/modules/posts/post.server";
import { toPostView } from "~/modules/posts/post-view.server";
import { apiScheduleSchema } from "~/modules/posts/schemas";

/** POST /api/posts/{id}/schedule {scheduledAt}: schedules (or reschedules, or retries) the post. */
const handler = apiRoute({
  POST: async ({ request, params }) => {
    const { actor } = await requireApiCaller(request, "posts:write");
    const { scheduledAt } = parseBody(apiScheduleSchema, await readBody(request));
    const { postId } = getParams(params, postParams);
    return apiData(toPostView(await schedulePost(actor, postId, new Date(scheduledAt))));
  },
});

export const loader = handler;
export const action = handler;
