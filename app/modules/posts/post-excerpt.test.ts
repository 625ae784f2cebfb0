import { describe, expect, it } from "vitest";
import { EXCERPT_LENGTH, postExcerpt } from "./post-excerpt";

describe("postExcerpt", () => {
  it("picks the first text that holds the query, whatever its case", () => {
    expect(postExcerpt(["", "Nothing here", "The  LAUNCH\nis today"], "launch")).toBe("The LAUNCH is today");
  });

  it("cuts a long text around the match and marks the cuts", () => {
    const text = `${"a".repeat(300)} needle ${"b".repeat(300)}`;
    const excerpt = postExcerpt([text], "needle");
    expect(excerpt).toMatch(/^…a+ needle b+…$/);
    expect(excerpt.length).toBeLessThanOrEqual(EXCERPT_LENGTH + 2);
  });

  it("keeps the start of a text matched at its start, and the end of one matched at its end", () => {
    expect(postExcerpt([`needle ${"b".repeat(300)}`], "needle")).toMatch(/^needle b+…$/);
    expect(postExcerpt([`${"a".repeat(300)} needle`], "needle")).toMatch(/^…a+ needle$/);
  });

  it("falls back on the first text when none holds the query as JavaScript folds case", () => {
    expect(postExcerpt(["", "First words"], "zzz")).toBe("First words");
    expect(postExcerpt([], "zzz")).toBe("");
  });
});
