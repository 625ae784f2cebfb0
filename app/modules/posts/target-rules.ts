import { channelRules, networkRules, type ChannelLimits } from "~/modules/networks/rules";
import { isNetworkId, type NetworkId } from "~/core/platforms/platforms";
import type { TranslationKey } from "~/modules/i18n/keys";

// What a target's parts must be to be published (checked when scheduling, and live in the
// composer: this file runs in the browser too). Each problem names the target and the part at
// fault. The rules are each network's own (app/integrations/networks/<network>/rules.ts), for the
// target's channel where they differ by channel (`limits`: a Mastodon instance's, decision 57).

export interface TargetLimits {
  maxChars: number;
  counting: "characters" | "weighted" | "graphemes";
  /** The most parts a post may have on the channel: a thread, or the post and its first comment. */
  maxParts: number;
  maxImagesPerPart: number;
  maxImageBytes: number;
  /** Whether parts after the first may carry images (a LinkedIn first comment cannot). */
  imagesAfterFirstPart: boolean;
}

export function limitsOf(network: NetworkId, channelLimits?: ChannelLimits | null): TargetLimits {
  const { limits, laterParts } = channelRules(network, channelLimits);
  return { ...limits, imagesAfterFirstPart: laterParts.maxImages > 0 };
}

/** A text's length as the network counts it. */
export function textLength(network: NetworkId, text: string, channelLimits?: ChannelLimits | null): number {
  return channelRules(network, channelLimits).countText(text);
}

export type PartProblemCode = "no_parts" | "too_many_parts" | "text_required" | "text_too_long" | "too_many_images" | "images_not_allowed";

export interface PartProblem {
  /** 0-based index of the target. */
  target: number;
  /** 0-based index of the part; null for a problem of the whole target. */
  part: number | null;
  code: PartProblemCode;
  length?: number;
  max?: number;
}

export interface TargetToCheck {
  network: NetworkId;
  /** The target's channel's limits, where its network's differ by channel. */
  limits?: ChannelLimits | null;
  parts: { text: string; imageCount: number }[];
}

const CODES = {
  empty_part: "text_required",
  too_long: "text_too_long",
  too_many_images: "too_many_images",
  images_not_allowed: "images_not_allowed",
  too_many_parts: "too_many_parts",
} as const;

/** Every problem of every target, in order: empty parts, texts over the limit, too many parts or images. */
export function targetProblems(targets: readonly TargetToCheck[]): PartProblem[] {
  return targets.flatMap((target, t): PartProblem[] => {
    if (target.parts.length === 0) return [{ target: t, part: null, code: "no_parts" }];
    return channelRules(target.network, target.limits)
      .validateParts(target.parts)
      .map((problem) => {
        const code = CODES[problem.code];
        if (problem.code === "too_many_parts") return { target: t, part: null, code, length: problem.count, max: problem.max };
        if (problem.code === "too_long") return { target: t, part: problem.index, code, length: problem.length, max: problem.max };
        if (problem.code === "too_many_images") return { target: t, part: problem.index, code, length: problem.count, max: problem.max };
        return { target: t, part: problem.index, code };
      });
  });
}

/** The form field a problem belongs to (the API's `fields` keys: targets.{i}.parts.{j}.text). */
export function problemField(problem: PartProblem): string {
  if (problem.part === null) return `targets.${problem.target}.parts`;
  return problem.code === "too_many_images" || problem.code === "images_not_allowed"
    ? `targets.${problem.target}.parts.${problem.part}.imageIds`
    : `targets.${problem.target}.parts.${problem.part}.text`;
}

/** Each problem's message (with target, part, length and max) and the words under its field. */
export const PROBLEM_KEYS: Record<PartProblemCode, { message: TranslationKey; field: TranslationKey }> = {
  no_parts: { message: "posts.errors.parts.noParts", field: "posts.errors.parts.tooManyPartsField" },
  too_many_parts: { message: "posts.errors.parts.tooManyParts", field: "posts.errors.parts.tooManyPartsField" },
  text_required: { message: "posts.errors.parts.textMissing", field: "posts.errors.parts.textMissingField" },
  text_too_long: { message: "posts.errors.parts.textOverLimit", field: "posts.errors.parts.textOverLimitField" },
  too_many_images: { message: "posts.errors.parts.tooManyImages", field: "posts.errors.parts.tooManyImagesField" },
  images_not_allowed: { message: "posts.errors.parts.imagesNotAllowed", field: "posts.errors.parts.imagesNotAllowedField" },
};

/** How a target is named in messages: its network and its account ("X @ada", "LinkedIn ada@example.com"). */
export function targetLabel(target: { network: string; channel?: { displayName: string; handle: string | null } | null }): string {
  const rules = isNetworkId(target.network) ? networkRules(target.network) : null;
  const network = rules?.shortLabel ?? target.network;
  const handle = target.channel?.handle ? `${rules?.handlePrefix ?? ""}${target.channel.handle}` : null;
  const account = target.channel ? (handle ?? target.channel.displayName) : "";
  return account ? `${network} ${account}` : network;
}
