import { beforeAll, describe, expect, it } from "vitest";
import { loadAllContent } from "./content.server";
import { MAX_RESULTS, searchContent } from "./search.server";

beforeAll(() => loadAllContent());

describe("search over docs, blog and pages", () => {
  it("finds documentation by its words, prefixes included, in each language", () => {
    const en = searchContent("en", "redirect linkedin");
    expect(en.map((r) => r.path)).toContain("/docs/getting-started");
    expect(searchContent("en", "worke").some((r) => r.path === "/docs/self-hosting/worker")).toBe(true);
    expect(searchContent("fr", "fuseau horaire").length).toBeGreaterThan(0);
  });

  it("returns at most 42 results and nothing for an empty query", () => {
    expect(MAX_RESULTS).toBe(42);
    expect(searchContent("en", "the").length).toBeLessThanOrEqual(42);
    expect(searchContent("en", "   ")).toEqual([]);
  });
});
