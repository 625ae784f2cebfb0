import { getDb } from "~/modules/db/db.server";
import type { Platform } from "~/core/platforms/platforms";

// When a platform is disconnected, its scheduled posts are flagged (not lost, not unscheduled): the
// post says the account must be connected again before it is due. Reconnecting clears the flag.

export const DISCONNECTED_FLAG = "platform_disconnected";

function scheduledWith(userId: string, provider: Platform) {
  return { userId, status: "scheduled", platforms: { contains: provider } };
}

export async function flagScheduledPosts(userId: string, provider: Platform): Promise<number> {
  const { count } = await getDb().post.updateMany({
    where: scheduledWith(userId, provider),
    data: { errorCode: DISCONNECTED_FLAG, errorMessage: provider },
  });
  return count;
}

/** Flags the given posts, still scheduled, as having lost their account on `provider` (a channel removed by id). */
export async function flagScheduledPostsOf(postIds: readonly string[], provider: Platform): Promise<number> {
  if (postIds.length === 0) return 0;
  const { count } = await getDb().post.updateMany({
    where: { id: { in: [...postIds] }, status: "scheduled" },
    data: { errorCode: DISCONNECTED_FLAG, errorMessage: provider },
  });
  return count;
}

export async function clearDisconnectFlags(userId: string, provider: Platform): Promise<void> {
  await getDb().post.updateMany({
    where: { ...scheduledWith(userId, provider), errorCode: DISCONNECTED_FLAG, errorMessage: provider },
    data: { errorCode: null, errorMessage: null },
  });
}
