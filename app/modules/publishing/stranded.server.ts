import { getDb } from "~/modules/db/db.server";
import { getEnv } from "~/core/env/env.server";
import type { NetworkId } from "~/core/platforms/platforms";
import { MAX_ATTEMPTS } from "./failures.server";
import { settlePostOf } from "./outcome.server";

// What a publisher that stopped without finishing (killed, crashed, machine lost) leaves behind, and
// how the publishers still running deal with it. A publisher is presumed gone once it has been
// silent for a whole lease (PUBLISHER_LEASE_MS), as for the deliveries it held.

/**
 * The error code of a delivery taken over after its lease ran out: its previous run stopped
 * without recording any outcome.
 */
export const INTERRUPTED = "interrupted";

/**
 * Fails the deliveries of `platform` whose runs keep stopping their publisher (a crash loop: an
 * image that exhausts memory, a bug): taken over again after MAX_ATTEMPTS claims, the last one
 * already a takeover. Without this they would be claimed again every lease, for ever. Their posts
 * are settled (failed, the user told). The create request may have gone out before a crash, so
 * sentAt stays: a manual retry looks for the post first.
 */
export async function failInterruptedTooOften(platform: NetworkId, now: Date): Promise<number> {
  const failed = await getDb().delivery.updateManyAndReturn({
    where: { platform, status: "publishing", leaseUntil: { lt: now }, errorCode: INTERRUPTED, attempts: { gte: MAX_ATTEMPTS } },
    data: {
      status: "failed",
      errorCode: "interrupted_too_often",
      lastError: "Every recent attempt stopped before it finished",
      nextAttemptAt: null,
      leaseOwner: null,
      leaseUntil: null,
    },
    select: { postId: true },
  });
  for (const postId of new Set(failed.map((row) => row.postId))) await settlePostOf(postId);
  return failed.length;
}

/**
 * Settles posts left "publishing" although all their deliveries are over: a publisher died between
 * recording a delivery and settling its post. A live publisher settles within moments of its
 * write, so a post counts as stranded only when none of its deliveries changed for a whole lease;
 * otherwise the sweep would race live publishers and report posts that nobody left behind. Returns
 * how many posts it settled (that no one else settled meanwhile).
 */
export async function settleStrandedPosts(limit = 100, now = Date.now()): Promise<number> {
  const quietSince = new Date(now - getEnv().PUBLISHER_LEASE_MS);
  const stranded = await getDb().post.findMany({
    where: {
      status: "publishing",
      deliveries: { some: {}, none: { OR: [{ status: { in: ["pending", "publishing"] } }, { updatedAt: { gt: quietSince } }] } },
    },
    select: { id: true },
    take: limit,
  });
  let settled = 0;
  for (const post of stranded) if (await settlePostOf(post.id)) settled += 1;
  return settled;
}
