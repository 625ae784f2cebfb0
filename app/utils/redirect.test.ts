import { describe, expect, it } from "vitest";
import { safeRedirect } from "./redirect";

describe("safeRedirect", () => {
  it.each([
    ["/posts", "/posts"],
    ["/posts?view=list#top", "/posts?view=list#top"],
    ["/admin/users", "/admin/users"],
  ])("keeps the same-site path %s", (input, expected) => {
    expect(safeRedirect(input)).toBe(expected);
  });

  it.each([
    "https://evil.example",
    "//evil.example",
    "/\\evil.example",
    "\\\\evil.example",
    "javascript:alert(1)",
    "/\t/evil.example",
    "posts",
    "",
  ])("refuses %j", (input) => {
    expect(safeRedirect(input, "/fallback")).toBe("/fallback");
  });

  it("refuses non-strings", () => {
    expect(safeRedirect(null)).toBe("/");
    expect(safeRedirect(undefined, "/x")).toBe("/x");
  });
});
