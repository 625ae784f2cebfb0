import { describe, expect, it } from "vitest";
import { engagementOf } from "./analytics";

describe("engagementOf", () => {
  it("adds the numbers there are", () => {
    expect(engagementOf({ likes: 10, reposts: 2, replies: 3, quotes: 1 })).toBe(16);
    expect(engagementOf({ likes: 5, reposts: null, replies: 0, quotes: null })).toBe(5);
  });

  it("is 0 for a post that earned nothing, null when the network gives none of the numbers", () => {
    expect(engagementOf({ likes: 0, reposts: 0, replies: 0, quotes: 0 })).toBe(0);
    expect(engagementOf({ likes: null, reposts: null, replies: null, quotes: null })).toBeNull();
  });
});
