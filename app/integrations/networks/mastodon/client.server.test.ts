import { describe, expect, it } from "vitest";
import { parseInstanceLimits } from "./client.server";
import { MASTODON_DEFAULT_LIMITS } from "./rules";

describe("parseInstanceLimits", () => {
  it("reads a v2 instance's configuration", () => {
    const limits = parseInstanceLimits({
      domain: "fosstodon.org",
      configuration: {
        statuses: { max_characters: 1000, max_media_attachments: 4, characters_reserved_per_url: 23 },
        media_attachments: { supported_mime_types: ["image/jpeg", "image/png"], image_size_limit: 8_388_608, image_matrix_limit: 16_777_216 },
      },
    });
    expect(limits).toEqual({
      maxCharacters: 1000,
      charactersReservedPerUrl: 23,
      maxMediaAttachments: 4,
      imageSizeLimit: 8_388_608,
      imageMatrixLimit: 16_777_216,
      supportedMimeTypes: ["image/jpeg", "image/png"],
    });
  });

  it("falls back to Mastodon's defaults for what is missing or nonsensical", () => {
    expect(parseInstanceLimits({})).toEqual(MASTODON_DEFAULT_LIMITS);
    expect(parseInstanceLimits(null)).toEqual(MASTODON_DEFAULT_LIMITS);
    const partial = parseInstanceLimits({
      configuration: { statuses: { max_characters: -5, max_media_attachments: "8" }, media_attachments: { supported_mime_types: [] } },
    });
    expect(partial).toEqual(MASTODON_DEFAULT_LIMITS);
  });

  it("reads a fork's max_toot_chars", () => {
    expect(parseInstanceLimits({ max_toot_chars: 5000 }).maxCharacters).toBe(5000);
  });
});
