import twitterText from "twitter-text";

// Length rules of the platforms (docs/providers.md), shared by the editor's live counters, the server's
// validation and the AI drafting. Both run in the browser and on the server.

export const LINKEDIN_MAX_CHARS = 3000;
export const X_MAX_WEIGHT = 280;

/** LinkedIn counts characters: code points, so an emoji is one, not two UTF-16 units. */
export function linkedinLength(text: string): number {
  return [...text].length;
}

/** X's weighted length (URLs 23, CJK and emoji 2, most Latin text 1), by twitter-text. */
export function xWeightedLength(text: string): number {
  return twitterText.parseTweet(text).weightedLength;
}

export interface TextCheck {
  length: number;
  max: number;
  fits: boolean;
}

export function checkLinkedinText(text: string): TextCheck {
  const length = linkedinLength(text);
  return { length, max: LINKEDIN_MAX_CHARS, fits: length <= LINKEDIN_MAX_CHARS };
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

export function truncateForLinkedin(text: string): string {
  const chars = [...text];
  if (chars.length <= LINKEDIN_MAX_CHARS) return text;
  let candidate = chars.slice(0, LINKEDIN_MAX_CHARS - 1).join("");
  const space = candidate.lastIndexOf(" ");
  if (space > candidate.length * 0.9) candidate = candidate.slice(0, space);
  return `${candidate.trimEnd()}…`;
}
