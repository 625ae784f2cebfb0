// Splitting a long text into parts, for every network whose later parts are a thread (X,
// Bluesky): each network passes its own test of whether a part fits. Client-safe.

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
 * "Split at the limit": a long text cut into parts that each `fits`, at a sentence end when one
 * keeps the part at least half full, else between words (a word longer than a part is cut).
 * `numbered` adds " k/n" to each part when there are several (room for it is kept).
 * The result may hold more parts than a thread takes: validateParts says so.
 */
export function splitText(text: string, fits: (part: string) => boolean, { numbered = false }: { numbered?: boolean } = {}): string[] {
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
