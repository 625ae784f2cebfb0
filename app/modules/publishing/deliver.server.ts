import sharp from "sharp";
import { createLinkedinPost, duplicateUrnOf, uploadLinkedinImage } from "~/integrations/linkedin.server";
import { isProviderError } from "~/integrations/provider-error";
import { createTweet, listRecentTweets, tweetUrl, uploadXMedia } from "~/integrations/x.server";
import { usableConnection, type UsableConnection } from "~/modules/connections/access-token.server";
import { getDb } from "~/modules/db/db.server";
import { readStoredFile } from "~/modules/media/storage.server";
import type { ClaimedDelivery } from "./claim.server";

export interface Published {
  externalId: string;
  url: string;
}

const workSelect = { id: true, userId: true, linkedinText: true, twitterText: true, scheduledAt: true, media: { orderBy: { position: "asc" } } } as const;

/** What a delivery needs, read fresh when the attempt starts (the post may have been edited); null once deleted. */
export async function loadWork(delivery: Pick<ClaimedDelivery, "postId">) {
  return getDb().post.findUnique({ where: { id: delivery.postId }, select: workSelect });
}

export type Work = NonNullable<Awaited<ReturnType<typeof loadWork>>>;

/** loadWork() for several posts at once, by post id (a deleted post is missing). */
export async function loadWorks(postIds: string[]): Promise<Map<string, Work>> {
  const posts = await getDb().post.findMany({ where: { id: { in: postIds } }, select: workSelect });
  return new Map(posts.map((post) => [post.id, post]));
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
  const connection = await usableConnection(post.userId, delivery.platform);
  return delivery.platform === "linkedin" ? deliverToLinkedIn(delivery, post, connection, hooks) : deliverToX(delivery, post, connection, hooks);
}

async function imagesOf(post: Work) {
  return Promise.all(post.media.map(async (m) => ({ bytes: await readStoredFile(m.storageKey), mimeType: m.mimeType, altText: m.altText })));
}

/** LinkedIn takes JPEG, PNG and GIF: a WebP image goes as a PNG. */
async function forLinkedIn(image: { bytes: Buffer; mimeType: string }) {
  if (image.mimeType !== "image/webp") return image;
  return { bytes: await sharp(image.bytes).png().toBuffer(), mimeType: "image/png" };
}

async function deliverToLinkedIn(delivery: ClaimedDelivery, post: Work, connection: UsableConnection, hooks: AttemptHooks): Promise<Published> {
  const authorUrn = `urn:li:person:${connection.providerUserId}`;
  const images = [];
  for (const image of await imagesOf(post)) {
    if (!(await hooks.stillMine())) throw new LeaseLost();
    const upload = await forLinkedIn(image);
    images.push({ urn: await uploadLinkedinImage(connection.accessToken, { ownerUrn: authorUrn, ...upload }), altText: image.altText });
  }
  const retryOfUncertain = delivery.sentAt !== null;
  if (!(await hooks.beforeSend())) throw new LeaseLost();
  try {
    const { urn, url } = await createLinkedinPost(connection.accessToken, { authorUrn, commentary: post.linkedinText, images });
    return { externalId: urn, url };
  } catch (error) {
    // Reconciliation: after an uncertain attempt, LinkedIn refusing a duplicate proves the
    // earlier request created the post.
    const urn = retryOfUncertain && isProviderError(error) ? duplicateUrnOf(error) : null;
    if (urn) return { externalId: urn, url: `https://www.linkedin.com/feed/update/${urn}/` };
    throw error;
  }
}

/** Compares texts the way X may rewrite them (links become t.co, spacing trimmed). */
function normalizeTweet(text: string): string {
  return text.replace(/https?:\/\/\S+/g, "<link>").replace(/\s+/g, " ").trim();
}

async function deliverToX(delivery: ClaimedDelivery, post: Work, connection: UsableConnection, hooks: AttemptHooks): Promise<Published> {
  const username = connection.handle ?? "i";
  if (delivery.sentAt) {
    // Reconciliation: an earlier attempt may have posted; look for it before posting again.
    const since = new Date(delivery.sentAt.getTime() - 60_000);
    const recent = await listRecentTweets(connection.accessToken, connection.providerUserId, { sinceTime: since });
    const match = recent.find((tweet) => normalizeTweet(tweet.text) === normalizeTweet(post.twitterText));
    if (match) return { externalId: match.id, url: tweetUrl(username, match.id) };
  }
  const mediaIds = [];
  for (const image of await imagesOf(post)) {
    if (!(await hooks.stillMine())) throw new LeaseLost();
    mediaIds.push(await uploadXMedia(connection.accessToken, image));
  }
  if (!(await hooks.beforeSend())) throw new LeaseLost();
  const { id } = await createTweet(connection.accessToken, { text: post.twitterText, mediaIds });
  return { externalId: id, url: tweetUrl(username, id) };
}
