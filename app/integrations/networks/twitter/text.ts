import twitterText from "twitter-text";
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

const SENTENCE_END = /[.!?…]["')\]]*\s+$|\n\s*$/;

/** Where the last sentence (or line) of `text` ends, after its whitespace; 0 when none. */
function lastSentenceEnd(text: string): number {
  for (let at = text.length - 1; at > 0; at--) {
    if (/\s/.test(text[at]!) && !/\s/.test(text[at - 1]!) && SENTENCE_END.test(text.slice(0, at + 1))) {
      let end = at + 1;
      while (end < text.length && /\s/.test(text[end]!)) end++;
      return end;
    }
  }
  return 0;
}

/** A word longer than a part on its own: cut by code points. */
function hardCut(word: string, fits: (text: string) => boolean): string[] {
  const pieces: string[] = [];
  let current = "";
  for (const char of word) {
    if (current && !fits(current + char)) {
      pieces.push(current);
      current = "";
    }
    current += char;
  }
  if (current) pieces.push(current);
  return pieces;
}

function pack(text: string, fits: (text: string) => boolean): string[] {
  const parts: string[] = [];
  let current = "";
  const flush = (value: string) => {
    if (value.trim()) parts.push(value.trim());
  };
  for (const word of text.match(/\S+\s*/g) ?? []) {
    if (fits((current + word).trimEnd())) {
      current += word;
      continue;
    }
    // Prefer ending the part at a sentence when that keeps it at least half full.
    const cut = lastSentenceEnd(current);
    if (cut > current.length / 2) {
      flush(current.slice(0, cut));
      current = current.slice(cut);
    } else {
      flush(current);
      current = "";
    }
    if (fits((current + word).trimEnd())) {
      current += word;
      continue;
    }
    flush(current);
    const pieces = hardCut(word.trimEnd(), fits);
    current = `${pieces.pop() ?? ""}${word.slice(word.trimEnd().length)}`;
    pieces.forEach(flush);
  }
  flush(current);
  return parts;
}

/**
 * "Split at the limit": a long text cut into tweets that each fit, at a sentence end when one
 * keeps the tweet at least half full, else between words (a word longer than a tweet is cut).
 * `numbered` adds " k/n" to each tweet when there are several (room for it is kept).
 * The result may hold more parts than a thread takes: validateParts says so.
 */
export function splitXText(text: string, { numbered = false }: { numbered?: boolean } = {}): string[] {
  const fits = (part: string) => xWeightedLength(part) <= X_MAX_WEIGHT;
  const plain = pack(text, fits);
  if (!numbered || plain.length <= 1) return plain;
  // Keep room for the widest counter (" 10/12"); redo if the count gains a digit.
  let digits = String(plain.length).length;
  for (;;) {
    const reserve = ` ${"9".repeat(digits)}/${"9".repeat(digits)}`;
    const parts = pack(text, (part) => fits(part + reserve));
    if (String(parts.length).length <= digits) return parts.map((part, i) => `${part} ${i + 1}/${parts.length}`);
    digits = String(parts.length).length;
  }
}
