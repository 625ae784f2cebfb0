import { parseChannelLimits } from "~/integrations/networks/rules";
import { getDb } from "~/modules/db/db.server";
import { AppError } from "~/modules/errors/app-error";
import type { TranslationKey } from "~/modules/i18n/keys";
import { isNetworkId, type NetworkId } from "~/core/platforms/platforms";
import { partMedia } from "./part-media";
import type { PostRecord } from "./post-view.server";
import { PROBLEM_KEYS, problemField, targetLabel, targetProblems, type PartProblem } from "./target-rules";
import type { TargetInput } from "./targets.server";

export { targetLabel };

// Targets as callers give them (a channel and its parts), checked against the user's channels and
// the post's images, and the scheduling rules of each target's network.

export interface TargetRequest {
  channelId: string;
  parts: { text: string; imageIds?: string[] }[];
}

/**
 * The targets a request names, as the writer takes them: each channel must be one of the workspace's
 * (once), each image one of the post's. Refused with the field at fault; nothing is written here.
 */
export async function resolveTargets(workspaceId: string, requests: readonly TargetRequest[], postMediaIds: readonly string[]): Promise<TargetInput[]> {
  const channels = await getDb().channel.findMany({ where: { workspaceId }, select: { id: true, network: true } });
  const seen = new Set<string>();
  return requests.map((request, t) => {
    const channel = channels.find((candidate) => candidate.id === request.channelId);
    if (!channel || !isNetworkId(channel.network)) {
      throw new AppError("validation_failed", "posts.errors.parts.channelUnknown", {
        fields: { [`targets.${t}.channelId`]: "posts.errors.parts.channelUnknownField" },
      });
    }
    if (seen.has(channel.id)) {
      throw new AppError("validation_failed", "posts.errors.parts.channelTwice", {
        fields: { [`targets.${t}.channelId`]: "posts.errors.parts.channelTwiceField" },
      });
    }
    seen.add(channel.id);
    const parts = request.parts.map((part, p) => {
      const unknown = (part.imageIds ?? []).find((id) => !postMediaIds.includes(id));
      if (unknown !== undefined) {
        throw new AppError("validation_failed", "posts.errors.parts.imageUnknown", {
          fields: { [`targets.${t}.parts.${p}.imageIds`]: "posts.errors.parts.imageUnknownField" },
        });
      }
      return { text: part.text, mediaIds: [...new Set(part.imageIds ?? [])] };
    });
    return { channelId: channel.id, network: channel.network, parts: parts.length > 0 ? parts : [{ text: "" }] };
  });
}

const PROBLEM_CODES: Record<PartProblem["code"], ConstructorParameters<typeof AppError>[0]> = {
  no_parts: "text_required",
  too_many_parts: "too_many_parts",
  text_required: "text_required",
  text_too_long: "text_too_long",
  too_many_images: "too_many_images",
  images_not_allowed: "images_not_allowed",
};

/** One target as the schedule step sums it up: where it goes, what part 1 says, and what its network would refuse. */
export interface TargetSummary {
  id: string;
  network: NetworkId;
  /** "X @ada", "Bluesky ada.bsky.social": the network and the account. */
  label: string;
  text: string;
  partCount: number;
  imageCount: number;
  /** The first problem of this target, as a message with its values (the same as scheduling would answer). */
  problem: { key: TranslationKey; values: Record<string, string | number> } | null;
}

export function targetSummaries(post: Pick<PostRecord, "targets" | "media">): TargetSummary[] {
  return post.targets.flatMap((target): TargetSummary[] => {
    if (!isNetworkId(target.network)) return [];
    const parts = target.parts.map((part) => ({ text: part.text, imageCount: partMedia(post.media, target.parts, part.position).length }));
    const [first] = targetProblems([{ network: target.network, limits: parseChannelLimits(target.channel?.limitsJson), parts }]);
    const label = targetLabel(target);
    return [
      {
        id: target.id,
        network: target.network,
        label,
        text: parts[0]?.text ?? "",
        partCount: parts.length,
        imageCount: parts.reduce((sum, part) => sum + part.imageCount, 0),
        problem: first
          ? {
              key: PROBLEM_KEYS[first.code].message,
              values: { target: label, part: (first.part ?? 0) + 1, length: first.length ?? 0, max: first.max ?? 0 },
            }
          : null,
      },
    ];
  });
}

/**
 * The first reason a post's targets could not be published as they stand, or null: every part
 * within its network's limits (partsProblem), and each target on a channel that is still there and
 * usable.
 */
export function targetsProblem(post: Pick<PostRecord, "targets" | "media">, usableChannelIds: readonly string[]): AppError | null {
  const parts = partsProblem(post);
  if (parts) return parts;
  for (const [t, target] of post.targets.entries()) {
    if (target.channelId && usableChannelIds.includes(target.channelId)) continue;
    const key: TranslationKey = target.channelId ? "posts.errors.parts.channelNeedsReconnect" : "posts.errors.parts.channelRemoved";
    return new AppError("channel_unusable", key, { values: { target: targetLabel(target) }, fields: { [`targets.${t}.channelId`]: key } });
  }
  return null;
}

/**
 * The first part outside its network's limits, or null. The error's `fields` name every part at
 * fault (targets.{i}.parts.{j}.text), its message the first, with its target and part number.
 */
export function partsProblem(post: Pick<PostRecord, "targets" | "media">): AppError | null {
  const targets = post.targets.map((target) => ({
    network: target.network as NetworkId,
    limits: parseChannelLimits(target.channel?.limitsJson),
    parts: target.parts.map((part) => ({ text: part.text, imageCount: partMedia(post.media, target.parts, part.position).length })),
  }));
  const problems = targetProblems(targets);
  if (problems.length > 0) {
    const [first] = problems as [PartProblem, ...PartProblem[]];
    const { message } = PROBLEM_KEYS[first.code];
    const code = PROBLEM_CODES[first.code];
    const fields = Object.fromEntries(problems.map((problem) => [problemField(problem), PROBLEM_KEYS[problem.code].field]));
    const target = post.targets[first.target];
    return new AppError(code, message, {
      values: { target: target ? targetLabel(target) : "", part: (first.part ?? 0) + 1, length: first.length ?? 0, max: first.max ?? 0 },
      fields,
    });
  }
  return null;
}
