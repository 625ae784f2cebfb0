import type { TFunction } from "i18next";
import { AppError, rethrowUnlessAppError } from "~/modules/errors/app-error";
import { readMultipartUpload } from "~/modules/media/upload.server";
import { altTextSchema } from "./schemas";
import { addImage, imageTooLarge, moveImage, removeImage, updateAltText } from "./post-images.server";

export interface ImageActionOutcome {
  added: number;
  /** Messages in the request's language, one per refused file or failed change. */
  errors: string[];
  status: number;
}

function describe(t: TFunction, error: AppError, name?: string): string {
  const message = t(error.messageKey, error.options.values);
  return name ? t("create.images.fileError", { name, message }) : message;
}

/** Adds every file of an upload form that passes the rules; the others are refused one by one. */
export async function uploadImages(request: Request, userId: string, postId: string, t: TFunction): Promise<ImageActionOutcome> {
  const { fields, files } = await readMultipartUpload(request);
  const altText = String(fields.get("altText") ?? "")
    .trim()
    .slice(0, 1000);
  if (files.length === 0) return { added: 0, errors: [t("create.images.noFile")], status: 400 };
  let added = 0;
  const errors: string[] = [];
  let status = 200;
  for (const file of files) {
    try {
      if (!file.bytes) throw imageTooLarge();
      await addImage(userId, postId, file.bytes, files.length === 1 ? altText : "");
      added += 1;
    } catch (error) {
      rethrowUnlessAppError(error);
      errors.push(describe(t, error, file.name));
      status = Math.max(status, error.status);
    }
  }
  return { added, errors, status };
}

/** Alt text, order and removal: small forms that work without JavaScript. */
export async function changeImage(form: FormData, userId: string, postId: string, t: TFunction): Promise<ImageActionOutcome> {
  const intent = form.get("intent");
  const imageId = String(form.get("imageId") ?? "");
  try {
    if (intent === "altText") {
      const parsed = altTextSchema.safeParse({ imageId, altText: form.get("altText") ?? "" });
      if (!parsed.success) throw new AppError("validation_failed", parsed.error.issues[0]?.message ?? "errors.validationFailed");
      await updateAltText(userId, postId, parsed.data.imageId, parsed.data.altText);
    } else if (intent === "moveUp" || intent === "moveDown") {
      await moveImage(userId, postId, imageId, intent === "moveUp" ? "up" : "down");
    } else if (intent === "remove") {
      await removeImage(userId, postId, imageId);
    } else {
      return { added: 0, errors: [t("errors.validationFailed")], status: 400 };
    }
  } catch (error) {
    rethrowUnlessAppError(error);
    return { added: 0, errors: [describe(t, error)], status: error.status };
  }
  return { added: 0, errors: [], status: 200 };
}
