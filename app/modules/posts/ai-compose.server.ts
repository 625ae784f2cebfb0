import { assertCanUseAi } from "~/modules/ai/ai-access.server";
import { asActor, type ActorRef } from "~/modules/workspaces/owner";
import { draftEventStream, draftField, generateDraft, type Draft, type DraftRequest } from "~/modules/ai/ai.server";
import type { Locale } from "~/modules/i18n/i18n";
import { savePartOnes, saveStep } from "./compose.server";
import { getEditablePost } from "./post.server";
import { parseNetworks } from "~/core/platforms/platforms";

export interface AiComposeInput {
  prompt: string;
  emojis: boolean;
  hashtags: boolean;
}

// The wizard's AI path: the prompt is saved first (a failure or a reload never loses it), then the
// model drafts one text per network the post targets (Bluesky too), each saved as part 1 of that
// network's accounts before the user sees the review step.

async function prepare(by: ActorRef, postId: string, input: AiComposeInput, locale: Locale): Promise<DraftRequest> {
  const post = await getEditablePost(by, postId);
  await saveStep(by, postId, "content", { source: "ai", aiPrompt: input.prompt, aiEmojis: input.emojis, aiHashtags: input.hashtags });
  await assertCanUseAi(asActor(by).userId);
  return { ...input, platforms: parseNetworks(post.platforms), locale };
}

function saveDraft(by: ActorRef, postId: string, draft: Draft) {
  return savePartOnes(by, postId, (network) => draft[draftField(network)]);
}

export async function composeWithAi(by: ActorRef, postId: string, input: AiComposeInput, locale: Locale): Promise<void> {
  const request = await prepare(by, postId, input, locale);
  await saveDraft(by, postId, await generateDraft(request));
}

/** The same, as events for a streaming answer; the draft is saved before the `done` event. */
export async function streamComposeWithAi(by: ActorRef, postId: string, input: AiComposeInput, locale: Locale, signal: AbortSignal) {
  const request = await prepare(by, postId, input, locale);
  return draftEventStream(request, {
    signal,
    onDone: async (draft) => {
      await saveDraft(by, postId, draft);
    },
  });
}
