import { getEditablePost, updatePost, type PostChanges } from "./post.server";
import { WIZARD_STEPS, type WizardStep } from "./wizard-steps";

// The create wizard's server side: each step saves what it holds and moves the draft's furthest
// step forward (never back), so a reload, the back button or a later visit finds everything.

function furthest(current: string | null, next: WizardStep): string | null {
  // null: a post edited after it left the wizard; it stays out of it.
  if (current === null) return null;
  const known = WIZARD_STEPS.indexOf(current as WizardStep);
  return known >= WIZARD_STEPS.indexOf(next) ? current : next;
}

export async function saveStep(userId: string, postId: string, next: WizardStep, changes: PostChanges = {}) {
  const post = await getEditablePost(userId, postId);
  return updatePost(userId, postId, { ...changes, composeStep: furthest(post.composeStep, next) });
}
