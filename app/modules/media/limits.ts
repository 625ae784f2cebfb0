import { PLATFORMS, type Platform } from "~/core/platforms/platforms";

// Image rules (docs/decisions/0011), shared by the upload form and the server.
export const MAX_IMAGES_PER_POST = 4;
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
export const MAX_ALT_TEXT = 1000;
export const IMAGE_TYPES = ["image/jpeg", "image/png", "image/gif", "image/webp"] as const;
export type ImageType = (typeof IMAGE_TYPES)[number];
/** For the file picker only: the server decides by the bytes, never by the name or this list. */
export const IMAGE_ACCEPT = IMAGE_TYPES.join(",");

// What each platform takes in pixels (docs/decisions/0020): X refuses a side over 8192 pixels,
// LinkedIn more than 36,152,320 pixels in all. An upload over either is refused whatever the
// post's platforms (they can change later), and no image is ever decoded beyond MAX_IMAGE_PIXELS.
export const MAX_IMAGE_SIDE = 8192;
export const MAX_IMAGE_PIXELS = 36_152_320;

interface PixelSize {
  width: number;
  height: number;
}

/** Whether a platform takes an image of this size (0 × 0, unknown, is left to the platform). */
export function fitsPlatform(platform: Platform, { width, height }: PixelSize): boolean {
  return platform === "linkedin" ? width * height <= MAX_IMAGE_PIXELS : Math.max(width, height) <= MAX_IMAGE_SIDE;
}

export function fitsEveryPlatform(size: PixelSize): boolean {
  return PLATFORMS.every((platform) => fitsPlatform(platform, size));
}
