import type { NetworkId } from "~/core/platforms/platforms";
import type { ChannelLimits } from "~/modules/networks/rules";
import { limitsOf, textLength } from "./target-rules";

// "Split at the limit": an over-long text becomes parts that each fit the network's limit, cut at
// the end of a sentence when one fits, else between words, else (one endless word) mid-word.

const SENTENCE_END = /[.!?…]+["'»”’)\]]*\s+|\n+/g;
const WORD_GAP = /\s+/g;

/** Where each match of `pattern` ends: the text before it is a candidate part. */
function boundaries(text: string, pattern: RegExp): number[] {
  return [...text.matchAll(pattern)].map((match) => (match.index ?? 0) + match[0].length);
}

function fits(network: NetworkId, piece: string, max: number, limits?: ChannelLimits | null): boolean {
  return piece.trim().length > 0 && textLength(network, piece.trimEnd(), limits) <= max;
}

/** The longest prefix (in code points) that fits: the cut of last resort. */
function hardCut(network: NetworkId, text: string, max: number, limits?: ChannelLimits | null): number {
  const points = Array.from(text);
  let low = 1;
  let high = points.length;
  while (low < high) {
    const middle = Math.ceil((low + high) / 2);
    if (textLength(network, points.slice(0, middle).join(""), limits) <= max) low = middle;
    else high = middle - 1;
  }
  return points.slice(0, low).join("").length;
}

function cutAt(network: NetworkId, text: string, max: number, limits?: ChannelLimits | null): number {
  for (const pattern of [SENTENCE_END, WORD_GAP]) {
    const fitting = boundaries(text, pattern).filter((end) => end < text.length && fits(network, text.slice(0, end), max, limits));
    const last = fitting.at(-1);
    if (last !== undefined) return last;
  }
  return hardCut(network, text, max, limits);
}

/** The text as parts that each fit `network`'s limit; a text that fits comes back as one part. */
export function splitAtLimit(network: NetworkId, text: string, limits?: ChannelLimits | null): string[] {
  const max = limitsOf(network, limits).maxChars;
  const parts: string[] = [];
  let rest = text.trim();
  while (rest && textLength(network, rest, limits) > max) {
    const cut = cutAt(network, rest, max, limits);
    parts.push(rest.slice(0, cut).trimEnd());
    rest = rest.slice(cut).trimStart();
  }
  if (rest || parts.length === 0) parts.push(rest);
  return parts;
}
