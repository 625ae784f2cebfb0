import type { ChannelLimits, NetworkLimits, NetworkRules, PartDraft } from "~/integrations/networks/types";
import { validatePartsWith } from "~/integrations/networks/validate-parts";
import { checkMastodonText, mastodonLength, splitMastodonText, truncateForMastodon } from "./text";

// Mastodon's rules (client-safe). Each instance sets its own limits (GET /api/v2/instance): the
// rules are built from an instance's limits (mastodonRules), and `mastodonDefaultRules` holds
// Mastodon's defaults (500 characters, 4 images, URLs 23, 16 MiB images) for where no instance is
// known yet. A thread: each part answers the one before (in_reply_to_id); 25 parts at most, as X.

export interface MastodonInstanceLimits {
  maxCharacters: number;
  charactersReservedPerUrl: number;
  maxMediaAttachments: number;
  /** Bytes. */
  imageSizeLimit: number;
  /** Width × height; absent when the instance does not say. */
  imageMatrixLimit?: number;
  supportedMimeTypes: string[];
}

export const MASTODON_DEFAULT_LIMITS: MastodonInstanceLimits = {
  maxCharacters: 500,
  charactersReservedPerUrl: 23,
  maxMediaAttachments: 4,
  imageSizeLimit: 16 * 1024 * 1024,
  // Mastodon's default (7680 × 4320): the instance downscales larger images itself, it does not refuse them.
  imageMatrixLimit: 33_177_600,
  supportedMimeTypes: ["image/jpeg", "image/png", "image/gif", "image/webp"],
};

export const MASTODON_MAX_PARTS = 25;

const positive = (value: unknown): number | undefined => (typeof value === "number" && Number.isInteger(value) && value > 0 ? value : undefined);

/**
 * An instance's limits as a channel stores them (ChannelLimits, JSON): each value read where it is a
 * positive integer, Mastodon's default otherwise. Client-safe: the composer builds its rules with it.
 */
export function mastodonLimitsFrom(data: ChannelLimits): MastodonInstanceLimits {
  const d = MASTODON_DEFAULT_LIMITS;
  const types = Array.isArray(data.supportedMimeTypes) ? data.supportedMimeTypes.filter((t): t is string => typeof t === "string") : [];
  return {
    maxCharacters: positive(data.maxCharacters) ?? d.maxCharacters,
    charactersReservedPerUrl: positive(data.charactersReservedPerUrl) ?? d.charactersReservedPerUrl,
    maxMediaAttachments: positive(data.maxMediaAttachments) ?? d.maxMediaAttachments,
    imageSizeLimit: positive(data.imageSizeLimit) ?? d.imageSizeLimit,
    imageMatrixLimit: positive(data.imageMatrixLimit) ?? d.imageMatrixLimit,
    supportedMimeTypes: types.length > 0 ? types : d.supportedMimeTypes,
  };
}

export function mastodonRules(instanceLimits: MastodonInstanceLimits = MASTODON_DEFAULT_LIMITS): NetworkRules<"mastodon"> {
  const counting = { maxCharacters: instanceLimits.maxCharacters, charactersReservedPerUrl: instanceLimits.charactersReservedPerUrl };
  const countText = (text: string) => mastodonLength(text, counting.charactersReservedPerUrl);
  const limits: NetworkLimits = {
    maxChars: counting.maxCharacters,
    counting: "graphemes",
    maxParts: MASTODON_MAX_PARTS,
    maxImagesPerPart: instanceLimits.maxMediaAttachments,
    maxImageBytes: instanceLimits.imageSizeLimit,
  };
  const laterParts = { kind: "thread", maxChars: counting.maxCharacters, maxImages: instanceLimits.maxMediaAttachments } as const;
  return {
    id: "mastodon",
    label: "Mastodon",
    shortLabel: "Mastodon",
    // The handle is stored as user@instance: shown "@user@instance", as Mastodon does.
    handlePrefix: "@",
    threadKind: "thread",
    limits,
    // No pixel limit: the instance downscales images over its matrix limit instead of refusing them.
    images: { takesWebp: instanceLimits.supportedMimeTypes.includes("image/webp") },
    laterParts,
    countText,
    checkText: (text) => checkMastodonText(text, counting),
    validateParts: (parts: readonly PartDraft[]) => validatePartsWith({ limits, laterParts, countText }, parts),
    truncate: (text) => truncateForMastodon(text, counting),
    aiGuidance: `a Mastodon post of at most ${counting.maxCharacters} characters (a link counts ${counting.charactersReservedPerUrl}, each emoji 1); plain text, no Markdown; hashtags in CamelCase at the end.`,
    splitAtLimit: (text, options) => splitMastodonText(text, counting, options),
    // Each instance is its own sign-in; its consent page shows who is signed in there.
    switchAccount: "network",
    // A channel's rules are its instance's (stored with the channel at connect).
    forChannel: (data) => mastodonRules(mastodonLimitsFrom(data)),
  };
}

/** Mastodon's defaults, for the registry (an instance's own limits replace them once known). */
export const mastodonDefaultRules = mastodonRules();
