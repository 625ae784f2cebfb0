import { isNetworkId, isPlatform, type NetworkId } from "~/core/platforms/platforms";
import { asActor, type Acting, type Actor, type ActorRef, requireCan } from "~/modules/workspaces/owner";
import { channelRefs, listChannelChoices, networkAvailability, usableChannelIds, type ChannelChoice } from "~/modules/connections/connection.server";
import { startConnect } from "~/modules/connections/oauth.server";
import { getDb } from "~/modules/db/db.server";
import { AppError } from "~/modules/errors/app-error";
import type { ChannelLimits } from "~/modules/networks/rules";
import type { UploadedFile } from "~/modules/http/upload.server";
import { joinAtDividers, partsForNetwork, sharedParts, splitAtDividers, type DraftPart } from "./composer";
import { addImages } from "./post-images.server";
import { createPost, createPostWithTargets, getEditablePost, setPostTargets, updatePost } from "./post.server";
import { toPostView, type PostView } from "./post-view.server";
import { suggestPostingSlot } from "./posting-slot.server";
import { MAX_IMAGE_IDS_PER_PART, MAX_PARTS } from "./schemas";

// The one-screen composer (/compose, docs/decisions/0065): one thread written once for every chosen
// account, saved as the post's targets (each network takes it its way). Every button of its form
// saves first, so nothing typed is lost whatever the button does next.

export interface QuickDraft {
  channelIds: readonly string[];
  parts: readonly DraftPart[];
}

export interface ComposerPage {
  post: PostView | null;
  channels: ChannelChoice[];
  /** Each channel's own limits where its network's differ by channel (a Mastodon instance's), for the counters. */
  channelLimits: Record<string, ChannelLimits | null>;
  /** The channels that can publish now (the others wait for a reconnection). */
  usable: string[];
  chosen: string[];
  parts: DraftPart[];
  /** The time offered: the next free slot in the user's usual hours. */
  slot: { date: string; time: string };
  /** Networks the user has no account on yet and could connect from here. */
  connectable: { network: NetworkId; method: "oauth" | "app_password" | "instance" }[];
}

/** Where a post the one-screen composer does not edit (accounts that differ, a post with a time) is edited instead. */
export const perAccountEditor = (postId: string) => `/create/${postId}/review?editor=parts`;

/**
 * What the composer opens with. A new post goes to the accounts of the user's last post that can
 * still publish, else to every account that can. `add`: a network just connected from here, whose
 * newest account joins the choice. Null for a post it does not edit: one whose accounts say
 * different things, one no longer a draft (scheduled or failed: its time and status have their own
 * pages), or one with a network chosen before it was connected.
 */
export async function composerPage(who: Acting, postId: string | null, add: string | null, now = new Date()): Promise<ComposerPage | null> {
  const actor = asActor(who.actor);
  const [channels, refs, usable, stored] = await Promise.all([
    listChannelChoices(actor.workspaceId),
    channelRefs(actor.workspaceId),
    usableChannelIds(actor.workspaceId, now),
    postId ? getEditablePost(actor, postId) : null,
  ]);
  const post = stored ? toPostView(stored) : null;
  let parts: DraftPart[] = [{ text: "", imageIds: [] }];
  let chosen: string[];
  if (post) {
    // A scheduled or failed post, or a network chosen before it was connected: the wizard's pages.
    if (post.status !== "draft" || post.targets.some((target) => !target.channelId)) return null;
    const targets = post.targets;
    if (targets.length > 0) {
      const shared = sharedParts(
        targets.map((target) => ({
          channelId: target.channelId ?? "",
          network: target.network,
          limits: target.channel?.limits ?? null,
          parts: target.parts.map((part) => ({ text: part.text, imageIds: part.images.map((image) => image.id) })),
        })),
      );
      if (!shared) return null;
      parts = shared;
    } else {
      // No account chosen: the text was kept as the version 1 fields (saveQuickDraft), the images on part 1.
      parts = splitAtDividers([{ text: post.linkedinText || post.twitterText, imageIds: post.images.map((image) => image.id) }]);
    }
    chosen = targets.map((target) => target.channelId ?? "");
  } else {
    chosen = await defaultChannels(actor, usable);
  }
  if (add && isNetworkId(add)) {
    const newest = channels.filter((channel) => channel.network === add && usable.includes(channel.id)).at(-1);
    if (newest && !chosen.includes(newest.id)) chosen = [...chosen, newest.id];
  }
  // Only drafts open here, and a draft holds no time: the next free usual slot is offered.
  const slot = await suggestPostingSlot({ id: actor.userId, timezone: who.timezone }, postId, now);
  const connected = new Set(channels.map((channel) => channel.network));
  const connectable = networkAvailability()
    .filter((entry) => entry.available && !connected.has(entry.network))
    .map(({ network, method }) => ({ network, method }));
  const channelLimits = Object.fromEntries(refs.map((ref) => [ref.id, ref.limits]));
  return { post, channels, channelLimits, usable, chosen, parts, slot, connectable };
}

