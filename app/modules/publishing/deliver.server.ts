import { getNetwork } from "~/integrations/networks/registry.server";
import type { Network, PartImage, PartToSend, PublishContext } from "~/integrations/networks/types";
import { connectionSelect, refreshAfterRefusal, usableConnection, type ConnectionRow } from "~/modules/connections/access-token.server";
import { getDb } from "~/modules/db/db.server";
import { readStoredFile } from "~/modules/media/storage.server";
import { partMedia } from "~/modules/posts/part-media";
import type { ClaimedDelivery } from "./claim.server";
import { checkImagesFor, fitImageBytes, imageFor } from "./images.server";
import { recordPart, type PartOutcome } from "./part-rows.server";
import { TargetGone } from "./target-gone";
import type { Published } from "./published-rows.server";

const partSelect = { id: true, position: true, text: true, mediaIds: true, status: true, externalId: true, url: true, sentAt: true, sendKey: true } as const;

const workSelect = {
  id: true,
  userId: true,
  scheduledAt: true,
  media: { orderBy: { position: "asc" } },
  targets: { select: { id: true, channelId: true, network: true, parts: { orderBy: { position: "asc" }, select: partSelect } } },
} as const;

type WorkPost = Awaited<ReturnType<typeof readPosts>>[number];
type WorkPart = WorkPost["targets"][number]["parts"][number];

/** What a delivery needs, read fresh when the attempt starts (the post may have been edited, a channel renewed). */
export type Work = WorkPost & { channels: ConnectionRow[] };

function readPosts(postIds: string[]) {
  return getDb().post.findMany({ where: { id: { in: postIds } }, select: workSelect });
}

/** loadWorks() for one delivery; null once its post was deleted. */
export async function loadWork(delivery: Pick<ClaimedDelivery, "postId">): Promise<Work | null> {
  return (await loadWorks([delivery.postId])).get(delivery.postId) ?? null;
}

/**
 * The posts of freshly claimed deliveries with their targets' channels, by post id (a deleted post
 * is missing): one read of each for a whole claim, rather than one per delivery.
 */
export async function loadWorks(postIds: string[]): Promise<Map<string, Work>> {
  const posts = await readPosts(postIds);
  const channelIds = [...new Set(posts.flatMap((post) => post.targets.flatMap((target) => (target.channelId ? [target.channelId] : []))))];
  const channels = channelIds.length > 0 ? await getDb().channel.findMany({ where: { id: { in: channelIds } }, select: connectionSelect }) : [];
  return new Map(posts.map((post) => [post.id, { ...post, channels: channels.filter((c) => c.userId === post.userId) }]));
}

export interface AttemptHooks {
  workerId: string;
  /** Keeps the lease while the attempt works; false when it was lost (stop at once). */
  stillMine: () => Promise<boolean>;
  /**
   * Persists that the request creating this part is about to go out, with its send key when the
   * network has them (markSent); false when the lease was lost.
   */
  beforeSend: (partId: string, sendKey: string | null) => Promise<boolean>;
}

export class LeaseLost extends Error {
  constructor() {
    super("The delivery's lease was lost");
    this.name = "LeaseLost";
  }
}

/**
 * What an attempt ended with: part 1 (what the delivery records), and the last part it recorded
 * now (null when every part was already recorded by an earlier attempt).
 */
export interface AttemptResult extends Published {
  lastPart: { id: string; result: PartOutcome } | null;
}

/**
 * Runs one attempt of a delivery: the target's parts in order, each sent only after the one before
 * it is recorded, so that part n+1 can reply to (or comment on) part n. Parts already published are
 * skipped. A part an earlier attempt may have sent (its sentAt is set) is first looked for, as its
 * network can (found: recorded without sending; absent: sent; unknowable: marked "unknown", never
 * resent). Throws what went wrong for the caller to classify, with the part at fault on the error.
 */
export async function attemptDelivery(delivery: ClaimedDelivery, hooks: AttemptHooks, work?: Work): Promise<AttemptResult> {
  const post = work ?? (await loadWork(delivery));
  if (!post) throw new Error("The post was deleted");
  const target = post.targets.find((candidate) => candidate.id === delivery.targetId);
  if (!target) throw new TargetGone("target_removed");
  if (!target.channelId) throw new TargetGone("channel_removed");
  const channel = post.channels.find((c) => c.id === target.channelId) ?? null;
  const connection = await usableConnection(post.userId, delivery.platform, channel);
  const network = await channelNetwork(delivery.platform, channel?.instance ?? null);
  const ctx: PublishContext = {
    accessToken: connection.accessToken,
    // A token its network refused as expired (Bluesky's 400 ExpiredToken) is refreshed once.
    refreshAccessToken: () => refreshAfterRefusal(connection.id, ctx.accessToken),
    providerUserId: connection.providerUserId,
    handle: connection.handle,
    ...(connection.kind === "member" || connection.kind === "account" || connection.kind === "page" ? { kind: connection.kind } : {}),
  };
  const parts = [...target.parts].sort((a, b) => a.position - b.position);
  const remaining = parts.filter((part) => part.status !== "published" && part.status !== "unknown");
  const lastToDo = remaining.at(-1);
  let parent: string | null = null;
  let first: Published | null = null;
  let lastPart: AttemptResult["lastPart"] = null;
  for (const part of parts) {
    if (part.status === "unknown") break; // nothing can be chained after a part nobody can see
    if (part.status === "published" && part.externalId) {
      parent = part.externalId;
      first ??= { externalId: part.externalId, url: part.url ?? "" };
      continue;
    }
    let sent = false;
    const partHooks = { ...hooks, beforeSend: async (partId: string, sendKey: string | null) => (sent = await hooks.beforeSend(partId, sendKey)) };
    const outcome: PartOutcome = await sendPart(part, { post, siblings: parts, network, ctx, parent, hooks: partHooks, platform: delivery.platform }).catch(
      (error: unknown) => {
        if (error instanceof LeaseLost) throw error;
        const failure: PartFailure = { partId: part.id, sent, sentBefore: part.sentAt !== null };
        throw Object.assign(error instanceof Error ? error : new Error(String(error)), { partFailure: failure });
      },
    );
    if (part === lastToDo) lastPart = { id: part.id, result: outcome };
    else if (!(await recordPart(delivery.id, hooks.workerId, part.id, outcome))) throw new LeaseLost();
    if (outcome.status === "unknown") break;
    parent = outcome.externalId;
    first ??= { externalId: outcome.externalId, url: outcome.url };
  }
  if (!first) throw new Error("The post has no part to publish");
  return { ...first, lastPart };
}

