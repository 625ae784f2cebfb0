import type { Platform } from "~/core/platforms/platforms";
import { ownerKey, type ActorRef } from "~/modules/workspaces/owner";
import { getDb } from "~/modules/db/db.server";
import { chooseChannels } from "./compose.server";
import { createPost, createPostWithTargets, updatePost } from "./post.server";

// Every "Write a post" starts a draft on the server (step 1 saves it). A user who starts, leaves and
// starts again would pile up empty drafts: the wizard reuses the latest one nothing was put into
// (docs/decisions/0063-what-a-new-user-met.md).

/** The user's latest draft in the wizard with no text, no prompt, no image and no time, if any. */
export async function latestUntouchedDraft(by: ActorRef): Promise<string | null> {
  const draft = await getDb().post.findFirst({
    where: {
      ...ownerKey(by),
      status: "draft",
      composeStep: { not: null },
      scheduledAt: null,
      linkedinText: "",
      twitterText: "",
      aiPrompt: null,
      media: { none: {} },
      targets: { none: { parts: { some: { OR: [{ text: { not: "" } }, { mediaIds: { not: "" } }] } } } },
    },
    orderBy: [{ updatedAt: "desc" }, { id: "desc" }],
    select: { id: true },
  });
  return draft?.id ?? null;
}

/** Step 1 by networks: the latest untouched draft takes the choice, or a new draft is made. */
export async function startWizardDraft(
  by: ActorRef,
  input: { platforms: Platform[]; source: "manual" | "ai"; composeStep: "platforms" | "method" },
): Promise<{ id: string }> {
  const reusable = await latestUntouchedDraft(by);
  const post = reusable ? await updatePost(by, reusable, input) : await createPost(by, input);
  return { id: post.id };
}

/** Step 1 by accounts (several on a network): as startWizardDraft, with channels. */
export async function startWizardDraftForAccounts(by: ActorRef, channelIds: readonly string[], source: "manual" | "ai"): Promise<{ id: string }> {
  const reusable = await latestUntouchedDraft(by);
  if (reusable) await chooseChannels(by, reusable, channelIds);
  const id =
    reusable ??
    (
      await createPostWithTargets(
        by,
        channelIds.map((channelId) => ({ channelId, parts: [{ text: "" }] })),
        source,
      )
    ).id;
  // A post made from targets starts outside the wizard (composeStep null): put it in.
  await updatePost(by, id, { source, composeStep: "method" });
  return { id };
}
