import type { LaterPartRules, NetworkLimits, PartDraft, PartProblem } from "./types";

// One validation for every network, driven by its limits: a network declares numbers, not code.

export function validatePartsWith(
  { limits, laterParts, countText }: { limits: NetworkLimits; laterParts: LaterPartRules; countText(text: string): number },
  parts: readonly PartDraft[],
): PartProblem[] {
  const problems: PartProblem[] = [];
  if (parts.length > limits.maxParts) problems.push({ index: limits.maxParts, code: "too_many_parts", count: parts.length, max: limits.maxParts });
  parts.forEach((part, index) => {
    const first = index === 0;
    const maxChars = first ? limits.maxChars : laterParts.maxChars;
    const maxImages = first ? limits.maxImagesPerPart : laterParts.maxImages;
    // A part with only images is a valid tweet or post; a comment without text is not.
    if (!part.text.trim() && (part.imageCount === 0 || maxImages === 0)) problems.push({ index, code: "empty_part" });
    const length = countText(part.text);
    if (length > maxChars) problems.push({ index, code: "too_long", length, max: maxChars });
    if (part.imageCount > 0 && maxImages === 0) problems.push({ index, code: "images_not_allowed", count: part.imageCount });
    else if (part.imageCount > maxImages) problems.push({ index, code: "too_many_images", count: part.imageCount, max: maxImages });
  });
  return problems;
}
