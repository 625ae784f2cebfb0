import { networkRules } from "~/integrations/networks/rules";
import { fitsPlatform } from "~/modules/media/limits";
import { isPixelLimitError, openImage } from "~/modules/media/sharp.server";
import type { Platform } from "~/core/platforms/platforms";

/**
 * An image the platform would refuse for its pixels (stored before uploads were checked, or with
 * a size that could only be learnt by decoding it): the delivery fails with this reason, for good,
 * and nothing is sent.
 */
export class ImageNotPublishable extends Error {
  constructor(platform: Platform, size?: { width: number; height: number }) {
    const { shortLabel, images } = networkRules(platform);
    const limits = [
      ...(images.maxPixels !== undefined ? [`${images.maxPixels.toLocaleString("en")} pixels in all`] : []),
      ...(images.maxSide !== undefined ? [`${images.maxSide} pixels a side`] : []),
    ];
    super(
      `${size ? `An image is ${size.width} × ${size.height} pixels` : "An image has too many pixels"}: ${shortLabel} takes at most ${limits.join(" and ")}.`,
    );
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
 * A stored image as `platform` takes it: for a network that takes no WebP (`images.takesWebp`) a WebP converted to
 * PNG, never decoding more pixels than any platform takes (a size recorded as 0 × 0 is unknown).
 */
export async function imageFor(platform: Platform, image: StoredImage): Promise<{ bytes: Buffer; mimeType: string }> {
  checkImagesFor(platform, [image]);
  if (networkRules(platform).images.takesWebp || image.mimeType !== "image/webp") return { bytes: image.bytes, mimeType: image.mimeType };
  try {
    return { bytes: await openImage(image.bytes).png().toBuffer(), mimeType: "image/png" };
  } catch (error) {
    if (isPixelLimitError(error)) throw new ImageNotPublishable(platform);
    throw error;
  }
}
