import { describe, expect, it } from "vitest";
import { searchHref } from "./search-href";

describe("searchHref", () => {
  it("changes and removes parameters, keeping the others, and drops an empty query", () => {
    expect(searchHref("/posts", "?view=list&page=3", { page: null, status: "failed" })).toBe("/posts?view=list&status=failed");
    expect(searchHref("/pricing", "?billing=yearly", { billing: null })).toBe("/pricing");
    expect(searchHref("/admin/users", "", { q: "a b" })).toBe("/admin/users?q=a+b");
  });
});
