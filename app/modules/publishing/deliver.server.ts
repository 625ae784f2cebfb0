import { createLinkedinPost, duplicateUrnOf, uploadLinkedinImage } from "~/integrations/networks/linkedin/client.server";
import { isProviderError, ProviderError } from "~/integrations/provider-error";
import { isShownAs } from "~/integrations/networks/twitter/shown-text";
import { createTweet, listRecentTweets, tweetUrl, uploadXMedia, type XTweet } from "~/integrations/networks/twitter/client.server";
import { connectionSelect, usableConnection, type ConnectionRow, type UsableConnection } from "~/modules/connections/access-token.server";
import { getDb } from "~/modules/db/db.server";
import { readStoredFile } from "~/modules/media/storage.server";
import type { ClaimedDelivery } from "./claim.server";
import { checkImagesFor, imageFor } from "./images.server";
import { partMedia } from "~/modules/posts/part-media";
import type { Published } from "./published-rows.server";

const workSelect = {
  id: true,
  userId: true,
  scheduledAt: true,
  media: { orderBy: { position: "asc" } },
  targets: {
    select: { id: true, channelId: true, network: true, parts: { orderBy: { position: "asc" }, select: { position: true, text: true, mediaIds: true } } },
  },
} as const;

type WorkPost = Awaited<ReturnType<typeof readPosts>>[number];

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
 * The posts of freshly claimed deliveries with their users' connections, by post id (a deleted
 * post is missing): one read of each for a whole claim, rather than one per delivery.
 */
export async function loadWorks(postIds: string[]): Promise<Map<string, Work>> {
  const posts = await readPosts(postIds);
  const channelIds = [...new Set(posts.flatMap((post) => post.targets.flatMap((target) => (target.channelId ? [target.channelId] : []))))];
  const channels = channelIds.length > 0 ? await getDb().channel.findMany({ where: { id: { in: channelIds } }, select: connectionSelect }) : [];
  return new Map(posts.map((post) => [post.id, { ...post, channels: channels.filter((c) => c.userId === post.userId) }]));
}

export interface AttemptHooks {
  /** Keeps the lease while the attempt works; false when it was lost (stop at once). */
  stillMine: () => Promise<boolean>;
  /** Persists that the create request is about to go out. */
  beforeSend: () => Promise<boolean>;
}

export class LeaseLost extends Error {
  constructor() {
    super("The delivery's lease was lost");
    this.name = "LeaseLost";
  }
}

/**
 * Runs one attempt of a delivery; throws what went wrong for the caller to classify. `work` is the
 * post as loadWork() read it at the start of this attempt (read here when not given).
 */
export async function attemptDelivery(delivery: ClaimedDelivery, hooks: AttemptHooks, work?: Work): Promise<Published> {
  const post = work ?? (await loadWork(delivery));
  if (!post) throw new Error("The post was deleted");
  const target = post.targets.find((candidate) => candidate.id === delivery.targetId);
  if (!target) throw new Error("The target was removed");
  const channel = target.channelId ? (post.channels.find((c) => c.id === target.channelId) ?? null) : null;
  const connection = await usableConnection(post.userId, delivery.platform, channel);
  const part = { text: target.parts[0]?.text ?? "", media: partMedia(post.media, target.parts, 1) };
  return delivery.platform === "linkedin" ? deliverToLinkedIn(delivery, part, connection, hooks) : deliverToX(delivery, part, connection, hooks);
}

/** What one part sends: its text and its images. */
interface PartWork {
  text: string;
  media: Work["media"];
}

/** The part's images, all checked against the platform's limits before any is sent. */
async function imagesOf(part: PartWork, platform: ClaimedDelivery["platform"]) {
  checkImagesFor(platform, part.media);
  return Promise.all(
    part.media.map(async (m) => ({ bytes: await readStoredFile(m.storageKey), mimeType: m.mimeType, width: m.width, height: m.height, altText: m.altText })),
  );
}