/**
 * The network that publishes for this channel: where each server is its own provider (Mastodon),
 * the network with that instance's limits (images fitted to its image_size_limit, decision 57).
 */
async function channelNetwork(platform: ClaimedDelivery["platform"], instance: string | null): Promise<Network> {
  const network = getNetwork(platform);
  return network.instances && instance ? network.instances.networkFor(instance) : network;
}

interface PartContext {
  post: Work;
  /** Every part of the target (images no part names go with part 1). */
  siblings: WorkPart[];
  network: Network;
  ctx: PublishContext;
  parent: string | null;
  hooks: AttemptHooks;
  platform: ClaimedDelivery["platform"];
}

/** One part, from the lookup of an uncertain earlier attempt to the network's answer. */
async function sendPart(part: WorkPart, { post, siblings, network, ctx, parent, hooks, platform }: PartContext): Promise<PartOutcome> {
  const media = partMedia(post.media, siblings, part.position);
  checkImagesFor(platform, media);
  // The key the part goes out under: the one an earlier attempt stored, else a new one (kept only
  // once beforeSend has stored it).
  const sendKey = part.sendKey ?? network.newSendKey?.() ?? null;
  const toSend: PartToSend = { text: part.text, images: [], position: part.position, parent, ...(sendKey ? { sendKey } : {}) };
  const strategy = part.sentAt ? network.reconciliation(part.position, ctx) : null;
  if (part.sentAt && strategy === "unknowable") {
    const found = await network.reconcilePart(ctx, toSend, { sentAt: part.sentAt, parent });
    if (found.outcome === "unknown") return { status: "unknown", externalId: null, url: found.checkUrl };
  }
  if (part.sentAt && strategy === "lookup") {
    const found = await network.reconcilePart(ctx, { ...toSend, images: media.map(placeholderImage) }, { sentAt: part.sentAt, parent });
    if (found.outcome === "found") return { status: "published", externalId: found.externalId, url: found.url };
    // A lookup that cannot tell (Bluesky: a part sent before send keys existed): never resent blindly.
    if (found.outcome === "unknown") return { status: "unknown", externalId: null, url: found.checkUrl };
  }
  toSend.images = await imagesOf(media, platform, network.limits.maxImageBytes);
  const published = await network.publishPart(ctx, toSend, {
    ...(part.sentAt ? { afterUncertain: { sentAt: part.sentAt } } : {}),
    beforeUpload: async () => {
      if (!(await hooks.stillMine())) throw new LeaseLost();
    },
    beforeCreate: async () => {
      if (!(await hooks.beforeSend(part.id, sendKey))) throw new LeaseLost();
    },
  });
  return { status: "published", ...published };
}

/** Lookups compare texts and whether images went with them, not the image bytes. */
function placeholderImage(m: { mimeType: string; width: number; height: number; altText: string }): PartImage {
  return { bytes: new Uint8Array(), mimeType: m.mimeType, width: m.width, height: m.height, altText: m.altText };
}

/**
 * The part's images as the network takes them, read one at a time: recompressed when heavier than
 * the network takes (Bluesky: 1,000,000 bytes), never refused for their weight.
 */
async function imagesOf(media: Work["media"], platform: ClaimedDelivery["platform"], maxBytes: number): Promise<PartImage[]> {
  const images: PartImage[] = [];
  for (const m of media) {
    const stored = { bytes: await readStoredFile(m.storageKey), mimeType: m.mimeType, width: m.width, height: m.height };
    const taken = await imageFor(platform, stored);
    const fitted = await fitImageBytes({ ...taken, width: m.width, height: m.height }, maxBytes);
    images.push({ bytes: fitted.bytes, mimeType: fitted.mimeType, width: fitted.width, height: fitted.height, altText: m.altText });
  }
  return images;
}

/** The part an attempt failed on: whether its create request went out now, and in an earlier attempt. */
export interface PartFailure {
  partId: string;
  sent: boolean;
  sentBefore: boolean;
}

/** The part an attempt failed on, when it failed on one. */
export function partFailureOf(error: unknown): PartFailure | null {
  if (!(error instanceof Error) || !("partFailure" in error)) return null;
  return error.partFailure as PartFailure;
}
