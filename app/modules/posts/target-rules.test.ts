import { describe, expect, it } from "vitest";
import { problemField, targetProblems } from "./target-rules";

const tweet = (length: number) => ({ text: "a".repeat(length), imageCount: 0 });

describe("targetProblems", () => {
  it("names the target and the part at fault, with the network's own count", () => {
    const problems = targetProblems([
      { network: "linkedin", parts: [{ text: "Post", imageCount: 1 }] },
      { network: "twitter", parts: [tweet(10), tweet(280), tweet(281), { text: "  ", imageCount: 0 }] },
    ]);
    expect(problems).toEqual([
      { target: 1, part: 2, code: "text_too_long", length: 281, max: 280 },
      { target: 1, part: 3, code: "text_required" },
    ]);
    expect(problems.map(problemField)).toEqual(["targets.1.parts.2.text", "targets.1.parts.3.text"]);
  });

  it("takes 25 parts on X and two on LinkedIn (the post and its first comment), which cannot have images", () => {
    expect(targetProblems([{ network: "twitter", parts: Array.from({ length: 25 }, () => tweet(5)) }])).toEqual([]);
    expect(targetProblems([{ network: "twitter", parts: Array.from({ length: 26 }, () => tweet(5)) }])).toEqual([
      { target: 0, part: null, code: "too_many_parts", length: 26, max: 25 },
    ]);
    const linkedin = targetProblems([{ network: "linkedin", parts: [tweet(5), { text: "Comment", imageCount: 1 }, tweet(5)] }]);
    expect(linkedin).toContainEqual({ target: 0, part: null, code: "too_many_parts", length: 3, max: 2 });
    expect(linkedin).toContainEqual({ target: 0, part: 1, code: "images_not_allowed" });
    expect(problemField({ target: 0, part: 1, code: "images_not_allowed" })).toBe("targets.0.parts.1.imageIds");
  });

  it("counts X's weights (a URL is 23, an emoji 2) and refuses a target without parts", () => {
    expect(targetProblems([{ network: "twitter", parts: [{ text: `${"😀".repeat(140)}`, imageCount: 0 }] }])).toEqual([]);
    expect(targetProblems([{ network: "twitter", parts: [{ text: `${"😀".repeat(141)}`, imageCount: 0 }] }])).toHaveLength(1);
    expect(targetProblems([{ network: "twitter", parts: [] }])).toEqual([{ target: 0, part: null, code: "no_parts" }]);
  });
});
