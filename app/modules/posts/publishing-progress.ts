// Where a post stands on its way out, for its page to follow it live (decision 46).

/** How long after a post fell due its page keeps refreshing by itself; then it offers a refresh link. */
export const FOLLOW_FOR_MS = 2 * 60_000;

export type PublishingProgress = "following" | "waiting" | null;

interface ProgressInput {
  status: string;
  scheduledAt: Date | string | null;
  deliveries: { status: string }[];
}

/**
 * "following" while the post is publishing, or due and waiting for the publisher, and fell due less
 * than FOLLOW_FOR_MS ago; "waiting" when it is still on its way after that; null otherwise (a draft,
 * a post due later, or one that is settled).
 */
export function publishingProgress(post: ProgressInput, now: Date): PublishingProgress {
  const dueAt = post.scheduledAt === null ? null : new Date(post.scheduledAt).getTime();
  const due = dueAt !== null && dueAt <= now.getTime();
  const onItsWay = post.status === "publishing" || post.deliveries.some((d) => d.status === "publishing") || (post.status === "scheduled" && due);
  if (!onItsWay) return null;
  return dueAt === null || now.getTime() - dueAt < FOLLOW_FOR_MS ? "following" : "waiting";
}
