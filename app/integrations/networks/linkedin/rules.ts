import type { NetworkRules, PartDraft } from "~/integrations/networks/types";
import { validatePartsWith } from "~/integrations/networks/validate-parts";
import { checkLinkedinText, LINKEDIN_MAX_CHARS, linkedinLength, truncateForLinkedin } from "./text";

// LinkedIn's rules (client-safe): part 1 is the post (3,000 characters, up to 20 images), part 2 an
// optional first comment: text only (a comment takes no images through this API), same length
// (LinkedIn documents no comment limit; the post's is the safe one).

const limits = { maxChars: LINKEDIN_MAX_CHARS, counting: "characters", maxParts: 2, maxImagesPerPart: 20, maxImageBytes: 5 * 1024 * 1024 } as const;
const laterParts = { kind: "comment", maxChars: LINKEDIN_MAX_CHARS, maxImages: 0 } as const;

export const linkedinRules: NetworkRules = {
  id: "linkedin",
  label: "LinkedIn",
  shortLabel: "LinkedIn",
  // The handle stored for a member is their e-mail, shown as it is.
  handlePrefix: "",
  threadKind: "comment",
  limits,
  // At most 36,152,320 pixels in all; JPEG, PNG and GIF only (docs/providers.md).
  images: { maxPixels: 36_152_320, takesWebp: false },
  laterParts,
  countText: linkedinLength,
  checkText: (text) => checkLinkedinText(text),
  validateParts: (parts: readonly PartDraft[]) => validatePartsWith({ limits, laterParts, countText: linkedinLength }, parts),
  truncate: truncateForLinkedin,
  aiGuidance: `a LinkedIn post of at most ${LINKEDIN_MAX_CHARS} characters, plain text in short paragraphs, no Markdown.`,
  // LinkedIn keeps the member signed in: another member is only reached through prompt=login.
  switchAccount: "login",
  // Member tokens last 60 days and most apps get no refresh token: asked again after a week.
  reconnectAfterDays: 7,
};
