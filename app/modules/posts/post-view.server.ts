import type { Prisma } from "~/modules/db/db.server";
import { parsePlatforms, type NetworkId } from "~/core/platforms/platforms";
import { channelAvatarPath } from "~/modules/connections/avatar-path";
import { parseChannelLimits } from "~/modules/networks/rules";
import { partMedia } from "./part-media";
import { partMetrics, sumMetrics } from "./post-metrics";

export const postInclude = {
  media: { orderBy: { position: "asc" } },
  deliveries: { orderBy: { platform: "asc" } },
  targets: {
    orderBy: { position: "asc" },
    include: {
      parts: { orderBy: { position: "asc" } },
      channel: { select: { id: true, network: true, kind: true, displayName: true, handle: true, avatarKey: true, status: true, limitsJson: true } },
      delivery: { select: { status: true, attempts: true, lastError: true, errorCode: true } },
    },
  },
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
    /** What the post says, to name it: a version 1 text, else part 1 of its first target (a Bluesky-only post). */
    text: post.linkedinText || post.twitterText || (post.targets[0]?.parts[0]?.text ?? ""),
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
    images: post.media.map(toImageView),
    deliveries: post.deliveries.map((d) => ({
      targetId: d.targetId,
      platform: d.platform as NetworkId,
      status: d.status as "pending" | "publishing" | "published" | "failed",
      attempts: d.attempts,
      externalId: d.externalId,
      url: d.url,
      error: d.lastError,
      errorCode: d.errorCode,
      publishedAt: d.publishedAt?.toISOString() ?? null,
    })),
    targets: post.targets.map((target) => toTargetView(post, target)),
    error: post.errorMessage ? { code: post.errorCode, message: post.errorMessage } : null,
  };
}

export type TargetStatus = "pending" | "publishing" | "published" | "partial" | "failed";
export type PartStatus = "pending" | "published" | "failed" | "unknown";

/** A target's status: its delivery's, "partial" when it failed for good after some parts went out. */
function targetStatus(target: PostRecord["targets"][number]): TargetStatus {
  const status = target.delivery?.status;
  if (status === "publishing" || status === "published") return status;
  if (status === "failed") return target.parts.some((part) => part.status === "published" || part.status === "unknown") ? "partial" : "failed";
  return "pending";
}

function toImageView(m: PostRecord["media"][number]) {
  return { id: m.id, url: imageUrl(m.id), width: m.width, height: m.height, size: m.size, mimeType: m.mimeType, altText: m.altText };
}

function toTargetView(post: PostRecord, target: PostRecord["targets"][number]) {
  const channel = target.channel;
  return {
    id: target.id,
    channelId: target.channelId,
    network: target.network as NetworkId,
    channel: channel
      ? {
          id: channel.id,
          // A page channel is what the API calls an organization (docs/decisions/0058), as in GET /api/channels.
          kind: channel.kind === "page" ? "organization" : channel.kind,
          displayName: channel.displayName,
          handle: channel.handle,
          avatarUrl: channelAvatarPath(channel),
          status: channel.status,
          /** What changes the network's limits for this channel (a Mastodon instance's), for the composer's counters. */
          limits: parseChannelLimits(channel.limitsJson),
        }
      : null,
    status: targetStatus(target),
    attempts: target.delivery?.attempts ?? 0,
    error: target.delivery?.lastError ?? null,
    errorCode: target.delivery?.errorCode ?? null,
    url: target.parts[0]?.url ?? null,
    parts: target.parts.map((part) => ({
      position: part.position,
      text: part.text,
      images: partMedia(post.media, target.parts, part.position).map(toImageView),
      status: part.status as PartStatus,
      externalId: part.externalId,
      url: part.url,
      error: part.lastError,
      publishedAt: part.publishedAt?.toISOString() ?? null,
      /** This part's own numbers as last fetched; null until then. */
      metrics: partMetrics(part),
    })),
    /** The parts' numbers summed (docs/decisions/0073-post-metrics.md); null until first fetched. */
    metrics: sumMetrics(target.parts),
    /** The last fetch failed (the numbers above are the last good ones): its code and time; null once one succeeds. */
    metricsError: target.metricsErrorCode && target.metricsErrorAt ? { code: target.metricsErrorCode, at: target.metricsErrorAt.toISOString() } : null,
  };
}

export type PostView = ReturnType<typeof toPostView>;
