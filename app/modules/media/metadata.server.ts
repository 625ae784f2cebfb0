import sharp from "sharp";
import { logger } from "~/modules/logger/logger.server";

/** Width and height of an image; both 0 when they cannot be read (SPEC section 8). */
export async function readImageSize(bytes: Uint8Array): Promise<{ width: number; height: number }> {
  try {
    // Animated images report the whole strip's height; pageHeight is one frame's.
    const meta = await sharp(bytes, { animated: true }).metadata();
    return { width: meta.width ?? 0, height: meta.pageHeight ?? meta.height ?? 0 };
  } catch (error) {
    logger.warn({ err: error }, "Could not read image metadata");
    return { width: 0, height: 0 };
  }
}
