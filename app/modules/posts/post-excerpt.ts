/** An excerpt is about this long: one line of the search's results. */
export const EXCERPT_LENGTH = 120;

/**
 * A short piece of the first text that holds the query (any case), cut around it, with "…" where
 * it was cut; the first non-empty text's start when none holds it (a match SQLite's LIKE found
 * but JavaScript's case folding did not, for instance).
 */
export function postExcerpt(texts: readonly string[], query: string): string {
  const needle = query.toLowerCase();
  const flat = texts.map((text) => text.replace(/\s+/g, " ").trim()).filter(Boolean);
  const text = flat.find((t) => t.toLowerCase().includes(needle)) ?? flat[0] ?? "";
  if (text.length <= EXCERPT_LENGTH) return text;
  const at = Math.max(text.toLowerCase().indexOf(needle), 0);
  const start = Math.max(0, Math.min(at - Math.floor((EXCERPT_LENGTH - needle.length) / 2), text.length - EXCERPT_LENGTH));
  const end = Math.min(text.length, start + EXCERPT_LENGTH);
  return `${start > 0 ? "…" : ""}${text.slice(start, end).trim()}${end < text.length ? "…" : ""}`;
}
