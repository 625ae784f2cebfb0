import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { fitImageBytes } from "./images.server";

/** Noise: photo-like for a compressor (it does not shrink much). */
async function noise(width: number, height: number, channels: 3 | 4, format: "jpeg" | "png") {
  const raw = Buffer.alloc(width * height * channels);
  for (let i = 0; i < raw.length; i++) raw[i] = Math.floor(Math.random() * 256);
  if (channels === 4) for (let i = 3; i < raw.length; i += 4) raw[i] = 128; // half transparent
  const image = sharp(raw, { raw: { width, height, channels } });
  const bytes = await (format === "jpeg" ? image.jpeg({ quality: 100 }) : image.png()).toBuffer();
  return { bytes, mimeType: `image/${format}`, width, height };
}

describe("fitImageBytes", () => {
  it("leaves an image that fits as it is", async () => {
    const image = await noise(40, 30, 3, "jpeg");
    expect(await fitImageBytes(image, 1_000_000)).toBe(image);
  });

  it("brings a heavy photo under the limit, keeping its aspect ratio", { timeout: 60_000 }, async () => {
    const image = await noise(1800, 1200, 3, "jpeg");
    expect(image.bytes.length).toBeGreaterThan(2_000_000);
    const fitted = await fitImageBytes(image, 1_000_000);
    expect(fitted.bytes.length).toBeLessThanOrEqual(1_000_000);
    expect(fitted.mimeType).toBe("image/jpeg");
    expect(fitted.width / fitted.height).toBeCloseTo(1.5, 2);
    const meta = await sharp(fitted.bytes).metadata();
    expect([meta.width, meta.height]).toEqual([fitted.width, fitted.height]);
  });

  it("keeps transparency, in the format the image came in (PNG stays PNG: LinkedIn takes no WebP)", { timeout: 60_000 }, async () => {
    const image = await noise(900, 900, 4, "png");
    expect(image.bytes.length).toBeGreaterThan(1_000_000);
    const fitted = await fitImageBytes(image, 1_000_000);
    expect(fitted.bytes.length).toBeLessThanOrEqual(1_000_000);
    expect(fitted.mimeType).toBe("image/png");
    const meta = await sharp(fitted.bytes).metadata();
    expect([meta.format, meta.hasAlpha]).toEqual(["png", true]);
  });
});
