import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { AVATAR_SIZE, AvatarRefused, encodeAvatar } from "./avatar.server";

const solid = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: "#336699" } })
    .png()
    .toBuffer();

describe("encodeAvatar", () => {
  it("re-encodes a picture to a small square WebP", async () => {
    const out = await encodeAvatar(await solid(400, 300));
    expect(await sharp(out).metadata()).toMatchObject({ format: "webp", width: AVATAR_SIZE, height: AVATAR_SIZE });
  });

  it("refuses bytes that are no image, an SVG, and a side over 4096 pixels before decoding", async () => {
    await expect(encodeAvatar(new TextEncoder().encode("<html>nope</html>"))).rejects.toThrow(AvatarRefused);
    await expect(encodeAvatar(new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"/>'))).rejects.toThrow(AvatarRefused);
    await expect(encodeAvatar(await solid(4097, 8))).rejects.toMatchObject({ reason: "too_many_pixels" });
    expect(await sharp(await encodeAvatar(await solid(4096, 8))).metadata()).toMatchObject({ width: AVATAR_SIZE });
  });
});
