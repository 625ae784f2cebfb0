import { apiRoute, requireApiUser } from "~/modules/api/api.server";
import { getParams, postParams } from "~/modules/http/params.server";
import { refreshMetrics } from "~/modules/posts/metrics.server";

/** POST /api/posts/{id}/metrics/refresh: not available yet (501 metrics_unavailable), said plainly. */
const handler = apiRoute({
  POST: async ({ request, params }) => {
    const { user } = await requireApiUser(request);
    const { postId } = getParams(params, postParams);
    return refreshMetrics(user.id, postId);
  },
});

export const loader = handler;
export const action = handler;
