import type { TextCheck } from "~/integrations/networks/types";

// LinkedIn counts characters (code points: an emoji is one). The 3,000 limit is the one everyone
// uses (LinkedIn documents none). Client-safe: the composer's live counters run this in the browser.

export const LINKEDIN_MAX_CHARS = 3000;

export function linkedinLength(text: string): number {
  return [...text].length;
}

export function checkLinkedinText(text: string): TextCheck {
  const length = linkedinLength(text);
  return { length, max: LINKEDIN_MAX_CHARS, fits: length <= LINKEDIN_MAX_CHARS };
}

export function truncateForLinkedin(text: string): string {
  const chars = [...text];
  if (chars.length <= LINKEDIN_MAX_CHARS) return text;
  let candidate = chars.slice(0, LINKEDIN_MAX_CHARS - 1).join("");
  const space = candidate.lastIndexOf(" ");
  if (space > candidate.length * 0.9) candidate = candidate.slice(0, space);
  return `${candidate.trimEnd()}…`;
}
