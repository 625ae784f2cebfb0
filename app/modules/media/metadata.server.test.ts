import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { pngBomb, webpBomb } from "../../../tests/support/image-bombs";
import { fitsEveryPlatform, fitsPlatform, MAX_IMAGE_SIDE } from "./limits";
import { readImageSize } from "./metadata.server";
import { isPixelLimitError, openImage } from "./sharp.server";

const solid = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: "#7c3aed" } })
    .png()
    .toBuffer();

describe("platform pixel limits", () => {
  it("LinkedIn counts pixels, X measures the longest side", () => {
    expect(fitsPlatform("linkedin", { width: 8192, height: 4413 })).toBe(true); // 36,151,296 pixels
    expect(fitsPlatform("linkedin", { width: 6100, height: 6000 })).toBe(false);
    expect(fitsPlatform("linkedin", { width: 20_000, height: 100 })).toBe(true);
    expect(fitsPlatform("twitter", { width: 20_000, height: 100 })).toBe(false);
    expect(fitsPlatform("twitter", { width: 8192, height: 8192 })).toBe(true);
    expect(fitsEveryPlatform({ width: 8192, height: 4413 })).toBe(true);
    expect(fitsEveryPlatform({ width: 8193, height: 10 })).toBe(false);
    expect(fitsEveryPlatform({ width: 6100, height: 6000 })).toBe(false);
    expect(fitsEveryPlatform({ width: 0, height: 0 })).toBe(true);
  });
});

describe("readImageSize", () => {
  it("reads an ordinary image", async () => {
    expect(await readImageSize(await solid(640, 480))).toEqual({ width: 640, height: 480, tooLarge: false });
  });

  it("flags a 12000 × 12000 PNG of 17 KB from its header, without decoding it", async () => {
    const bomb = pngBomb(12_000, 12_000);
    expect(bomb.byteLength).toBeLessThan(50_000);
    expect(await readImageSize(bomb)).toEqual({ width: 0, height: 0, tooLarge: true });
  });

  it("flags images over either platform's limit, and keeps those at the limit", async () => {
    expect((await readImageSize(await webpBomb(12_000, 12_000))).tooLarge).toBe(true);
    expect(await readImageSize(await webpBomb(6100, 6000))).toEqual({ width: 0, height: 0, tooLarge: true });
    expect(await readImageSize(await webpBomb(MAX_IMAGE_SIDE + 1, 10))).toEqual({ width: MAX_IMAGE_SIDE + 1, height: 10, tooLarge: true });
    expect(await readImageSize(await webpBomb(8192, 4413))).toEqual({ width: 8192, height: 4413, tooLarge: false });
  });

  it("keeps 0 × 0 for what it cannot read", async () => {
    const corrupt = Buffer.concat([pngBomb(10, 10).subarray(0, 8), Buffer.from("not the rest of a PNG")]);
    expect(await readImageSize(corrupt)).toEqual({ width: 0, height: 0, tooLarge: false });
  });
});

describe("openImage", () => {
  it("refuses to decode more pixels than any platform takes", async () => {
    const error = await openImage(await webpBomb(12_000, 12_000))
      .png()
      .toBuffer()
      .catch((e: unknown) => e);
    expect(isPixelLimitError(error)).toBe(true);
  });

  it("decodes images within the limit", async () => {
    const png = await openImage(await webpBomb(8192, 4413))
      .png({ compressionLevel: 1 })
      .toBuffer();
    expect((await sharp(png).metadata()).width).toBe(8192);
  });
});
