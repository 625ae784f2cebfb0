import { AppError } from "~/modules/errors/app-error";
import { requireCan, type ActorRef } from "~/modules/workspaces/owner";
import { getDb } from "~/modules/db/db.server";
import { getOwnPost } from "~/modules/posts/post.server";
import type { PostRecord } from "~/modules/posts/post-view.server";
import { fetchTargets, readTargetsToFetch } from "./fetch.server";
import { REFRESH_COOLDOWN_MS } from "./schedule";

/**
 * "Refresh" (the post page's button, POST /api/posts/{id}/metrics/refresh): the post's published
 * targets fetched now, at most every 5 minutes. The time is claimed by one conditional update
 * before any call, so that many refreshes at once make one fetch and the others are told to wait.
 * A network's failure is recorded on its target (the last good numbers stay); the post comes back.
 */
export async function refreshPostMetrics(by: ActorRef, postId: string, now = new Date()): Promise<PostRecord> {
  // It spends the networks' rate for everyone in the workspace: an editor's call.
  await getOwnPost(requireCan(by, "publish"), postId);
  const db = getDb();
  const published = await db.postTarget.findMany({
    where: { postId, parts: { some: { status: "published", externalId: { not: null } } } },
    select: { id: true },
  });
  if (published.length === 0) throw new AppError("nothing_published", "metrics.errors.nothingPublished");
  const ids = published.map((target) => target.id);
  const cutoff = new Date(now.getTime() - REFRESH_COOLDOWN_MS);
  const claimed = await db.postTarget.updateManyAndReturn({
    where: { id: { in: ids }, OR: [{ metricsRefreshedAt: null }, { metricsRefreshedAt: { lte: cutoff } }] },
    data: { metricsRefreshedAt: now },
    select: { id: true },
  });
  if (claimed.length === 0) throw await refreshedRecently(ids, now);
  const targets = await readTargetsToFetch(claimed.map((target) => target.id));
  const outcomes = await fetchTargets(targets, { now });
  for (const [targetId, outcome] of outcomes) {
    await db.postTarget.update({
      where: { id: targetId },
      data: outcome.kind === "fetched" ? { metricsErrorCode: null, metricsErrorAt: null } : { metricsErrorCode: outcome.code, metricsErrorAt: new Date() },
    });
  }
  return getOwnPost(by, postId);
}

/** The 429: how long until the post may be refreshed again (its first target that may). */
async function refreshedRecently(targetIds: string[], now: Date): Promise<AppError> {
  const rows = await getDb().postTarget.findMany({ where: { id: { in: targetIds } }, select: { metricsRefreshedAt: true } });
  const times = rows.map((row) => row.metricsRefreshedAt?.getTime() ?? 0);
  const waitMs = Math.max(1_000, Math.min(...times) + REFRESH_COOLDOWN_MS - now.getTime());
  const minutes = Math.max(1, Math.ceil(waitMs / 60_000));
  return new AppError("metrics_refreshed_recently", "metrics.errors.refreshedRecently", {
    values: { count: minutes },
    retryAfterSeconds: Math.ceil(waitMs / 1000),
  });
}
