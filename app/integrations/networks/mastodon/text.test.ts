import { describe, expect, it } from "vitest";
import { mastodonRules } from "./rules";
import { countableText, mastodonLength, splitMastodonText, truncateForMastodon } from "./text";

// Counting as Mastodon's StatusLengthValidator does (docs/decisions/0055-mastodon.md).

describe("mastodonLength", () => {
  it("counts a URL with its scheme as 23 characters, however long", () => {
    const long = `https://example.com/${"a".repeat(200)}?q=1`;
    expect(mastodonLength(long)).toBe(23);
    expect(mastodonLength("http://x.io")).toBe(23);
    expect(mastodonLength(`Lire ${long} maintenant`)).toBe(5 + 23 + 11);
  });

  it("uses the instance's reserved characters per URL", () => {
    expect(mastodonLength("see https://example.com/page", 30)).toBe(4 + 30);
  });

  it("leaves sentence punctuation after a URL out of it", () => {
    expect(countableText("(https://example.com/a).", 23)).toBe(`(${"x".repeat(23)}).`);
  });

  it("counts a URL without its scheme as written", () => {
    expect(mastodonLength("plume.example")).toBe(13);
  });

  it("counts @user@domain as @user, a local mention as written", () => {
    expect(mastodonLength("@ada@mastodon.social")).toBe(4);
    expect(mastodonLength("hi @ada@very.long.instance.example.org and @bob")).toBe("hi @ada and @bob".length);
  });

  it("does not take an e-mail address for a mention", () => {
    expect(mastodonLength("ada@example.org")).toBe(15);
  });

  it("counts graphemes: an emoji with a skin tone, a flag, an accent are one each", () => {
    expect(mastodonLength("👍🏽🇫🇷é")).toBe(3);
    expect(mastodonLength("e\u0301")).toBe(1);
  });
});

describe("mastodonRules", () => {
  it("takes the instance's limits", () => {
    const rules = mastodonRules({
      maxCharacters: 1000,
      charactersReservedPerUrl: 23,
      maxMediaAttachments: 8,
      imageSizeLimit: 10_000_000,
      supportedMimeTypes: ["image/jpeg", "image/png"],
    });
    expect(rules.limits).toMatchObject({ maxChars: 1000, maxImagesPerPart: 8, maxImageBytes: 10_000_000, counting: "graphemes" });
    expect(rules.images.takesWebp).toBe(false);
    expect(rules.checkText("x".repeat(1000)).fits).toBe(true);
    expect(rules.validateParts([{ text: "x".repeat(1001), imageCount: 9 }])).toEqual([
      { index: 0, code: "too_long", length: 1001, max: 1000 },
      { index: 0, code: "too_many_images", count: 9, max: 8 },
    ]);
  });

  it("has Mastodon's defaults without an instance", () => {
    const rules = mastodonRules();
    expect(rules.limits).toMatchObject({ maxChars: 500, maxImagesPerPart: 4, maxImageBytes: 16 * 1024 * 1024 });
    // 480 characters and a long URL: 503 as Mastodon counts.
    expect(rules.checkText(`${"a".repeat(479)} https://example.com/${"p".repeat(100)}`)).toEqual({ length: 503, max: 500, fits: false });
  });
});

describe("splitting and truncating", () => {
  const counting = { maxCharacters: 50, charactersReservedPerUrl: 23 };

  it("splits into statuses that each fit the instance", () => {
    const text = "Une phrase assez courte. ".repeat(10).trim();
    const parts = splitMastodonText(text, counting);
    expect(parts.length).toBeGreaterThan(1);
    for (const part of parts) expect(mastodonLength(part)).toBeLessThanOrEqual(50);
    expect(parts.join(" ")).toBe(text);
  });

  it("truncates to fit, ending with an ellipsis; a fitting text is left alone", () => {
    const cut = truncateForMastodon("word ".repeat(30), counting);
    expect(cut.endsWith("…")).toBe(true);
    expect(mastodonLength(cut)).toBeLessThanOrEqual(50);
    expect(truncateForMastodon("short", counting)).toBe("short");
  });
});
