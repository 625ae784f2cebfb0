import { describe, expect, it } from "vitest";
import { partMedia } from "./part-media";

const media = [{ id: "a" }, { id: "b" }, { id: "c" }];

describe("partMedia", () => {
  it("gives part 1 every image when no part names any (posts made before parts)", () => {
    expect(partMedia(media, [{ position: 1, mediaIds: "" }], 1).map((m) => m.id)).toEqual(["a", "b", "c"]);
  });

  it("gives each part the images it names, in its order, and part 1 the ones nobody names", () => {
    const parts = [
      { position: 1, mediaIds: "" },
      { position: 2, mediaIds: "c,a" },
    ];
    expect(partMedia(media, parts, 2).map((m) => m.id)).toEqual(["c", "a"]);
    expect(partMedia(media, parts, 1).map((m) => m.id)).toEqual(["b"]);
  });

  it("ignores names of images that were deleted", () => {
    expect(partMedia(media, [{ position: 1, mediaIds: "zz,b" }], 1).map((m) => m.id)).toEqual(["b", "a", "c"]);
  });
});
