import { logger } from "~/core/logger/logger.server";
import { fitsEveryPlatform } from "./limits";
import { isPixelLimitError, openImage } from "./sharp.server";

export interface ImageSize {
  width: number;
  height: number;
  /** More pixels than a platform takes: refused at upload (the size is then unknown, 0 × 0). */
  tooLarge: boolean;
}

/**
 * Width and height of an image, read from its header (one frame of an animation); both 0 when
 * they cannot be read (the upload is still kept).
 */
export async function readImageSize(bytes: Uint8Array): Promise<ImageSize> {
  try {
    const meta = await openImage(bytes).metadata();
    const size = { width: meta.width ?? 0, height: meta.height ?? 0 };
    return { ...size, tooLarge: !fitsEveryPlatform(size) };
  } catch (error) {
    if (isPixelLimitError(error)) return { width: 0, height: 0, tooLarge: true };
    logger.warn({ err: error }, "Could not read image metadata");
    return { width: 0, height: 0, tooLarge: false };
  }
}
