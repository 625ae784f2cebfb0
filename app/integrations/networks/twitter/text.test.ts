import { describe, expect, it } from "vitest";
import { checkXText, splitXText, truncateForX, xWeightedLength } from "./text";

describe("X length rules", () => {
  it("counts X text by weight: URLs 23, emoji and CJK 2", () => {
    expect(xWeightedLength("hello")).toBe(5);
    expect(xWeightedLength("see https://example.com/a/very/long/path/that/goes/on")).toBe(4 + 23);
    expect(xWeightedLength("😀")).toBe(2);
    expect(xWeightedLength("日本")).toBe(4);
  });

  it("accepts exactly 280 and refuses 281 on X", () => {
    expect(checkXText("a".repeat(280))).toEqual({ length: 280, max: 280, fits: true });
    expect(checkXText("a".repeat(281)).fits).toBe(false);
    // 140 emoji weigh 280.
    expect(checkXText("😀".repeat(140)).fits).toBe(true);
    expect(checkXText("😀".repeat(141)).fits).toBe(false);
  });

  it("truncates a text that is too long so it fits, at a word when possible", () => {
    const long = "word ".repeat(100);
    const cut = truncateForX(long);
    expect(checkXText(cut).fits).toBe(true);
    expect(cut.endsWith("word…")).toBe(true);
    expect(truncateForX("short")).toBe("short");
    expect(checkXText(truncateForX("😀".repeat(200))).fits).toBe(true);
  });
});

describe("split at the limit", () => {
  it("leaves a text that fits as one part, trimmed", () => {
    expect(splitXText("  Hello there.  ")).toEqual(["Hello there."]);
    expect(splitXText("")).toEqual([]);
  });

  it("cuts between words, every part fitting, nothing lost", () => {
    const text = Array.from({ length: 150 }, (_, i) => `w${i}`).join(" ");
    const parts = splitXText(text);
    expect(parts.length).toBeGreaterThan(1);
    for (const part of parts) expect(checkXText(part).fits).toBe(true);
    expect(parts.join(" ")).toBe(text);
  });

  it("prefers a sentence end when it keeps the part at least half full", () => {
    const first = `${"a".repeat(200)}.`;
    const second = `${"b ".repeat(60)}end.`;
    const parts = splitXText(`${first} ${second}`);
    expect(parts[0]).toBe(first);
    expect(parts[1]).toBe(second);
  });

  it("cuts a word longer than a tweet by characters, keeping emoji whole", () => {
    const parts = splitXText("😀".repeat(300));
    expect(parts).toEqual(["😀".repeat(140), "😀".repeat(140), "😀".repeat(20)]);
  });

  it("keeps a URL whole: it weighs 23 whatever its length", () => {
    const url = `https://example.com/${"p".repeat(400)}`;
    const parts = splitXText(`${"x ".repeat(130)}${url} tail`);
    expect(parts.some((part) => part.includes(url))).toBe(true);
    for (const part of parts) expect(checkXText(part).fits).toBe(true);
  });

  it("numbers the parts k/n when asked, still fitting", () => {
    const text = Array.from({ length: 700 }, (_, i) => `w${i}`).join(" ");
    const parts = splitXText(text, { numbered: true });
    expect(parts.length).toBeGreaterThan(9); // the counter gains a digit on the way
    parts.forEach((part, i) => {
      expect(part.endsWith(` ${i + 1}/${parts.length}`)).toBe(true);
      expect(checkXText(part).fits).toBe(true);
    });
    expect(splitXText("short", { numbered: true })).toEqual(["short"]);
  });
});
