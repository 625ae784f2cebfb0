import { splitText } from "~/integrations/networks/split-text";
import type { TextCheck } from "~/integrations/networks/types";

// Counting as Mastodon does (StatusLengthValidator): before counting, every http(s) URL is replaced
// by `characters_reserved_per_url` characters (23) whatever its length, and every mention
// `@user@domain` by `@user`; then grapheme clusters are counted ("é", "👍🏽", a flag: one each). A URL
// without its scheme ("plume.app") is counted as it is written. Client-safe: the composer runs it.

export interface MastodonCounting {
  maxCharacters: number;
  charactersReservedPerUrl: number;
}

const segmenter = new Intl.Segmenter(undefined, { granularity: "grapheme" });

export function graphemeCount(text: string): number {
  let count = 0;
  for (const _ of segmenter.segment(text)) count++;
  return count;
}

// A URL with its scheme, not inside a word; the punctuation that ends a sentence is not part of it.
const URL_PATTERN = /(?<![\p{L}\p{N}_/@])https?:\/\/[^\s<>"]+/giu;
const URL_TRAILING = /[.,:;!?'")\]}»]+$/u;
// A mention: "@user" or "@user@domain", not after a word character or "/" (an e-mail is not one).
const MENTION_PATTERN = /(?<![\p{L}\p{N}_/])@([a-z0-9_]+(?:[a-z0-9_.-]+[a-z0-9_]+)?)(?:@([\p{L}\p{N}_.-]+[\p{L}\p{N}_]))?/giu;

/** The text as Mastodon counts it: URLs as `reserved` placeholder characters, remote mentions as their user part. */
export function countableText(text: string, reserved: number): string {
  const placeholder = "x".repeat(reserved);
  const withUrls = text.replace(URL_PATTERN, (match) => {
    const trailing = URL_TRAILING.exec(match)?.[0] ?? "";
    const url = match.slice(0, match.length - trailing.length);
    // "https://" alone, or a scheme with no host, is not a link.
    return /^https?:\/\/[\p{L}\p{N}]/iu.test(url) ? placeholder + trailing : match;
  });
  return withUrls.replace(MENTION_PATTERN, (_match, user: string) => `@${user}`);
}

export function mastodonLength(text: string, reserved = 23): number {
  return graphemeCount(countableText(text, reserved));
}

export function checkMastodonText(text: string, counting: MastodonCounting): TextCheck {
  const length = mastodonLength(text, counting.charactersReservedPerUrl);
  return { length, max: counting.maxCharacters, fits: length <= counting.maxCharacters };
}

const fits = (counting: MastodonCounting) => (text: string) => mastodonLength(text, counting.charactersReservedPerUrl) <= counting.maxCharacters;

/** "Split at the limit" for an instance: statuses of at most its characters each. */
export function splitMastodonText(text: string, counting: MastodonCounting, options: { numbered?: boolean } = {}): string[] {
  return splitText(text, fits(counting), options);
}

/** A text cut to fit one status, whole graphemes, ending with "…" (AI drafts that ran long). */
export function truncateForMastodon(text: string, counting: MastodonCounting): string {
  const fit = fits(counting);
  if (fit(text)) return text;
  const graphemes = Array.from(segmenter.segment(text), (segment) => segment.segment);
  let end = Math.min(graphemes.length, counting.maxCharacters - 1);
  while (end > 0 && !fit(`${graphemes.slice(0, end).join("").trimEnd()}…`)) end -= 1;
  let candidate = graphemes.slice(0, end).join("");
  const space = candidate.lastIndexOf(" ");
  if (space > candidate.length * 0.7) candidate = candidate.slice(0, space);
  return `${candidate.trimEnd()}…`;
}
