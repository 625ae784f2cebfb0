import { splitText } from "~/integrations/networks/split-text";
import type { TextCheck } from "~/integrations/networks/types";

// Bluesky counts graphemes (what a reader sees as one character: "é", "👍🏽", a flag): at most 300
// per post, and at most 3,000 UTF-8 bytes. Client-safe: the composer's counters run this.

export const BLUESKY_MAX_GRAPHEMES = 300;
export const BLUESKY_MAX_BYTES = 3000;

const segmenter = new Intl.Segmenter(undefined, { granularity: "grapheme" });
const encoder = new TextEncoder();

export function graphemeCount(text: string): number {
  let count = 0;
  for (const _ of segmenter.segment(text)) count++;
  return count;
}

export function utf8Length(text: string): number {
  return encoder.encode(text).length;
}

/**
 * The length the composer shows: the graphemes, unless the text is over 3,000 bytes (only texts of
 * more than 10 bytes a grapheme, long emoji sequences, get there first): then a tenth of its bytes,
 * so that it shows as too long with the one counter the interface has.
 */
export function blueskyLength(text: string): number {
  const graphemes = graphemeCount(text);
  const bytes = utf8Length(text);
  return bytes > BLUESKY_MAX_BYTES ? Math.max(graphemes, Math.ceil(bytes / (BLUESKY_MAX_BYTES / BLUESKY_MAX_GRAPHEMES))) : graphemes;
}

export function fitsBluesky(text: string): boolean {
  return graphemeCount(text) <= BLUESKY_MAX_GRAPHEMES && utf8Length(text) <= BLUESKY_MAX_BYTES;
}

export function checkBlueskyText(text: string): TextCheck {
  const length = blueskyLength(text);
  return { length, max: BLUESKY_MAX_GRAPHEMES, fits: fitsBluesky(text) };
}

/** "Split at the limit" for Bluesky: posts of at most 300 graphemes and 3,000 bytes each. */
export function splitBlueskyText(text: string, options: { numbered?: boolean } = {}): string[] {
  return splitText(text, fitsBluesky, options);
}

/** A text cut to fit one post, whole graphemes, ending with "…" (AI drafts that ran long). */
export function truncateForBluesky(text: string): string {
  if (fitsBluesky(text)) return text;
  const graphemes = Array.from(segmenter.segment(text), (segment) => segment.segment);
  let end = Math.min(graphemes.length, BLUESKY_MAX_GRAPHEMES - 1);
  while (end > 0 && !fitsBluesky(`${graphemes.slice(0, end).join("").trimEnd()}…`)) end -= 1;
  let candidate = graphemes.slice(0, end).join("");
  const space = candidate.lastIndexOf(" ");
  if (space > candidate.length * 0.7) candidate = candidate.slice(0, space);
  return `${candidate.trimEnd()}…`;
}
