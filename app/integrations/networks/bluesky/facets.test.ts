import { describe, expect, it } from "vitest";
import { findFacets, toRecordFacets } from "./facets";

const bytes = (text: string, { byteStart, byteEnd }: { byteStart: number; byteEnd: number }) =>
  new TextDecoder().decode(new TextEncoder().encode(text).slice(byteStart, byteEnd));

describe("Bluesky facets", () => {
  it("finds links, mentions and tags at UTF-8 byte offsets, end exclusive", () => {
    const text = "Déjà vu 👍🏽 avec @alice.test sur https://plume.example/a?b=c. #Élan!";
    const found = findFacets(text);
    expect(found.map((f) => f.kind)).toEqual(["mention", "link", "tag"]);
    expect(found.map((f) => bytes(text, f.index))).toEqual(["@alice.test", "https://plume.example/a?b=c", "#Élan"]);
    // "Déjà vu 👍🏽 avec " is 15 graphemes but 24 bytes (é, à: 2 each; 👍🏽: 8).
    expect(found[0]!.index).toEqual({ byteStart: 24, byteEnd: 35 });
    expect(found[1]).toMatchObject({ kind: "link", uri: "https://plume.example/a?b=c" });
    expect(found[2]).toMatchObject({ kind: "tag", tag: "Élan" });
  });

  it("leaves out what is not a facet", () => {
    expect(findFacets("mail me at bob@example.com, #123 is a number, @nodot and https:// alone")).toEqual([]);
    // An @ or # inside a link belongs to the link.
    expect(findFacets("see https://example.com/@alice.test#top").map((f) => f.kind)).toEqual(["link"]);
    // A closing parenthesis closes the sentence, not the URL.
    const text = "(see https://example.com/page)";
    expect(findFacets(text).map((f) => bytes(text, f.index))).toEqual(["https://example.com/page"]);
  });

  it("turns them into record facets; a mention whose handle did not resolve stays plain text", () => {
    const found = findFacets("@alice.test and @ghost.test #tag");
    const facets = toRecordFacets(found, new Map([["alice.test", "did:plc:alice"]]));
    expect(facets).toEqual([
      {
        $type: "app.bsky.richtext.facet",
        index: { byteStart: 0, byteEnd: 11 },
        features: [{ $type: "app.bsky.richtext.facet#mention", did: "did:plc:alice" }],
      },
      { $type: "app.bsky.richtext.facet", index: { byteStart: 28, byteEnd: 32 }, features: [{ $type: "app.bsky.richtext.facet#tag", tag: "tag" }] },
    ]);
  });
});
