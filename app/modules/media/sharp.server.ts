import type { default as Sharp, SharpOptions } from "sharp";
import { loadOnFirstUse } from "~/core/runtime/load-on-first-use.server";
import { MAX_IMAGE_PIXELS } from "./limits";

const sharp = loadOnFirstUse<typeof Sharp>("sharp");

/**
 * The one way the app opens an image with sharp (ESLint refuses other imports of sharp in app/).
 * sharp's own default lets 268 million pixels through: a 20 KB PNG can announce 12000 × 12000 and
 * unpack into gigabytes. Here nothing larger than any platform takes is decoded; sharp throws
 * before reading the pixels (see isPixelLimitError).
 */
export function openImage(bytes: Uint8Array, options: Omit<SharpOptions, "limitInputPixels" | "unlimited"> = {}) {
  return sharp()(bytes, { ...options, limitInputPixels: MAX_IMAGE_PIXELS });
}

/** The error openImage's images throw when their header announces more than MAX_IMAGE_PIXELS. */
export function isPixelLimitError(error: unknown): boolean {
  return error instanceof Error && /exceeds pixel limit/i.test(error.message);
}