/** The accounts of the user's latest post in the workspace that can still publish, else every account that can. */
async function defaultChannels(actor: Actor, usable: readonly string[]): Promise<string[]> {
  const last = await getDb().post.findFirst({
    where: { userId: actor.userId, workspaceId: actor.workspaceId, targets: { some: { channelId: { not: null } } } },
    orderBy: { createdAt: "desc" },
    select: { targets: { orderBy: { position: "asc" }, select: { channelId: true } } },
  });
  const remembered = (last?.targets ?? []).flatMap((target) => (target.channelId && usable.includes(target.channelId) ? [target.channelId] : []));
  return remembered.length ? remembered : [...usable];
}

const tooManyParts = () => new AppError("too_many_parts", "composer.quick.tooManyParts", { values: { max: MAX_PARTS } });

/**
 * Saves the draft: the thread (cut at its `---` lines) on every chosen account, in the user's order
 * of accounts; a new post when `postId` is null. With no account chosen the text is kept in the
 * version 1 fields, so a text typed before connecting a first account survives the round trip.
 */
export async function saveQuickDraft(by: ActorRef, postId: string | null, draft: QuickDraft): Promise<string> {
  const actor = requireCan(by, "write");
  const parts = splitAtDividers(draft.parts);
  if (parts.length > MAX_PARTS) throw tooManyParts();
  const refs = await channelRefs(actor.workspaceId);
  // Unknown ids are kept in place: setPostTargets refuses them with the field at fault.
  const order = (id: string) => {
    const index = refs.findIndex((ref) => ref.id === id);
    return index < 0 ? refs.length : index;
  };
  const chosen = [...new Set(draft.channelIds)].sort((a, b) => order(a) - order(b));
  if (chosen.length === 0) {
    const text = joinAtDividers(parts);
    if (!postId) return (await createPost(actor, { platforms: [], linkedinText: text, twitterText: text })).id;
    await setPostTargets(actor, postId, []);
    await updatePost(actor, postId, { platforms: [], linkedinText: text, twitterText: text });
    return postId;
  }
  const requests = chosen.map((channelId) => {
    const ref = refs.find((candidate) => candidate.id === channelId);
    return { channelId, parts: ref ? partsForNetwork(ref.network, ref.limits, parts) : parts };
  });
  if (!postId) return (await createPostWithTargets(actor, requests)).id;
  await setPostTargets(actor, postId, requests);
  return postId;
}

/**
 * Dropped, pasted or chosen images: the draft is saved, each file that passes the image rules is
 * added to the post and shown with part `partIndex` (up to its 4). Each refused file comes back
 * with its reason.
 */
export async function addComposerImages(by: ActorRef, postId: string | null, draft: QuickDraft, files: UploadedFile[], partIndex: number) {
  const id = await saveQuickDraft(by, postId, draft);
  const before = new Set((await mediaIds(id)).map((m) => m.id));
  const { added, refused } = await addImages(by, id, files, "");
  if (added > 0) {
    const fresh = (await mediaIds(id)).filter((m) => !before.has(m.id)).map((m) => m.id);
    const parts = splitAtDividers(draft.parts);
    const at = Math.min(Math.max(partIndex, 0), parts.length - 1);
    const withImages = parts.map((part, p) => (p === at ? { ...part, imageIds: [...part.imageIds, ...fresh].slice(0, MAX_IMAGE_IDS_PER_PART) } : part));
    // On a network whose later parts carry no images (a LinkedIn first comment), saveQuickDraft leaves them out there.
    await saveQuickDraft(by, id, { channelIds: draft.channelIds, parts: withImages });
  }
  return { postId: id, added, refused };
}

function mediaIds(postId: string) {
  return getDb().media.findMany({ where: { postId }, orderBy: { position: "asc" }, select: { id: true } });
}

/**
 * For a user with no account yet, the networks ready on this server, to connect from the posts
 * page's first screen (the first step of a first post); null once the user has one.
 */
export async function networksToConnectFirst(workspaceId: string): Promise<ComposerPage["connectable"] | null> {
  if ((await getDb().channel.count({ where: { workspaceId } })) > 0) return null;
  return networkAvailability()
    .filter((entry) => entry.available)
    .map(({ network, method }) => ({ network, method }));
}

/**
 * Where "Connect" leaves for, to come back to `returnTo`: an OAuth network's consent page, or the
 * page of ours that asks for a network's details (a Bluesky app password, a Mastodon instance).
 */
export async function connectAddress(
  user: Parameters<typeof startConnect>[0],
  sessionId: string,
  network: NetworkId,
  returnTo: string,
  workspaceId?: string,
): Promise<string> {
  if (isPlatform(network)) return startConnect(user, sessionId, network, { returnTo, workspaceId });
  return `/profile/connect/${network}?returnTo=${encodeURIComponent(returnTo)}`;
}
