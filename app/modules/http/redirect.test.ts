import { describe, expect, it } from "vitest";
import { safeRedirect } from "./redirect";

/** Where a browser on our site goes when answered `Location: <location>`. */
function resolvedByBrowser(location: string): URL {
  return new URL(location, "https://plume.example.com/login");
}

describe("safeRedirect", () => {
  it.each([
    ["/posts", "/posts"],
    ["/posts?view=list#top", "/posts?view=list#top"],
    ["/admin/users", "/admin/users"],
    ["/create/abc/images?step=2", "/create/abc/images?step=2"],
    ["/docs/getting%20started", "/docs/getting%20started"],
    ["/posts/./list", "/posts/list"],
    ["/posts/../profile", "/profile"],
    ["/a//b", "/a//b"],
  ])("keeps the same-site path %s", (input, expected) => {
    expect(safeRedirect(input)).toBe(expected);
  });

  const offSite = [
    "https://evil.example",
    "http:/evil.example",
    "//evil.example",
    "///evil.example",
    "/\\evil.example",
    "\\\\evil.example",
    "\\/evil.example",
    "javascript:alert(1)",
    "posts",
    "",
    " //evil.example",
    // Normalised by the URL parser (and by the browser) into "//evil.example".
    "/.//evil.example",
    "/././/evil.example",
    "/..//evil.example",
    "/../..//evil.example",
    "/%2e//evil.example",
    "/%2e%2e//evil.example",
    "/%2E%2E//evil.example",
    "/.%2e//evil.example",
    "/x/..//evil.example",
    "/x/%2e%2e//evil.example",
    "/x/../..//evil.example",
    // Browsers remove tabs and newlines anywhere in an address.
    "/\t/evil.example",
    "/\n/evil.example",
    "/\r\n/evil.example",
    "/.\t//evil.example",
    "\t//evil.example",
    "/\u0000/evil.example",
    // Encoded slashes and backslashes: harmless to a browser, but one decoding away from another site.
    "/%2F%2Fevil.example",
    "/%2f/evil.example",
    "/%5Cevil.example",
    "/%5C%5Cevil.example",
    "/%09/evil.example",
    "/%E0%A4%A",
  ];

  it.each(offSite)("refuses %j", (input) => {
    expect(safeRedirect(input, "/fallback")).toBe("/fallback");
  });

  it("never answers an address the browser would resolve to another site", () => {
    for (const input of offSite) {
      const answer = safeRedirect(input);
      expect(resolvedByBrowser(answer).origin, input).toBe("https://plume.example.com");
      expect(answer.startsWith("//"), input).toBe(false);
    }
  });

  it("answers its own normal form, so what is checked is what the browser gets", () => {
    for (const input of ["/posts?view=list#top", "/a/./b/../c", "/docs/getting%20started", "/a//b", "/%7Euser"]) {
      const answer = safeRedirect(input);
      expect(safeRedirect(answer)).toBe(answer);
      const resolved = resolvedByBrowser(answer);
      expect(resolved.pathname + resolved.search + resolved.hash).toBe(answer);
    }
  });

  it("refuses non-strings", () => {
    expect(safeRedirect(null)).toBe("/");
    expect(safeRedirect(undefined, "/x")).toBe("/x");
  });
});
