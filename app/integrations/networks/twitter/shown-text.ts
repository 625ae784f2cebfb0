import twitterText from "twitter-text";

// X does not give a tweet's text back as it was sent (create answer, timeline): `&`, `<` and `>`
// come back HTML-escaped, every URL (bare domains too) becomes a t.co link, and a tweet with
// photos ends with one more t.co link for all of them. See docs/decisions/0018-x-reconciliation.md.

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">" };
/** Stands for any URL: X's t.co link and the URL as written compare equal. */
const LINK = "\u{FFFC}";

/** One pass, so a sent "&amp;" (shown "&amp;amp;") comes back as "&amp;". */
function unescapeX(text: string): string {
  return text.replace(/&(amp|lt|gt);/g, (_, name: string) => ENTITIES[name]!);
}

/** Every URL replaced by LINK, Unicode and spacing normalized (X may trim and recompose). */
function comparable(text: string): string {
  const normalized = text.normalize("NFC");
  let result = "";
  let at = 0;
  // twitter-text is what X uses to find URLs; its indices are UTF-16 offsets, as slice() wants.
  for (const { indices } of twitterText.extractUrlsWithIndices(normalized)) {
    result += normalized.slice(at, indices[0]) + LINK;
    at = indices[1];
  }
  result += normalized.slice(at);
  return result.replace(/\s+/g, " ").trim();
}

/**
 * Whether X shows `sent` as `shown`. URLs compare equal whatever they are (a t.co link hides the
 * original), so two tweets differing only by a link's address cannot be told apart: the caller
 * also compares the time (see findSentTweet in the publisher).
 */
export function isShownAs(shown: string, sent: { text: string; withPhotos: boolean }): boolean {
  const actual = comparable(unescapeX(shown));
  const expected = comparable(sent.text);
  if (actual === expected) return true;
  // The photos' link, after the text or alone.
  return sent.withPhotos && actual === (expected ? `${expected} ${LINK}` : LINK);
}
