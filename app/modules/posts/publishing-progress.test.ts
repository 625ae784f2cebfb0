import { describe, expect, it } from "vitest";
import { FOLLOW_FOR_MS, publishingProgress } from "./publishing-progress";

const now = new Date("2026-05-04T10:00:00Z");
const ago = (ms: number) => new Date(now.getTime() - ms).toISOString();
const post = (status: string, scheduledAt: string | null, deliveries: string[] = ["pending"]) => ({
  status,
  scheduledAt,
  deliveries: deliveries.map((s) => ({ status: s })),
});

describe("publishingProgress", () => {
  it("follows a post sent with Publish now while the publisher has not taken it yet", () => {
    expect(publishingProgress(post("scheduled", ago(0)), now)).toBe("following");
  });

  it("follows a post being published, and one whose delivery is in flight", () => {
    expect(publishingProgress(post("publishing", ago(5_000), ["publishing"]), now)).toBe("following");
    expect(publishingProgress(post("scheduled", ago(5_000), ["publishing", "published"]), now)).toBe("following");
  });

  it("stops refreshing by itself once the post has been due for FOLLOW_FOR_MS, while still on its way", () => {
    expect(publishingProgress(post("publishing", ago(FOLLOW_FOR_MS - 1)), now)).toBe("following");
    expect(publishingProgress(post("publishing", ago(FOLLOW_FOR_MS)), now)).toBe("waiting");
    expect(publishingProgress(post("scheduled", ago(FOLLOW_FOR_MS * 10)), now)).toBe("waiting");
  });

  it("has nothing to follow for a draft, a post due later, or a settled post", () => {
    expect(publishingProgress(post("draft", null), now)).toBeNull();
    expect(publishingProgress(post("scheduled", ago(-60_000)), now)).toBeNull();
    expect(publishingProgress(post("published", ago(5_000), ["published"]), now)).toBeNull();
    expect(publishingProgress(post("failed", ago(5_000), ["failed"]), now)).toBeNull();
  });
});
