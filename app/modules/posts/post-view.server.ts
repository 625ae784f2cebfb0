import type { Prisma } from "~/modules/db/db.server";
import { parsePlatforms, type Platform } from "~/core/platforms/platforms";

export const postInclude = {
  media: { orderBy: { position: "asc" } },
  deliveries: { orderBy: { platform: "asc" } },
} satisfies Prisma.PostInclude;

export type PostRecord = Prisma.PostGetPayload<{ include: typeof postInclude }>;

export function imageUrl(imageId: string): string {
  return `/media/${imageId}`;
}

/** A post as the API answers it (its schema: postSchema in api/openapi-schemas.ts), also what pages render from. */
export function toPostView(post: PostRecord) {
  return {
    id: post.id,
    status: post.status as "draft" | "scheduled" | "publishing" | "published" | "failed",
    linkedinText: post.linkedinText,
    twitterText: post.twitterText,
    platforms: parsePlatforms(post.platforms),
    scheduledAt: post.scheduledAt?.toISOString() ?? null,
    publishedAt: post.publishedAt?.toISOString() ?? null,
    createdAt: post.createdAt.toISOString(),
    updatedAt: post.updatedAt.toISOString(),
    source: post.source as "manual" | "ai",
    aiPrompt: post.aiPrompt,
    aiEmojis: post.aiEmojis,
    aiHashtags: post.aiHashtags,
    composeStep: post.composeStep,
    images: post.media.map((m) => ({
      id: m.id,
      url: imageUrl(m.id),
      width: m.width,
      height: m.height,
      size: m.size,
      mimeType: m.mimeType,
      altText: m.altText,
    })),
    deliveries: post.deliveries.map((d) => ({
      platform: d.platform as Platform,
      status: d.status as "pending" | "publishing" | "published" | "failed",
      attempts: d.attempts,
      externalId: d.externalId,
      url: d.url,
      error: d.lastError,
      errorCode: d.errorCode,
      publishedAt: d.publishedAt?.toISOString() ?? null,
    })),
    error: post.errorMessage ? { code: post.errorCode, message: post.errorMessage } : null,
  };
}

export type PostView = ReturnType<typeof toPostView>;
