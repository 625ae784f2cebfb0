import { describe, expect, it } from "vitest";
import { splitAtLimit } from "./split-parts";
import { textLength } from "./target-rules";

const sentence = (n: number) => `Sentence number ${n} says a little more about the launch.`;

describe("splitAtLimit", () => {
  it("keeps a text that fits as one part (trimmed)", () => {
    expect(splitAtLimit("twitter", "  Hello world  ")).toEqual(["Hello world"]);
    expect(splitAtLimit("twitter", "")).toEqual([""]);
  });

  it("cuts at the end of the last sentence that fits", () => {
    const text = Array.from({ length: 10 }, (_, i) => sentence(i + 1)).join(" ");
    const parts = splitAtLimit("twitter", text);
    expect(parts.length).toBeGreaterThan(1);
    for (const part of parts) {
      expect(textLength("twitter", part)).toBeLessThanOrEqual(280);
      expect(part).toMatch(/^Sentence number \d+ .*launch\.$/);
    }
    expect(parts.join(" ")).toBe(text);
  });

  it("falls back to word boundaries for one long sentence", () => {
    const text = Array.from({ length: 80 }, (_, i) => `word${i}`).join(" ");
    const parts = splitAtLimit("twitter", text);
    expect(parts.length).toBe(2);
    expect(textLength("twitter", parts[0]!)).toBeLessThanOrEqual(280);
    expect(parts.every((part) => /^word\d+( word\d+)*$/.test(part))).toBe(true);
    expect(parts.join(" ")).toBe(text);
  });

  it("cuts an endless word at the limit, without splitting an emoji", () => {
    const parts = splitAtLimit("twitter", "a".repeat(600));
    expect(parts.map((part) => part.length)).toEqual([280, 280, 40]);
    // X counts an emoji as 2: 141 of them weigh 282.
    const emoji = splitAtLimit("twitter", "🚀".repeat(141));
    expect(emoji).toEqual(["🚀".repeat(140), "🚀"]);
  });

  it("uses the network's own limit (LinkedIn: 3000 characters)", () => {
    const text = Array.from({ length: 80 }, (_, i) => sentence(i)).join("\n");
    const parts = splitAtLimit("linkedin", text);
    expect(parts.length).toBe(2);
    expect(parts[0]!.length).toBeLessThanOrEqual(3000);
    expect(parts[0]!.endsWith("launch.")).toBe(true);
  });
});
