import { isNetworkId, LEGACY_TEXT_FIELD, parsePlatforms, type NetworkId, type Platform } from "~/core/platforms/platforms";
import { asActor, type ActorRef } from "~/modules/workspaces/owner";
import { channelRefs } from "~/modules/connections/connection.server";
import { parseMediaIds } from "./part-media";
import type { AppError } from "~/modules/errors/app-error";
import { applyComposerIntent, composesByChannel, type ComposerIntent, type DraftPart } from "./composer";
import { getEditablePost, setPostTargets, updatePost, type PostChanges } from "./post.server";
import { targetsProblem } from "./post-targets.server";
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

export async function saveStep(by: ActorRef, postId: string, next: WizardStep, changes: PostChanges = {}) {
  const post = await getEditablePost(by, postId);
  return updatePost(by, postId, { ...changes, composeStep: furthest(post.composeStep, next) });
}

const TEXT_FIELD: Record<Platform, TextField> = LEGACY_TEXT_FIELD;

/** Step 3 by hand: one text, written for every chosen platform (step 4 then tells them apart). */
export async function saveWrittenText(by: ActorRef, postId: string, text: string) {
  return savePartOnes(by, postId, () => text);
}

/**
 * Step 3's outcome, by hand or by AI: each network's text (`textFor`) becomes part 1 of every
 * account of that network; later parts stay. A post of the version 1 pair keeps its v1 fields;
 * several accounts on a network, or a network without a v1 field, are written target by target.
 */
export async function savePartOnes(by: ActorRef, postId: string, textFor: (network: NetworkId) => string) {
  const post = await getEditablePost(by, postId);
  const targets = [...post.targets].sort((a, b) => a.position - b.position);
  if (composesByChannel(targets) && targets.every((target) => target.channelId)) {
    await setPostTargets(
      by,
      postId,
      targets.map((target) => ({
        channelId: target.channelId ?? "",
        parts: [...target.parts]
          .sort((a, b) => a.position - b.position)
          .map((part, p) => ({ text: p === 0 && isNetworkId(target.network) ? textFor(target.network) : part.text, imageIds: parseMediaIds(part.mediaIds) })),
      })),
    );
    return saveStep(by, postId, "review");
  }
  const changes = Object.fromEntries(parsePlatforms(post.platforms).map((platform) => [TEXT_FIELD[platform], textFor(platform)]));
  return saveStep(by, postId, "review", changes);
}

export type ReviewIntent = "continue" | "copyToTwitter" | "copyToLinkedin";

/**
 * Step 4: each chosen platform's text is always saved (nothing typed is lost); a copy intent copies
 * one text over the other (the copy buttons without JavaScript) and stays. Moving on needs every
 * chosen platform's text to be there and within its limit: `problems` says, per field, why not.
 */
export async function saveReview(by: ActorRef, postId: string, input: Record<TextField, string>, intent: ReviewIntent) {
  const post = await getEditablePost(by, postId);
  const platforms = parsePlatforms(post.platforms);
  const texts = { ...input };
  if (intent === "copyToTwitter") texts.twitterText = texts.linkedinText;
  if (intent === "copyToLinkedin") texts.linkedinText = texts.twitterText;
  const changes = Object.fromEntries(platforms.map((platform) => [TEXT_FIELD[platform], texts[TEXT_FIELD[platform]]]));
  const problems = intent === "continue" ? textFieldErrors({ platforms, ...texts }) : {};
  const next: WizardStep = intent === "continue" && Object.keys(problems).length === 0 ? "images" : "review";
  await saveStep(by, postId, next, changes);
  return { next, problems };
}

/**
 * The composer (the review step's thread editor): the submitted targets, changed by the button's
 * intent, are always saved (nothing typed is lost). "Continue" moves on only when every part
 * fits its network: `problem` names the first part at fault and, in its fields, all of them.
 * Whether each channel can still publish is checked when scheduling, as for the other steps.
 */
export async function saveComposer(
  by: ActorRef,
  postId: string,
  submitted: readonly { channelId: string; parts: DraftPart[] }[],
  intent: ComposerIntent,
): Promise<{ next: WizardStep; problem: AppError | null }> {
  const channels = await channelRefs(asActor(by).workspaceId);
  // An unknown channel is kept as it came: setPostTargets refuses it, naming the field.
  const drafts = submitted.map((target) => {
    const channel = channels.find((c) => c.id === target.channelId);
    return { ...target, network: channel?.network ?? ("twitter" as const), limits: channel?.limits ?? null };
  });
  const changed = applyComposerIntent(drafts, intent);
  const post = await setPostTargets(
    by,
    postId,
    changed.map(({ channelId, parts }) => ({ channelId, parts })),
  );
  if (intent.kind !== "continue") return { next: "review", problem: null };
  const problem = targetsProblem(
    post,
    post.targets.flatMap((target) => (target.channelId ? [target.channelId] : [])),
  );
  if (problem) return { next: "review", problem };
  await saveStep(by, postId, "images");
  return { next: "images", problem: null };
}

/**
 * The first step with several accounts on a network: the post goes to the chosen channels, in the
 * user's order. A channel already chosen keeps its parts; a new one starts from the shared text
 * (part 1 of the post's first target on its network, else of its first target).
 */
export async function chooseChannels(by: ActorRef, postId: string, channelIds: readonly string[]) {
  const post = await getEditablePost(by, postId);
  const channels = await channelRefs(asActor(by).workspaceId);
  const existing = [...post.targets].sort((a, b) => a.position - b.position);
  const firstText = (network?: string) =>
    [...(existing.find((target) => network === undefined || target.network === network)?.parts ?? [])].sort((a, b) => a.position - b.position)[0]?.text;
  const chosen = [...new Set(channelIds)].sort((a, b) => channels.findIndex((c) => c.id === a) - channels.findIndex((c) => c.id === b));
  const requests = chosen.map((channelId) => {
    const kept = existing.find((target) => target.channelId === channelId);
    if (kept) {
      return {
        channelId,
        parts: [...kept.parts].sort((a, b) => a.position - b.position).map((part) => ({ text: part.text, imageIds: parseMediaIds(part.mediaIds) })),
      };
    }
    const network = channels.find((c) => c.id === channelId)?.network;
    return { channelId, parts: [{ text: firstText(network) ?? firstText() ?? "" }] };
  });
  await setPostTargets(by, postId, requests);
  return saveStep(by, postId, "method");
}
