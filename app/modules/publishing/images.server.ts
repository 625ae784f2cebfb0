import { fitsPlatform, MAX_IMAGE_PIXELS, MAX_IMAGE_SIDE } from "~/modules/media/limits";
import { isPixelLimitError, openImage } from "~/modules/media/sharp.server";
import type { Platform } from "~/core/platforms/platforms";

const PLATFORM_NAMES: Record<Platform, string> = { linkedin: "LinkedIn", twitter: "X" };

/**
 * An image the platform would refuse for its pixels (stored before uploads were checked, or with
 * a size that could only be learnt by decoding it): the delivery fails with this reason, for good,
 * and nothing is sent.
 */
export class ImageNotPublishable extends Error {
  constructor(platform: Platform, size?: { width: number; height: number }) {
    const limit = platform === "linkedin" ? `at most ${MAX_IMAGE_PIXELS.toLocaleString("en")} pixels in all` : `at most ${MAX_IMAGE_SIDE} pixels a side`;
    super(`${size ? `An image is ${size.width} × ${size.height} pixels` : "An image has too many pixels"}: ${PLATFORM_NAMES[platform]} takes ${limit}.`);
    this.name = "ImageNotPublishable";
  }
}

export interface StoredImage {
  bytes: Buffer;
  mimeType: string;
  width: number;
  height: number;
}

/** Refuses, before anything is sent, a post whose images the platform would refuse by their recorded size. */
export function checkImagesFor(platform: Platform, images: { width: number; height: number }[]): void {
  const refused = images.find((image) => !fitsPlatform(platform, image));
  if (refused) throw new ImageNotPublishable(platform, refused);
}

/**
 * A stored image as `platform` takes it: for LinkedIn (JPEG, PNG and GIF only) a WebP converted to
 * PNG, never decoding more pixels than any platform takes (a size recorded as 0 × 0 is unknown).
 */
export async function imageFor(platform: Platform, image: StoredImage): Promise<{ bytes: Buffer; mimeType: string }> {
  checkImagesFor(platform, [image]);
  if (platform !== "linkedin" || image.mimeType !== "image/webp") return { bytes: image.bytes, mimeType: image.mimeType };
  try {
    return { bytes: await openImage(image.bytes).png().toBuffer(), mimeType: "image/png" };
  } catch (error) {
    if (isPixelLimitError(error)) throw new ImageNotPublishable(platform);
    throw error;
  }
}
