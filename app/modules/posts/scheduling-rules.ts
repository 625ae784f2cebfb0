import { AppError } from "~/modules/errors/app-error";
import { fitsEveryPlatform, MAX_IMAGE_BYTES, MAX_IMAGE_PIXELS, MAX_IMAGE_SIDE, MAX_IMAGES_PER_POST } from "~/modules/media/limits";
import { parsePlatforms, type Platform } from "~/core/platforms/platforms";
import { checkLinkedinText } from "~/integrations/networks/linkedin/text";
import { checkXText } from "~/integrations/networks/twitter/text";
import type { TranslationKey } from "~/modules/i18n/keys";

interface Content {
  platforms: Platform[] | string;
  linkedinText: string;
  twitterText: string;
}

export type TextField = "linkedinText" | "twitterText";

/** Per text field, why it could not be published as it stands (empty, or over its limit). */
export function textFieldErrors(content: Content): Partial<Record<TextField, TranslationKey>> {
  const platforms = typeof content.platforms === "string" ? parsePlatforms(content.platforms) : content.platforms;
  const errors: Partial<Record<TextField, TranslationKey>> = {};
  for (const platform of platforms) {
    const field: TextField = platform === "linkedin" ? "linkedinText" : "twitterText";
    if (!content[field].trim()) errors[field] = "posts.errors.textMissingField";
    else if (!(platform === "linkedin" ? checkLinkedinText(content[field]) : checkXText(content[field])).fits)
      errors[field] = "posts.errors.textOverLimitField";
  }
  return errors;
}

/**
 * The first reason a post could not be published as it stands, or null. Checked when it is
 * scheduled (and when a scheduled post changes), so the user hears about it now rather than from
 * a failed delivery later.
 */
export function schedulingProblem(content: Content, images: { size: number; width: number; height: number }[], connected: Platform[]): AppError | null {
  const platforms = typeof content.platforms === "string" ? parsePlatforms(content.platforms) : content.platforms;
  if (platforms.length === 0) {
    return new AppError("no_platform", "posts.validation.choosePlatform", { fields: { platforms: "posts.validation.choosePlatform" } });
  }
  for (const platform of platforms) {
    const field = platform === "linkedin" ? "linkedinText" : "twitterText";
    const text = content[field].trim();
    const label = platform === "linkedin" ? "LinkedIn" : "X";
    if (!text) {
      return new AppError("text_required", "posts.errors.textMissing", {
        values: { platform: label },
        fields: { [field]: "posts.errors.textMissingField" },
      });
    }
    const check = platform === "linkedin" ? checkLinkedinText(content[field]) : checkXText(content[field]);
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
