import { describe, expect, it } from "vitest";
import { checkLinkedinText, checkXText, linkedinLength, truncateForLinkedin, truncateForX, xWeightedLength } from "./text-limits";

describe("platform length rules", () => {
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

  it("counts LinkedIn text in characters, an emoji being one", () => {
    expect(linkedinLength("😀😀")).toBe(2);
    expect(checkLinkedinText("x".repeat(3000)).fits).toBe(true);
    expect(checkLinkedinText("x".repeat(3001)).fits).toBe(false);
  });

  it("truncates a text that is too long so it fits, at a word when possible", () => {
    const long = "word ".repeat(100);
    const cut = truncateForX(long);
    expect(checkXText(cut).fits).toBe(true);
    expect(cut.endsWith("word…")).toBe(true);
    expect(truncateForX("short")).toBe("short");
    const emoji = truncateForX("😀".repeat(200));
    expect(checkXText(emoji).fits).toBe(true);
    expect(checkLinkedinText(truncateForLinkedin("abc ".repeat(1000))).fits).toBe(true);
  });
});
