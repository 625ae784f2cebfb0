import { AppError } from "~/modules/errors/app-error";
import { fitsEveryPlatform, MAX_IMAGE_BYTES, MAX_IMAGE_PIXELS, MAX_IMAGE_SIDE, MAX_IMAGES_PER_POST } from "~/modules/media/limits";
import { isPlatform, LEGACY_TEXT_FIELD, parseNetworks, type LegacyTextField, type NetworkId } from "~/core/platforms/platforms";
import { networkRules } from "~/integrations/networks/rules";
import type { TranslationKey } from "~/modules/i18n/keys";

interface Content {
  /** The networks targeted (the version 1 pair and any other). */
  platforms: readonly NetworkId[] | string;
  linkedinText: string;
  twitterText: string;
}

export type TextField = LegacyTextField;

/**
 * Whether the version 1 fields say all of a post's texts: at most one target per network, each of
 * one part. Otherwise a text problem must name its target and part (targetsProblem), not a field
 * that stands for only part 1 of the first target of a network.
 */
export function textsAreVersion1(targets: readonly { network: string; parts: readonly unknown[] }[]): boolean {
  const networks = targets.map((target) => target.network);
  return new Set(networks).size === networks.length && targets.every((target) => target.parts.length <= 1 && isPlatform(target.network));
}

/** Per text field, why it could not be published as it stands (empty, or over its limit). */
export function textFieldErrors(content: Content): Partial<Record<TextField, TranslationKey>> {
  const platforms = (typeof content.platforms === "string" ? parseNetworks(content.platforms) : content.platforms).filter(isPlatform);
  const errors: Partial<Record<TextField, TranslationKey>> = {};
  for (const platform of platforms) {
    const field = LEGACY_TEXT_FIELD[platform];
    if (!content[field].trim()) errors[field] = "posts.errors.textMissingField";
    else if (!networkRules(platform).checkText(content[field]).fits) errors[field] = "posts.errors.textOverLimitField";
  }
  return errors;
}

/**
 * The first reason a post could not be published as it stands, or null. Checked when it is
 * scheduled (and when a scheduled post changes), so the user hears about it now rather than from
 * a failed delivery later. `texts: false` leaves the texts to the per-part check (see textsAreVersion1).
 */
export function schedulingProblem(
  content: Content,
  images: { size: number; width: number; height: number }[],
  connected: readonly NetworkId[],
  { texts = true }: { texts?: boolean } = {},
): AppError | null {
  const platforms = typeof content.platforms === "string" ? parseNetworks(content.platforms) : content.platforms;
  if (platforms.length === 0) {
    return new AppError("no_platform", "posts.validation.choosePlatform", { fields: { platforms: "posts.validation.choosePlatform" } });
  }
  // Only the version 1 pair has version 1 fields: other networks' texts are checked part by part.
  for (const platform of texts ? platforms.filter(isPlatform) : []) {
    const field = LEGACY_TEXT_FIELD[platform];
    const text = content[field].trim();
    const rules = networkRules(platform);
    const label = rules.shortLabel;
    if (!text) {
      return new AppError("text_required", "posts.errors.textMissing", {
        values: { platform: label },
        fields: { [field]: "posts.errors.textMissingField" },
      });
    }
    const check = rules.checkText(content[field]);
    if (!check.fits) {
      return new AppError("text_too_long", "posts.errors.textOverLimit", {
        values: { platform: label, length: check.length, max: check.max },
        fields: { [field]: "posts.errors.textOverLimitField" },
      });
    }
  }
  if (images.length > MAX_IMAGES_PER_POST) {
    return new AppError("too_many_images", "posts.errors.tooManyImages", { values: { count: MAX_IMAGES_PER_POST } });
  }
  if (images.some((image) => image.size > MAX_IMAGE_BYTES)) {
    return new AppError("stored_image_too_large", "posts.errors.imageTooLarge", { values: { max: 5 } });
  }
  // Images stored before uploads were checked for their pixels.
  if (!images.every(fitsEveryPlatform)) {
    return new AppError("image_dimensions_too_large", "posts.errors.imageDimensions", {
      values: { side: MAX_IMAGE_SIDE, megapixels: Math.floor(MAX_IMAGE_PIXELS / 1_000_000) },
    });
  }
  const missing = platforms.filter((p) => !connected.includes(p));
  if (missing.length > 0) {
    return new AppError("accounts_not_connected", "posts.errors.connectFirst", { values: { platforms: missing.join(",") } });
  }
  return null;
}
