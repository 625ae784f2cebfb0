import type { Prisma } from "~/modules/db/db.server";
import { parsePlatforms } from "~/modules/platforms/platforms";
import { imageUrl } from "./post-view.server";

/** A card shows at most this much text (five clamped lines on the widest card); the rest would only weigh on the page. */
export const CARD_TEXT_LENGTH = 600;

/** What a gallery card or a list row shows, and no more. */
export const postCardSelect = {
  id: true,
  status: true,
  platforms: true,
  linkedinText: true,
  twitterText: true,
  scheduledAt: true,
  publishedAt: true,
  createdAt: true,
  composeStep: true,
  media: { orderBy: { position: "asc" }, take: 1, select: { id: true, altText: true, width: true, height: true } },
  _count: { select: { media: true } },
} satisfies Prisma.PostSelect;

export type PostCardRecord = Prisma.PostGetPayload<{ select: typeof postCardSelect }>;

/**
 * A post for the gallery and the list: the text it shows (cut on the server), its first image and how
 * many it has (the card's "+n" badge).
 */
export function toPostCardView(post: PostCardRecord) {
  const image = post.media[0];
  return {
    id: post.id,
    status: post.status,
    platforms: parsePlatforms(post.platforms),
    text: (post.linkedinText || post.twitterText).trim().slice(0, CARD_TEXT_LENGTH),
    scheduledAt: post.scheduledAt?.toISOString() ?? null,
    publishedAt: post.publishedAt?.toISOString() ?? null,
    createdAt: post.createdAt.toISOString(),
    composeStep: post.composeStep,
    image: image ? { url: imageUrl(image.id), altText: image.altText, width: image.width, height: image.height } : null,
    imageCount: post._count.media,
  };
}

export type PostCardView = ReturnType<typeof toPostCardView>;