async function deliverToLinkedIn(delivery: ClaimedDelivery, post: PartWork, connection: UsableConnection, hooks: AttemptHooks): Promise<Published> {
  const authorUrn = `urn:li:person:${connection.providerUserId}`;
  const images = [];
  for (const image of await imagesOf(post, "linkedin")) {
    if (!(await hooks.stillMine())) throw new LeaseLost();
    const upload = await imageFor("linkedin", image);
    images.push({ urn: await uploadLinkedinImage(connection.accessToken, { ownerUrn: authorUrn, ...upload }), altText: image.altText });
  }
  const retryOfUncertain = delivery.sentAt !== null;
  if (!(await hooks.beforeSend())) throw new LeaseLost();
  try {
    const { urn, url } = await createLinkedinPost(connection.accessToken, { authorUrn, commentary: post.text, images });
    return { externalId: urn, url };
  } catch (error) {
    // Reconciliation: after an uncertain attempt, LinkedIn refusing a duplicate proves the
    // earlier request created the post.
    const urn = retryOfUncertain && isProviderError(error) ? duplicateUrnOf(error) : null;
    if (urn) return { externalId: urn, url: `https://www.linkedin.com/feed/update/${urn}/` };
    throw error;
  }
}

/** How far before `sentAt` a tweet may be dated and still be ours: the clocks of X and ours differ. */
const CLOCK_SKEW_MS = 60_000;

/**
 * The tweet an earlier, uncertain attempt (sent at `sentAt`) may have created: same text as X shows
 * it (see isShownAs) and created within the attempt window, from sentAt (less clock skew) to now.
 */
async function findSentTweet(connection: UsableConnection, post: PartWork, sentAt: Date): Promise<XTweet | undefined> {
  const since = new Date(sentAt.getTime() - CLOCK_SKEW_MS);
  const until = Date.now() + CLOCK_SKEW_MS;
  const recent = await listRecentTweets(connection.accessToken, connection.providerUserId, { sinceTime: since });
  const sent = { text: post.text, withPhotos: post.media.length > 0 };
  return recent.find((tweet) => tweet.createdAt >= since && tweet.createdAt.getTime() <= until && isShownAs(tweet.text, sent));
}

async function deliverToX(delivery: ClaimedDelivery, post: PartWork, connection: UsableConnection, hooks: AttemptHooks): Promise<Published> {
  const published = (id: string) => ({ externalId: id, url: tweetUrl(connection.handle ?? "i", id) });
  if (delivery.sentAt) {
    // Reconciliation: an earlier attempt may have posted; look for it before posting again.
    const earlier = await findSentTweet(connection, post, delivery.sentAt);
    if (earlier) return published(earlier.id);
  }
  const mediaIds = [];
  for (const image of await imagesOf(post, "twitter")) {
    if (!(await hooks.stillMine())) throw new LeaseLost();
    mediaIds.push(await uploadXMedia(connection.accessToken, await imageFor("twitter", image)));
  }
  if (!(await hooks.beforeSend())) throw new LeaseLost();
  try {
    const { id } = await createTweet(connection.accessToken, { text: post.text, mediaIds });
    return published(id);
  } catch (error) {
    if (!delivery.sentAt || !isProviderError(error) || error.details.code !== "duplicate") throw error;
    // After an uncertain attempt, X refusing a duplicate says the earlier tweet exists, though the
    // timeline did not show it a moment ago: look again.
    const earlier = await findSentTweet(connection, post, delivery.sentAt);
    if (earlier) return published(earlier.id);
    // Still not found: the same text is on the account but not from this post's attempts (posted
    // earlier, by hand or by another post). Trying again would be refused the same way for as long
    // as that tweet is there, so this fails at once and says why; sentAt stays, so a manual retry
    // looks for the tweet again before posting.
    throw new ProviderError("twitter", "http", DUPLICATE_NOT_FOUND, { ...error.details, code: "duplicate_not_found" });
  }
}

const DUPLICATE_NOT_FOUND =
  "X refused the tweet as a duplicate, but the tweet of the earlier, unconfirmed attempt is not on the account: the same text was posted before. Check the account; to post it anyway, change the text.";
