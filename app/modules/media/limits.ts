import { NETWORK_IDS, type NetworkId } from "~/core/platforms/platforms";
import { networkRules } from "~/modules/networks/rules";

// Image rules (docs/decisions/0011), shared by the upload form and the server.
export const MAX_IMAGES_PER_POST = 4;
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
export const MAX_ALT_TEXT = 1000;
export const IMAGE_TYPES = ["image/jpeg", "image/png", "image/gif", "image/webp"] as const;
export type ImageType = (typeof IMAGE_TYPES)[number];
/** For the file picker only: the server decides by the bytes, never by the name or this list. */
export const IMAGE_ACCEPT = IMAGE_TYPES.join(",");

// What each network takes in pixels (docs/decisions/0020) is in its rules (`images`): a longest
// side, pixels in all, or both. An upload over any network's is refused whatever the post's
// networks (they can change later), and no image is ever decoded beyond MAX_IMAGE_PIXELS.
const strictest = (limits: (number | undefined)[]) => Math.min(...limits.filter((limit): limit is number => limit !== undefined));
/** The smallest longest side any network takes (8192, X's). */
export const MAX_IMAGE_SIDE = strictest(NETWORK_IDS.map((platform) => networkRules(platform).images.maxSide));
/** The fewest pixels any network takes in all (36,152,320, LinkedIn's). */
export const MAX_IMAGE_PIXELS = strictest(NETWORK_IDS.map((platform) => networkRules(platform).images.maxPixels));

interface PixelSize {
  width: number;
  height: number;
}

/** Whether a platform takes an image of this size (0 × 0, unknown, is left to the platform). */
export function fitsPlatform(platform: NetworkId, { width, height }: PixelSize): boolean {
  const { maxSide, maxPixels } = networkRules(platform).images;
  return (maxSide === undefined || Math.max(width, height) <= maxSide) && (maxPixels === undefined || width * height <= maxPixels);
}

export function fitsEveryPlatform(size: PixelSize): boolean {
  return NETWORK_IDS.every((platform) => fitsPlatform(platform, size));
}
