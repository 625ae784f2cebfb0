import { describe, expect, it } from "vitest";
import { blueskyRules } from "./rules";
import { blueskyLength, checkBlueskyText, graphemeCount, splitBlueskyText, truncateForBluesky, utf8Length } from "./text";

describe("Bluesky text counting", () => {
  it("counts what a reader sees as one character once", () => {
    expect(graphemeCount("abc")).toBe(3);
    expect(graphemeCount("é")).toBe(1); // precomposed
    expect(graphemeCount("e\u0301")).toBe(1); // e + combining accent
    expect(graphemeCount("👍🏽")).toBe(1); // emoji + skin tone: 2 code points, 4 UTF-16 units
    expect(graphemeCount("👩‍👩‍👧‍👦")).toBe(1); // a family: 7 code points
    expect(graphemeCount("🇫🇷")).toBe(1);
    expect("👩‍👩‍👧‍👦".length).toBe(11);
  });

  it("takes 300 graphemes, not 300 UTF-16 units", () => {
    expect(checkBlueskyText("👍🏽".repeat(300))).toEqual({ length: 300, max: 300, fits: true });
    expect(checkBlueskyText("é".repeat(301))).toEqual({ length: 301, max: 300, fits: false });
  });

  it("refuses over 3,000 UTF-8 bytes even under 300 graphemes, and shows it as too long", () => {
    const families = "👩‍👩‍👧‍👦".repeat(120); // 120 graphemes, 25 bytes each
    expect(graphemeCount(families)).toBe(120);
    expect(utf8Length(families)).toBe(3000);
    expect(checkBlueskyText(families).fits).toBe(true);
    const more = `${families}👩‍👩‍👧‍👦`;
    expect(checkBlueskyText(more)).toEqual({ length: 303, max: 300, fits: false });
    expect(blueskyRules.validateParts([{ text: more, imageCount: 0 }])).toEqual([{ index: 0, code: "too_long", length: 303, max: 300 }]);
  });

  it("validates a thread: 25 parts of 300 graphemes and 4 images each", () => {
    const ok = Array.from({ length: 25 }, () => ({ text: "é".repeat(300), imageCount: 4 }));
    expect(blueskyRules.validateParts(ok)).toEqual([]);
    expect(blueskyRules.validateParts([...ok, { text: "one more", imageCount: 0 }])).toEqual([{ index: 25, code: "too_many_parts", count: 26, max: 25 }]);
    expect(
      blueskyRules.validateParts([
        { text: "a", imageCount: 0 },
        { text: "b", imageCount: 5 },
      ]),
    ).toEqual([{ index: 1, code: "too_many_images", count: 5, max: 4 }]);
    expect(blueskyLength("x".repeat(301))).toBe(301);
  });

  it("splits a long text into posts that each fit, counting graphemes", () => {
    const sentence = "Ça déménage, les émojis 👍🏽 comptent pour un. ";
    const parts = splitBlueskyText(sentence.repeat(20), { numbered: true });
    expect(parts.length).toBeGreaterThan(2);
    for (const [i, part] of parts.entries()) {
      expect(checkBlueskyText(part).fits).toBe(true);
      expect(part.endsWith(` ${i + 1}/${parts.length}`)).toBe(true);
    }
  });

  it("truncates an over-long text to whole graphemes that fit, ending with an ellipsis", () => {
    const text = "Un pouce 👍🏽 levé pour chaque mot. ".repeat(20);
    const cut = truncateForBluesky(text);
    expect(checkBlueskyText(cut).fits).toBe(true);
    expect(cut.endsWith("…")).toBe(true);
    expect(graphemeCount(cut)).toBeGreaterThan(250);
    expect(text.startsWith(cut.slice(0, -1).trimEnd())).toBe(true);
    expect(truncateForBluesky("short")).toBe("short");
  });
});
