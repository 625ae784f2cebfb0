import { describe, expect, it } from "vitest";
import { CARD_TEXT_LENGTH, toPostCardView, type PostCardRecord } from "./post-card-view.server";

const record = (changes: Partial<PostCardRecord> = {}): PostCardRecord => ({
  id: "post1",
  status: "scheduled",
  platforms: "linkedin,twitter",
  linkedinText: "",
  twitterText: "",
  firstPartText: "",
  scheduledAt: new Date("2026-11-23T10:00:00Z"),
  publishedAt: null,
  createdAt: new Date("2026-11-20T08:00:00Z"),
  composeStep: null,
  media: [],
  _count: { media: 0 },
  ...changes,
});

describe("toPostCardView", () => {
  it("shows the LinkedIn text, else the X text, trimmed and cut to what a card can show", () => {
    expect(toPostCardView(record({ linkedinText: "  Hello  ", twitterText: "Short" })).text).toBe("Hello");
    expect(toPostCardView(record({ twitterText: "Only on X " })).text).toBe("Only on X");
    expect(toPostCardView(record({ firstPartText: " Only on Bluesky" })).text).toBe("Only on Bluesky");
    expect(toPostCardView(record({ linkedinText: "word ".repeat(1000) })).text).toHaveLength(CARD_TEXT_LENGTH);
  });

  it("keeps the first image for the thumbnail and how many there are", () => {
    const view = toPostCardView(record({ media: [{ id: "img1", altText: "A violet", width: 800, height: 600 }], _count: { media: 3 } }));
    expect(view.image).toEqual({ url: "/media/img1", altText: "A violet", width: 800, height: 600 });
    expect(view.imageCount).toBe(3);
    expect(toPostCardView(record()).image).toBeNull();
  });

  it("sends instants as ISO strings and platforms as a list", () => {
    const view = toPostCardView(record());
    expect(view.platforms).toEqual(["linkedin", "twitter"]);
    expect(view.scheduledAt).toBe("2026-11-23T10:00:00.000Z");
    expect(view.publishedAt).toBeNull();
    expect(view.createdAt).toBe("2026-11-20T08:00:00.000Z");
  });
});
