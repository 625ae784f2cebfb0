import { checkLinkedinText, checkXText } from "~/core/platforms/text-limits";
import type { Platform } from "~/core/platforms/platforms";

// What a target's parts must be to be published (checked when scheduling, and live in the
// composer: this file runs in the browser too). Each problem names the target and the part at fault.

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

const LIMITS: Record<Platform, TargetLimits> = {
  linkedin: { maxChars: 3000, counting: "characters", maxParts: 2, maxImagesPerPart: 4, maxImageBytes: 5 * 1024 * 1024, imagesAfterFirstPart: false },
  twitter: { maxChars: 280, counting: "weighted", maxParts: 25, maxImagesPerPart: 4, maxImageBytes: 5 * 1024 * 1024, imagesAfterFirstPart: true },
};

export function limitsOf(network: Platform): TargetLimits {
  return LIMITS[network];
}

/** A text's length as the network counts it. */
export function textLength(network: Platform, text: string): number {
  return (network === "linkedin" ? checkLinkedinText(text) : checkXText(text)).length;
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
  network: Platform;
  parts: { text: string; imageCount: number }[];
}

/** Every problem of every target, in order: empty parts, texts over the limit, too many parts or images. */
export function targetProblems(targets: readonly TargetToCheck[]): PartProblem[] {
  const problems: PartProblem[] = [];
  targets.forEach((target, t) => {
    const limits = limitsOf(target.network);
    if (target.parts.length === 0) problems.push({ target: t, part: null, code: "no_parts" });
    if (target.parts.length > limits.maxParts)
      problems.push({ target: t, part: null, code: "too_many_parts", length: target.parts.length, max: limits.maxParts });
    target.parts.forEach((part, p) => {
      const length = textLength(target.network, part.text);
      if (!part.text.trim()) problems.push({ target: t, part: p, code: "text_required" });
      else if (length > limits.maxChars) problems.push({ target: t, part: p, code: "text_too_long", length, max: limits.maxChars });
      if (p > 0 && part.imageCount > 0 && !limits.imagesAfterFirstPart) problems.push({ target: t, part: p, code: "images_not_allowed" });
      else if (part.imageCount > limits.maxImagesPerPart)
        problems.push({ target: t, part: p, code: "too_many_images", length: part.imageCount, max: limits.maxImagesPerPart });
    });
  });
  return problems;
}

/** The form field a problem belongs to (the API's `fields` keys: targets.{i}.parts.{j}.text). */
export function problemField(problem: PartProblem): string {
  if (problem.part === null) return `targets.${problem.target}.parts`;
  return problem.code === "too_many_images" || problem.code === "images_not_allowed"
    ? `targets.${problem.target}.parts.${problem.part}.imageIds`
    : `targets.${problem.target}.parts.${problem.part}.text`;
}
