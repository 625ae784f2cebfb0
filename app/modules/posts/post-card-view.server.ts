import { parseNetworks } from "~/core/platforms/platforms";
import { imageUrl } from "./post-view.server";

/** A card shows at most this much text (five clamped lines on the widest card); the rest would only weigh on the page. */
export const CARD_TEXT_LENGTH = 600;

/** What a gallery card or a list row is made from (listPostCards): its first image only, and how many it has. */
export interface PostCardRecord {
  id: string;
  status: string;
  platforms: string;
  /** Both texts, cut a little beyond what a card shows (toPostCardView picks one and trims it). */
  linkedinText: string;
  twitterText: string;
  /** Part 1 of the first target, for a post neither v1 text says (Bluesky only), cut the same. */
  firstPartText: string;
  scheduledAt: Date | null;
  publishedAt: Date | null;
  createdAt: Date;
  composeStep: string | null;
  media: { id: string; altText: string; width: number; height: number }[];
  _count: { media: number };
  /** A published post's summed numbers once fetched (null: not fetched, or not published); absent where a read does not give them. */
  metrics?: ListMetrics | null;
}

/** What a list row or card shows of a post's numbers: null for a number the networks do not give. */
export interface ListMetrics {
  likes: number | null;
  reposts: number | null;
  replies: number | null;
}

/**
 * A post for the gallery and the list: the text it shows (cut on the server), its first image and how
 * many it has (the card's "+n" badge).
 */
export function toPostCardView(post: PostCardRecord) {
  const image = post.media[0];
  return {
    id: post.id,
    status: post.status,
    platforms: parseNetworks(post.platforms),
    text: (post.linkedinText || post.twitterText || post.firstPartText).trim().slice(0, CARD_TEXT_LENGTH),
    scheduledAt: post.scheduledAt?.toISOString() ?? null,
    publishedAt: post.publishedAt?.toISOString() ?? null,
    createdAt: post.createdAt.toISOString(),
    composeStep: post.composeStep,
    image: image ? { url: imageUrl(image.id), altText: image.altText, width: image.width, height: image.height } : null,
    imageCount: post._count.media,
    metrics: post.metrics ?? null,
  };
}

export type PostCardView = ReturnType<typeof toPostCardView>;
