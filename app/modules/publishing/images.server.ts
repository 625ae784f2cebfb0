import { networkRules } from "~/integrations/networks/rules";
import { fitsPlatform } from "~/modules/media/limits";
import { isPixelLimitError, openImage } from "~/modules/media/sharp.server";
import type { NetworkId } from "~/core/platforms/platforms";

/**
 * An image the platform would refuse for its pixels (stored before uploads were checked, or with
 * a size that could only be learnt by decoding it): the delivery fails with this reason, for good,
 * and nothing is sent.
 */
export class ImageNotPublishable extends Error {
  constructor(platform: NetworkId, size?: { width: number; height: number }) {
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
export function checkImagesFor(platform: NetworkId, images: { width: number; height: number }[]): void {
  const refused = images.find((image) => !fitsPlatform(platform, image));
  if (refused) throw new ImageNotPublishable(platform, refused);
}

/**
 * A stored image as `platform` takes it: for a network that takes no WebP (`images.takesWebp`) a WebP converted to
 * PNG, never decoding more pixels than any platform takes (a size recorded as 0 × 0 is unknown).
 */
export async function imageFor(platform: NetworkId, image: StoredImage): Promise<{ bytes: Buffer; mimeType: string }> {
  checkImagesFor(platform, [image]);
  if (networkRules(platform).images.takesWebp || image.mimeType !== "image/webp") return { bytes: image.bytes, mimeType: image.mimeType };
  try {
    return { bytes: await openImage(image.bytes).png().toBuffer(), mimeType: "image/png" };
  } catch (error) {
    if (isPixelLimitError(error)) throw new ImageNotPublishable(platform);
    throw error;
  }
}

/**
 * An image made to weigh at most `maxBytes` (a network's limits.maxImageBytes: Bluesky sends at
 * most 1,000,000), keeping its aspect ratio: returned as it is when it already fits, else
 * recompressed (JPEG; with transparency, PNG or WebP as it came), then made smaller until it fits. Never
 * refuses an image Plume accepted for its weight.
 */
export async function fitImageBytes(image: StoredImage, maxBytes: number): Promise<StoredImage> {
  if (image.bytes.length <= maxBytes) return image;
  const metadata = await openImage(image.bytes).metadata();
  const hasAlpha = metadata.hasAlpha;
  // Oriented: rotate() below turns images whose EXIF says so (orientation 5 to 8 swap the sides).
  const width = (metadata.orientation ?? 1) >= 5 ? (metadata.height ?? 0) : (metadata.width ?? 0);
  let scale = 1;
  for (let attempt = 0; attempt < 8; attempt++) {
    const pipeline = openImage(image.bytes).rotate();
    if (scale < 1 && width > 0) pipeline.resize({ width: Math.max(1, Math.round(width * scale)) });
    // Transparency kept in a format the network took it in (LinkedIn takes no WebP, only what came as WebP).
    const format = !hasAlpha ? "jpeg" : image.mimeType === "image/webp" ? "webp" : "png";
    const encoded =
      format === "jpeg"
        ? pipeline.jpeg({ quality: 82, mozjpeg: true })
        : format === "webp"
          ? pipeline.webp({ quality: 82 })
          : pipeline.png({ compressionLevel: 9, palette: true });
    const { data, info } = await encoded.toBuffer({ resolveWithObject: true });
    if (data.length <= maxBytes) return { bytes: data, mimeType: `image/${format}`, width: info.width, height: info.height };
    // Bytes go roughly with the pixels: aim a little under.
    scale *= Math.min(0.9, Math.sqrt(maxBytes / data.length) * 0.95);
  }
  throw new Error(`The image could not be brought under ${maxBytes} bytes`);
}
