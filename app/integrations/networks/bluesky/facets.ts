// Rich text on Bluesky: a post's text is plain; links, mentions and hashtags are "facets", each a
// range of UTF-8 bytes of the text (byteEnd exclusive) with what it is. Without a facet a URL is
// not a link. Found here as the Bluesky app finds them; mentions still need their DID, resolved at
// publish time (a handle that does not resolve stays plain text). Client-safe.

export interface ByteRange {
  byteStart: number;
  byteEnd: number;
}

export type FoundFacet =
  { kind: "link"; index: ByteRange; uri: string } | { kind: "tag"; index: ByteRange; tag: string } | { kind: "mention"; index: ByteRange; handle: string };

/** The facet as the record holds it. */
export type Facet = {
  $type: "app.bsky.richtext.facet";
  index: ByteRange;
  features: (
    | { $type: "app.bsky.richtext.facet#link"; uri: string }
    | { $type: "app.bsky.richtext.facet#tag"; tag: string }
    | { $type: "app.bsky.richtext.facet#mention"; did: string }
  )[];
};

const encoder = new TextEncoder();

/** The UTF-8 byte range of text.slice(start, end) (UTF-16 indexes). */
function byteRange(text: string, start: number, end: number): ByteRange {
  const byteStart = encoder.encode(text.slice(0, start)).length;
  return { byteStart, byteEnd: byteStart + encoder.encode(text.slice(start, end)).length };
}

// After a space, an opening parenthesis or at the start, as the Bluesky app detects them.
const LINK = /(^|[\s(])(https?:\/\/[^\s]+)/giu;
const MENTION = /(^|[\s(])@([a-z0-9][a-z0-9.-]*[a-z0-9])/giu;
const TAG = /(^|\s)[#＃](\S+)/gu;
/** Invisible characters that end a tag (soft hyphen, word joiner, zero-width spaces and joiners…). */
const TAG_END = ["\u00AD", "\u2060", "\u200A", "\u200B", "\u200C", "\u200D", "\u20E2"];
const HANDLE = /^([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]([a-z0-9-]{0,61}[a-z0-9])?$/i;
/** Bluesky's longest tag, in characters, without the "#". */
const MAX_TAG = 64;

/** A URL's trailing punctuation is the sentence's, and a closing parenthesis without its opening one too. */
function trimLink(url: string): string {
  let trimmed = url.replace(/[.,;:!?"'»]+$/u, "");
  if (trimmed.endsWith(")") && !trimmed.includes("(")) trimmed = trimmed.slice(0, -1).replace(/[.,;:!?]+$/u, "");
  return trimmed;
}

export function isHandle(value: string): boolean {
  return value.length <= 253 && HANDLE.test(value);
}

/** Every link, mention and hashtag of a text, in order of position. */
export function findFacets(text: string): FoundFacet[] {
  const found: FoundFacet[] = [];
  for (const match of text.matchAll(LINK)) {
    const start = match.index + match[1]!.length;
    const uri = trimLink(match[2]!);
    if (uri.length > "https://".length) found.push({ kind: "link", index: byteRange(text, start, start + uri.length), uri });
  }
  for (const match of text.matchAll(MENTION)) {
    const handle = match[2]!;
    // "@" inside a link (a path) is not a mention; a handle has a dot (alice.bsky.social).
    const start = match.index + match[1]!.length;
    if (!isHandle(handle) || !handle.includes(".")) continue;
    found.push({ kind: "mention", index: byteRange(text, start, start + 1 + handle.length), handle: handle.toLowerCase() });
  }
  for (const match of text.matchAll(TAG)) {
    const cut = Math.min(...TAG_END.map((c) => match[2]!.indexOf(c)).filter((i) => i >= 0), match[2]!.length);
    const tag = match[2]!.slice(0, cut).replace(/\p{P}+$/u, "");
    // A tag is not only digits, and has at most 64 characters.
    if (!tag || /^\d+$/.test(tag) || [...tag].length > MAX_TAG) continue;
    const start = match.index + match[1]!.length;
    found.push({ kind: "tag", index: byteRange(text, start, start + 1 + tag.length), tag });
  }
  const inLink = (facet: FoundFacet) =>
    facet.kind !== "link" &&
    found.some((link) => link.kind === "link" && facet.index.byteStart >= link.index.byteStart && facet.index.byteStart < link.index.byteEnd);
  return found.filter((facet) => !inLink(facet)).sort((a, b) => a.index.byteStart - b.index.byteStart);
}

/** The record's facets: mentions whose handle `dids` does not name are left out (plain text). */
export function toRecordFacets(found: readonly FoundFacet[], dids: ReadonlyMap<string, string>): Facet[] {
  const facets: Facet[] = [];
  for (const facet of found) {
    const feature =
      facet.kind === "link"
        ? { $type: "app.bsky.richtext.facet#link" as const, uri: facet.uri }
        : facet.kind === "tag"
          ? { $type: "app.bsky.richtext.facet#tag" as const, tag: facet.tag }
          : dids.has(facet.handle)
            ? { $type: "app.bsky.richtext.facet#mention" as const, did: dids.get(facet.handle)! }
            : null;
    if (feature) facets.push({ $type: "app.bsky.richtext.facet", index: facet.index, features: [feature] });
  }
  return facets;
}
