import { getDb } from "~/modules/db/db.server";
import { nextFreeSlot, SLOT_GAP_MS, usualPostingTimes, type LocalSlot } from "./posting-slot";

/** How many of the latest posts tell the user's usual posting times. */
const HISTORY_SIZE = 20;

/**
 * The time the schedule form offers for a post: the next free slot in the user's usual posting
 * times, in their zone. `postId` is left out of the slots it could take (its own time moves).
 */
export async function suggestPostingSlot(user: { id: string; timezone: string }, postId: string | null, now = new Date()): Promise<LocalSlot> {
  const db = getDb();
  const notThisPost = postId ? { id: { not: postId } } : {};
  const [history, upcoming] = await Promise.all([
    db.post.findMany({
      where: { userId: user.id, status: { in: ["scheduled", "publishing", "published"] }, scheduledAt: { not: null } },
      orderBy: { scheduledAt: "desc" },
      take: HISTORY_SIZE,
      select: { scheduledAt: true },
    }),
    db.post.findMany({
      where: { userId: user.id, status: { in: ["scheduled", "publishing"] }, scheduledAt: { gte: new Date(now.getTime() - SLOT_GAP_MS) }, ...notThisPost },
      select: { scheduledAt: true },
    }),
  ]);
  const dates = (rows: { scheduledAt: Date | null }[]) => rows.flatMap((row) => (row.scheduledAt ? [row.scheduledAt] : []));
  return nextFreeSlot({ now, zone: user.timezone, usualTimes: usualPostingTimes(dates(history), user.timezone), taken: dates(upcoming) });
}
