import type { NetworkRules, PartDraft } from "~/integrations/networks/types";
import { validatePartsWith } from "~/integrations/networks/validate-parts";
import { BLUESKY_MAX_GRAPHEMES, blueskyLength, checkBlueskyText, splitBlueskyText, truncateForBluesky } from "./text";

// Bluesky's rules (client-safe): a thread of posts (replies to the one before, all under part 1),
// each 300 graphemes and up to 4 images; 25 parts at most, as for X (Bluesky sets no number).
// Images: sent at most 1,000,000 bytes (every PDS takes that; the publisher recompresses larger ones).

export const BLUESKY_MAX_IMAGE_BYTES = 1_000_000;

const limits = { maxChars: BLUESKY_MAX_GRAPHEMES, counting: "graphemes", maxParts: 25, maxImagesPerPart: 4, maxImageBytes: BLUESKY_MAX_IMAGE_BYTES } as const;
const laterParts = { kind: "thread", maxChars: BLUESKY_MAX_GRAPHEMES, maxImages: 4 } as const;

export const blueskyRules: NetworkRules<"bluesky"> = {
  id: "bluesky",
  label: "Bluesky",
  shortLabel: "Bluesky",
  handlePrefix: "@",
  threadKind: "thread",
  limits,
  // No pixel limit of its own; WebP is sent as PNG (then recompressed under the byte limit).
  images: { takesWebp: false },
  laterParts,
  countText: blueskyLength,
  checkText: (text) => checkBlueskyText(text),
  validateParts: (parts: readonly PartDraft[]) => validatePartsWith({ limits, laterParts, countText: blueskyLength }, parts),
  truncate: truncateForBluesky,
  aiGuidance: `a Bluesky post of at most ${BLUESKY_MAX_GRAPHEMES} characters (each emoji counts 1); plain text, no Markdown.`,
  splitAtLimit: splitBlueskyText,
  // Connecting asks for the handle itself: nothing to switch on the network's side.
  switchAccount: "network",
};
