// Client-safe: which targets of a post say something of their own. The content step writes one
// text to every target (part 1); the composer lets each diverge (its own part 1, more parts).

/**
 * Per target, whether it was customized: more than one part, or a part 1 other than the shared
 * text, the part 1 most targets hold (held by two or more; with none, every target is its own).
 */
export function customizedTargets(targets: readonly { parts: readonly { text: string }[] }[]): boolean[] {
  if (targets.length < 2) return targets.map(() => false); // nothing to diverge from
  const firsts = targets.map((target) => target.parts[0]?.text.trim() ?? "");
  const counts = new Map<string, number>();
  for (const text of firsts) counts.set(text, (counts.get(text) ?? 0) + 1);
  let shared: string | null = null;
  let best = 1;
  for (const [text, count] of counts) {
    if (count > best) [shared, best] = [text, count];
  }
  return targets.map((target, t) => target.parts.length > 1 || firsts[t] !== shared);
}
