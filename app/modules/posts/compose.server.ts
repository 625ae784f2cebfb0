import { parsePlatforms, type Platform } from "~/core/platforms/platforms";
import { getEditablePost, updatePost, type PostChanges } from "./post.server";
import { textFieldErrors, type TextField } from "./scheduling-rules";
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

const TEXT_FIELD: Record<Platform, TextField> = { linkedin: "linkedinText", twitter: "twitterText" };

/** Step 3 by hand: one text, written for every chosen platform (step 4 then tells them apart). */
export async function saveWrittenText(userId: string, postId: string, text: string) {
  const post = await getEditablePost(userId, postId);
  const changes = Object.fromEntries(parsePlatforms(post.platforms).map((platform) => [TEXT_FIELD[platform], text]));
  return saveStep(userId, postId, "review", changes);
}

export type ReviewIntent = "continue" | "copyToTwitter" | "copyToLinkedin";

/**
 * Step 4: each chosen platform's text is always saved (nothing typed is lost); a copy intent copies
 * one text over the other (the copy buttons without JavaScript) and stays. Moving on needs every
 * chosen platform's text to be there and within its limit: `problems` says, per field, why not.
 */
export async function saveReview(userId: string, postId: string, input: Record<TextField, string>, intent: ReviewIntent) {
  const post = await getEditablePost(userId, postId);
  const platforms = parsePlatforms(post.platforms);
  const texts = { ...input };
  if (intent === "copyToTwitter") texts.twitterText = texts.linkedinText;
  if (intent === "copyToLinkedin") texts.linkedinText = texts.twitterText;
  const changes = Object.fromEntries(platforms.map((platform) => [TEXT_FIELD[platform], texts[TEXT_FIELD[platform]]]));
  const problems = intent === "continue" ? textFieldErrors({ platforms, ...texts }) : {};
  const next: WizardStep = intent === "continue" && Object.keys(problems).length === 0 ? "images" : "review";
  await saveStep(userId, postId, next, changes);
  return { next, problems };
}
