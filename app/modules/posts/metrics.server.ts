import { AppError } from "~/modules/errors/app-error";
import { getOwnPost } from "./post.server";

/**
 * POST /api/posts/{id}/metrics/refresh. Fetching metrics from the networks is not built yet: the
 * caller's post is looked up (another user's is a 404, as everywhere), then the answer says so
 * plainly (501 metrics_unavailable) rather than make numbers up.
 */
export async function refreshMetrics(userId: string, postId: string): Promise<never> {
  await getOwnPost(userId, postId);
  throw new AppError("metrics_unavailable", "posts.errors.metricsUnavailable");
}
