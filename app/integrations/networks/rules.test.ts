import { describe, expect, it } from "vitest";
import { NETWORK_IDS } from "~/core/platforms/platforms";
import { channelRules, NETWORK_RULES, networkRules, parseChannelLimits } from "./rules";

describe("network rules", () => {
  it("lists each network once, found by its id", () => {
    expect(NETWORK_RULES.map((n) => n.id)).toEqual([...NETWORK_IDS]);
    expect(NETWORK_IDS).toEqual(["linkedin", "twitter", "bluesky", "mastodon"]);
    expect(networkRules("twitter").label).toBe("X (Twitter)");
    expect(networkRules("linkedin").threadKind).toBe("comment");
    expect(() => networkRules("myspace" as never)).toThrow(/Unknown network/);
  });

  it("X: a thread of 25 tweets of 280 weighted characters, 4 images each", () => {
    const x = networkRules("twitter");
    expect(x.limits).toEqual({ maxChars: 280, counting: "weighted", maxParts: 25, maxImagesPerPart: 4, maxImageBytes: 5 * 1024 * 1024 });
    expect(x.countText("😀")).toBe(2);
    expect(
      x.validateParts([
        { text: "one", imageCount: 4 },
        { text: "two", imageCount: 0 },
      ]),
    ).toEqual([]);
    expect(x.validateParts([{ text: "", imageCount: 1 }])).toEqual([]); // a photo alone is a tweet
    expect(
      x.validateParts([
        { text: "ok", imageCount: 0 },
        { text: "a".repeat(281), imageCount: 5 },
        { text: "  ", imageCount: 0 },
      ]),
    ).toEqual([
      { index: 1, code: "too_long", length: 281, max: 280 },
      { index: 1, code: "too_many_images", count: 5, max: 4 },
      { index: 2, code: "empty_part" },
    ]);
    const thread = Array.from({ length: 26 }, (_, i) => ({ text: `part ${i}`, imageCount: 0 }));
    expect(x.validateParts(thread)).toEqual([{ index: 25, code: "too_many_parts", count: 26, max: 25 }]);
  });

  it("LinkedIn: a post of 3,000 characters and 20 images, then one text-only first comment", () => {
    const linkedin = networkRules("linkedin");
    expect(linkedin.limits).toMatchObject({ maxChars: 3000, counting: "characters", maxParts: 2, maxImagesPerPart: 20 });
    expect(linkedin.laterParts).toEqual({ kind: "comment", maxChars: 3000, maxImages: 0 });
    expect(linkedin.splitAtLimit).toBeUndefined();
    expect(
      linkedin.validateParts([
        { text: "post", imageCount: 20 },
        { text: "first comment", imageCount: 0 },
      ]),
    ).toEqual([]);
    expect(
      linkedin.validateParts([
        { text: "post", imageCount: 21 },
        { text: "comment", imageCount: 1 },
        { text: "third", imageCount: 0 },
      ]),
    ).toEqual([
      { index: 2, code: "too_many_parts", count: 3, max: 2 },
      { index: 0, code: "too_many_images", count: 21, max: 20 },
      { index: 1, code: "images_not_allowed", count: 1 },
    ]);
    // A comment of images only is empty: it takes no images.
    expect(
      linkedin.validateParts([
        { text: "post", imageCount: 0 },
        { text: "", imageCount: 1 },
      ]),
    ).toContainEqual({ index: 1, code: "empty_part" });
  });

  it("says how the app names and reaches accounts: labels, handle prefix, switching accounts, reconnecting", () => {
    const x = networkRules("twitter");
    const linkedin = networkRules("linkedin");
    expect([x.shortLabel, x.handlePrefix, x.switchAccount, x.reconnectAfterDays]).toEqual(["X", "@", "network", undefined]);
    expect([linkedin.shortLabel, linkedin.handlePrefix, linkedin.switchAccount, linkedin.reconnectAfterDays]).toEqual(["LinkedIn", "", "login", 7]);
    // Every network says it: a new one cannot leave the UI guessing.
    for (const network of NETWORK_RULES) {
      expect(network.shortLabel.length).toBeGreaterThan(0);
      expect(["login", "network"]).toContain(network.switchAccount);
    }
  });

  it("tells an AI model each network's limit, and cuts a draft over it to fit", () => {
    for (const network of NETWORK_RULES) {
      expect(network.aiGuidance).toContain(String(network.limits.maxChars));
      const cut = network.truncate("word ".repeat(network.limits.maxChars));
      expect(network.checkText(cut).fits).toBe(true);
      expect(cut.endsWith("…")).toBe(true);
      expect(network.truncate("Short.")).toBe("Short.");
    }
    expect(networkRules("twitter").aiGuidance).toContain("weighted");
  });

  it("says what images each network takes in pixels and formats", () => {
    expect(networkRules("twitter").images).toEqual({ maxSide: 8192, takesWebp: true });
    expect(networkRules("linkedin").images).toEqual({ maxPixels: 36_152_320, takesWebp: false });
  });
});

describe("a channel's rules (decision 57)", () => {
  it("Mastodon: each instance's limits, stored with the channel; the network's defaults without them", () => {
    expect(channelRules("mastodon", null).limits.maxChars).toBe(500);
    const large = channelRules("mastodon", { maxCharacters: 1000, maxMediaAttachments: 2, charactersReservedPerUrl: 23 });
    expect(large.limits).toMatchObject({ maxChars: 1000, maxImagesPerPart: 2 });
    const part = [{ text: "é".repeat(600), imageCount: 0 }];
    expect(large.validateParts(part)).toEqual([]);
    expect(channelRules("mastodon", { maxCharacters: 500 }).validateParts(part)).toEqual([{ index: 0, code: "too_long", length: 600, max: 500 }]);
    // Nothing taken on trust: nonsense falls back to Mastodon's defaults.
    expect(channelRules("mastodon", { maxCharacters: -3, maxMediaAttachments: "9" }).limits).toMatchObject({ maxChars: 500, maxImagesPerPart: 4 });
    // Networks whose rules do not depend on the channel ignore stored limits.
    expect(channelRules("twitter", { maxCharacters: 1000 }).limits.maxChars).toBe(280);
    expect(parseChannelLimits("not json")).toBeNull();
    expect(parseChannelLimits('{"maxCharacters":1000}')).toEqual({ maxCharacters: 1000 });
  });
});
