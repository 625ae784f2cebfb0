import type { NetworkRules, PartDraft } from "~/integrations/networks/types";
import { validatePartsWith } from "~/integrations/networks/validate-parts";
import { checkXText, splitXText, truncateForX, X_MAX_WEIGHT, xWeightedLength } from "./text";

// X's rules (client-safe): a thread of up to 25 tweets, each 280 weighted and up to 4 images of 5 MB.

const limits = { maxChars: X_MAX_WEIGHT, counting: "weighted", maxParts: 25, maxImagesPerPart: 4, maxImageBytes: 5 * 1024 * 1024 } as const;
const laterParts = { kind: "thread", maxChars: X_MAX_WEIGHT, maxImages: 4 } as const;

export const twitterRules: NetworkRules = {
  id: "twitter",
  label: "X (Twitter)",
  shortLabel: "X",
  handlePrefix: "@",
  threadKind: "thread",
  limits,
  // A side over 8192 pixels is refused.
  images: { maxSide: 8192, takesWebp: true },
  laterParts,
  countText: xWeightedLength,
  checkText: (text) => checkXText(text),
  validateParts: (parts: readonly PartDraft[]) => validatePartsWith({ limits, laterParts, countText: xWeightedLength }, parts),
  truncate: truncateForX,
  aiGuidance: `an X post of at most ${X_MAX_WEIGHT} weighted characters (every URL counts 23, every emoji 2); stay well below the limit.`,
  splitAtLimit: splitXText,
  // X's consent page lets the user switch accounts; its refresh tokens keep a channel going.
  switchAccount: "network",
};
