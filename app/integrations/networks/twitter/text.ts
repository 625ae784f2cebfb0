import twitterText from "twitter-text";
import { splitText } from "~/integrations/networks/split-text";
import type { TextCheck } from "~/integrations/networks/types";

// X counts a weighted length (twitter-text v3): most Latin text 1, CJK and emoji 2, every URL 23.
// Client-safe: the composer's live counters run this in the browser.

export const X_MAX_WEIGHT = 280;

/** X's weighted length, by twitter-text (what X itself uses). */
export function xWeightedLength(text: string): number {
  return twitterText.parseTweet(text).weightedLength;
}

export function checkXText(text: string): TextCheck {
  const length = xWeightedLength(text);
  return { length, max: X_MAX_WEIGHT, fits: length <= X_MAX_WEIGHT };
}

/**
 * The longest start of a text that fits X's limit, cut at a word boundary when one is near, with
 * an ellipsis. Used only when a model ignores the limit it was given.
 */
export function truncateForX(text: string): string {
  if (checkXText(text).fits) return text;
  let end = twitterText.parseTweet(text).validRangeEnd; // last index that still fits (inclusive)
  let candidate = text.slice(0, end + 1);
  while (candidate && !checkXText(`${candidate.trimEnd()}…`).fits) {
    end -= 1;
    candidate = text.slice(0, end + 1);
  }
  const space = candidate.lastIndexOf(" ");
  if (space > candidate.length * 0.7) candidate = candidate.slice(0, space);
  return `${candidate.trimEnd()}…`;
}

/**
 * "Split at the limit": a long text cut into tweets that each fit (app/integrations/networks/
 * split-text.ts says where it cuts). `numbered` adds " k/n" to each tweet when there are several.
 * The result may hold more parts than a thread takes: validateParts says so.
 */
export function splitXText(text: string, options: { numbered?: boolean } = {}): string[] {
  return splitText(text, (part) => xWeightedLength(part) <= X_MAX_WEIGHT, options);
}
