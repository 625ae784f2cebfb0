import { getEditablePost, updatePost, type PostChanges } from "./post.server";

// The create wizard's server side: each step saves what it holds and moves the draft's furthest
// step forward (never back), so a reload, the back button or a later visit finds everything.

const ORDER = ["platforms", "method", "content", "review", "images", "schedule"] as const;
export type ComposeStep = (typeof ORDER)[number];

function furthest(current: string | null, next: ComposeStep): string | null {
  // null: a post edited after it left the wizard; it stays out of it.
  if (current === null) return null;
  const known = ORDER.indexOf(current as ComposeStep);
  return known >= ORDER.indexOf(next) ? current : next;
}

export async function saveStep(userId: string, postId: string, next: ComposeStep, changes: PostChanges = {}) {
  const post = await getEditablePost(userId, postId);
  return updatePost(userId, postId, { ...changes, composeStep: furthest(post.composeStep, next) });
}
