import { markNeedsReconnect } from "~/modules/connections/access-token.server";
import { getDb } from "~/modules/db/db.server";
import type { Platform } from "~/modules/posts/platforms";
import type { Published } from "./deliver.server";
import type { Outcome } from "./failures.server";
import { notifyPublishFailed } from "./notify.server";

// Writes the end of an attempt. Every write is conditional on the worker still holding the lease:
// a worker that lost it (lease expired, taken over) cannot overwrite the newer truth.

function held(deliveryId: string, workerId: string) {
  return { id: deliveryId, status: "publishing", leaseOwner: workerId };
}

const released = { leaseOwner: null, leaseUntil: null };

export async function recordPublished(deliveryId: string, workerId: string, result: Published): Promise<void> {
  const { count } = await getDb().delivery.updateMany({
    where: held(deliveryId, workerId),
    data: { status: "published", externalId: result.externalId, url: result.url, publishedAt: new Date(), errorCode: null, lastError: null, ...released },
  });
  if (count === 1) await settlePost(deliveryId);
}

export async function recordFailure(
  delivery: { id: string; platform: Platform; postId: string },
  workerId: string,
  outcome: Outcome,
  context: {
    userId: string | null;
    /**
     * This attempt's own create request was refused with certainty and no earlier attempt was
     * uncertain: nothing can exist on the platform, so a later retry may post afresh. Otherwise
     * (the attempt failed before posting, e.g. while looking for an earlier post) sentAt is kept and
     * the next attempt, even a manual one, reconciles first.
     */
    nothingCreated?: boolean;
  },
): Promise<void> {
  const db = getDb();
  const message = outcome.message.slice(0, 1000);
  let data;
  switch (outcome.kind) {
    case "retry":
    case "uncertain":
      // sentAt is left as it is: after an uncertain attempt the next one looks for the post first.
      data = { status: "pending", nextAttemptAt: outcome.at, errorCode: outcome.code, lastError: message, ...released };
      break;
    case "reconnect":
      data = {
        status: "failed",
        errorCode: outcome.code === "not_connected" ? "not_connected" : "needs_reconnect",
        lastError: message,
        nextAttemptAt: null,
        ...(context.nothingCreated ? { sentAt: null } : {}),
        ...released,
      };
      break;
    case "fail":
      // A refusal of the create request is certain (nothing was created): a later retry posts
      // afresh. Not so for "uncertain", nor after an earlier uncertain attempt (see nothingCreated).
      data = {
        status: "failed",
        errorCode: outcome.code,
        lastError: message,
        nextAttemptAt: null,
        ...(context.nothingCreated && outcome.code !== "uncertain" ? { sentAt: null } : {}),
        ...released,
      };
      break;
  }
  const { count } = await db.delivery.updateMany({ where: held(delivery.id, workerId), data });
  if (count === 0) return;
  if (outcome.kind === "reconnect" && context.userId && outcome.code !== "not_connected") {
    const connection = await db.connection.findUnique({ where: { userId_provider: { userId: context.userId, provider: delivery.platform } }, select: { id: true } });
    if (connection) await markNeedsReconnect(connection.id, message);
  }
  await settlePost(delivery.id);
}

type PostStatus = "scheduled" | "publishing" | "published" | "failed";

/** A post's status from its deliveries: published when all are, failed once any failed for good. */
export function postStatusOf(deliveries: { status: string; attempts: number }[]): PostStatus {
  if (deliveries.length > 0 && deliveries.every((d) => d.status === "published")) return "published";
  const working = deliveries.some((d) => d.status === "publishing" || (d.status === "pending" && d.attempts > 0));
  if (working) return "publishing";
  if (deliveries.some((d) => d.status === "failed")) return "failed";
  return "scheduled";
}

/**
 * Brings the post's status in line with its deliveries. Two deliveries of one post may finish at
 * the same moment: each re-reads after writing and writes again until what it wrote still holds.
 */
export async function settlePost(deliveryId: string): Promise<void> {
  const { postId } = await getDb().delivery.findUniqueOrThrow({ where: { id: deliveryId }, select: { postId: true } });
  await settlePostOf(postId);
}

async function settlePostOf(postId: string): Promise<void> {
  const db = getDb();
  for (let round = 0; round < 5; round++) {
    const deliveries = await db.delivery.findMany({ where: { postId }, select: { status: true, attempts: true, publishedAt: true, platform: true, lastError: true } });
    const status = postStatusOf(deliveries);
    const publishedAt = status === "published" ? new Date(Math.max(...deliveries.map((d) => d.publishedAt?.getTime() ?? 0))) : null;
    if (status === "failed") {
      const platforms = deliveries.filter((d) => d.status === "failed").map((d) => d.platform);
      const { count } = await db.post.updateMany({
        where: { id: postId, status: { not: "failed" } },
        data: { status, errorCode: "delivery_failed", errorMessage: platforms.join(",") },
      });
      if (count === 1) await notifyPublishFailed(postId);
    } else {
      await db.post.updateMany({
        where: { id: postId, status: { in: ["scheduled", "publishing", "failed"] } },
        data: { status, ...(publishedAt ? { publishedAt, errorCode: null, errorMessage: null } : {}) },
      });
    }
    const after = await db.delivery.findMany({ where: { postId }, select: { status: true, attempts: true } });
    if (postStatusOf(after) === status) return;
  }
}

/**
 * Settles posts left "publishing" although none of their deliveries is still to do: what a
 * publisher leaves behind when it dies between recording a delivery and settling its post. Any
 * publisher may run it at any time (settling is idempotent); returns how many it settled.
 */
export async function settleStrandedPosts(limit = 100): Promise<number> {
  const stranded = await getDb().post.findMany({
    where: { status: "publishing", deliveries: { some: {}, none: { status: { in: ["pending", "publishing"] } } } },
    select: { id: true },
    take: limit,
  });
  for (const post of stranded) await settlePostOf(post.id);
  return stranded.length;
}
