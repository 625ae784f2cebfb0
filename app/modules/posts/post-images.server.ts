import { getDb } from "~/modules/db/db.server";
import { type ActorRef, requireCan } from "~/modules/workspaces/owner";
import { isRecordId } from "~/modules/db/ids";
import { inTransaction, lockRow } from "~/modules/db/transaction.server";
import { AppError, rethrowUnlessAppError } from "~/modules/errors/app-error";
import { detectImageType, extensionOf } from "~/modules/media/image-type";
import { MAX_IMAGE_BYTES, MAX_IMAGE_PIXELS, MAX_IMAGE_SIDE, MAX_IMAGES_PER_POST } from "~/modules/media/limits";
import { readImageSize } from "~/modules/media/metadata.server";
import { isMediaUnavailable } from "~/modules/media/media-unavailable";
import { copyStoredFile, deleteStoredFile, saveFile } from "~/modules/media/storage.server";
import { logger } from "~/core/logger/logger.server";
import type { UploadedFile } from "~/modules/http/upload.server";
import type { ImageChange } from "./schemas";

// A post's images: at most 4, 5 MB each, JPEG/PNG/GIF/WebP recognised by their bytes, and no more
// pixels than every platform takes (docs/decisions/0020). Every function takes who acts (a user in a
// workspace) and checks the post is the workspace's and still editable.

const imageNotFound = () => new AppError("not_found", "posts.errors.imageNotFound");

/** The post whose images `by` changes: in their workspace, not published, and a draft for a writer. */
async function editablePostOf(by: ActorRef, postId: string) {
  const { workspaceId, role } = requireCan(by, "write");
  if (!isRecordId(postId)) throw new AppError("not_found", "posts.errors.notFound");
  const post = await getDb().post.findFirst({ where: { id: postId, workspaceId }, select: { id: true, status: true } });
  if (!post) throw new AppError("not_found", "posts.errors.notFound");
  if (post.status === "published") throw new AppError("post_published", "posts.errors.alreadyPublished");
  if (post.status === "publishing") throw new AppError("post_publishing", "posts.errors.beingPublished");
  if (role === "writer" && post.status !== "draft") throw new AppError("forbidden", "workspaces.errors.writerDraftsOnly");
  return post;
}

export const tooManyImages = () =>
  new AppError("too_many_images", "posts.errors.tooManyImages", {
    values: { count: MAX_IMAGES_PER_POST },
    fields: { image: "posts.errors.tooManyImagesField" },
  });
export const imageTooLarge = () =>
  new AppError("image_too_large", "posts.errors.imageTooLarge", { values: { max: 5 }, fields: { image: "posts.errors.imageTooLargeField" } });
export const imageDimensionsTooLarge = () =>
  new AppError("image_dimensions_too_large", "posts.errors.imageDimensions", {
    values: { side: MAX_IMAGE_SIDE, megapixels: Math.floor(MAX_IMAGE_PIXELS / 1_000_000) },
    fields: { image: "posts.errors.imageDimensionsField" },
  });
const storageUnavailable = () => new AppError("media_unavailable", "errors.mediaStorageUnavailable", { retryAfterSeconds: 30 });

/** A storage that failed (logged where it failed) is said to the user as such: nothing was saved. */
async function storing<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isMediaUnavailable(error)) throw storageUnavailable();
    throw error;
  }
}

/** After its row is gone, a file that cannot be removed is logged and left behind (never a failure). */
async function removeFileOrLog(storageKey: string): Promise<void> {
  await deleteStoredFile(storageKey).catch((error: unknown) => logger.error({ err: error, storageKey }, "Could not delete an image file"));
}

const notAnImage = () => new AppError("unsupported_image", "posts.errors.notAnImage", { fields: { image: "posts.errors.notAnImageField" } });

export async function addImage(by: ActorRef, postId: string, bytes: Uint8Array, altText = "") {
  const { userId } = requireCan(by, "write");
  const db = getDb();
  await editablePostOf(by, postId);
  if (bytes.byteLength > MAX_IMAGE_BYTES) throw imageTooLarge();
  const mimeType = detectImageType(bytes);
  if (!mimeType) throw notAnImage();
  // A quick refusal before the work; the count that decides is the one under the post's lock below.
  if ((await db.media.count({ where: { postId } })) >= MAX_IMAGES_PER_POST) throw tooManyImages();

  const { width, height, tooLarge } = await readImageSize(bytes);
  if (tooLarge) throw imageDimensionsTooLarge();
  const storageKey = await storing(() => saveFile(userId, bytes, extensionOf[mimeType]));
  try {
    // Uploads to one post at the same moment count and take their place one after the other.
    return await inTransaction(async (tx) => {
      await lockRow(tx, "Post", postId);
      if ((await tx.media.count({ where: { postId } })) >= MAX_IMAGES_PER_POST) throw tooManyImages();
      const last = await tx.media.findFirst({ where: { postId }, orderBy: { position: "desc" }, select: { position: true } });
      return tx.media.create({
        data: { userId, postId, position: (last?.position ?? -1) + 1, mimeType, size: bytes.byteLength, width, height, altText, storageKey },
      });
    });
  } catch (error) {
    await removeFileOrLog(storageKey);
    throw error;
  }
}

/** An image of a post already checked to be the workspace's. */
async function postImage(postId: string, imageId: string) {
  if (!isRecordId(imageId)) throw imageNotFound();
  const image = await getDb().media.findFirst({ where: { id: imageId, postId } });
  if (!image) throw imageNotFound();
  return image;
}

/** Adds every file that passes the rules; the others are refused one by one, with their reason. */
export async function addImages(by: ActorRef, postId: string, files: UploadedFile[], altText: string) {
  let added = 0;
  const refused: { name: string; error: AppError }[] = [];
  for (const file of files) {
    try {
      if (!file.bytes) throw imageTooLarge();
      // The alt text typed beside the files describes one image: it goes with a lone file only.
      await addImage(by, postId, file.bytes, files.length === 1 ? altText : "");
      added += 1;
    } catch (error) {
      rethrowUnlessAppError(error);
      refused.push({ name: file.name, error });
    }
  }
  return { added, refused };
}

/** The images step's small forms: alt text, order and removal. */
export async function changeImage(by: ActorRef, postId: string, change: ImageChange) {
  if (change.intent === "altText") return updateAltText(by, postId, change.imageId, change.altText);
  if (change.intent === "remove") return removeImage(by, postId, change.imageId);
  return moveImage(by, postId, change.imageId, change.intent === "moveUp" ? "up" : "down");
}

export async function updateAltText(by: ActorRef, postId: string, imageId: string, altText: string) {
  await editablePostOf(by, postId);
  await postImage(postId, imageId);
  await getDb().media.update({ where: { id: imageId }, data: { altText } });
}

/** Moves an image one place earlier or later (a plain form button works without JavaScript). */
export async function moveImage(by: ActorRef, postId: string, imageId: string, direction: "up" | "down") {
  const db = getDb();
  await editablePostOf(by, postId);
  const images = await db.media.findMany({ where: { postId }, orderBy: { position: "asc" }, select: { id: true } });
  const index = images.findIndex((m) => m.id === imageId);
  if (index < 0) throw imageNotFound();
  const target = direction === "up" ? index - 1 : index + 1;
  if (target < 0 || target >= images.length) return;
  const order = images.map((m) => m.id);
  [order[index], order[target]] = [order[target]!, order[index]!];
  await db.$transaction(order.map((id, position) => db.media.update({ where: { id }, data: { position } })));
}

export async function removeImage(by: ActorRef, postId: string, imageId: string) {
  const db = getDb();
  await editablePostOf(by, postId);
  const image = await postImage(postId, imageId);
  await db.media.delete({ where: { id: image.id } });
  await removeFileOrLog(image.storageKey);
  const rest = await db.media.findMany({ where: { postId }, orderBy: { position: "asc" }, select: { id: true } });
  await db.$transaction(rest.map((m, position) => db.media.update({ where: { id: m.id }, data: { position } })));
}

/**
 * An image the user may see (for the authorized file route): theirs, or of a post of a workspace
 * they are a member of, whichever is current; 404 for anyone else.
 */
export async function getOwnImage(userId: string, imageId: string) {
  if (!isRecordId(imageId)) throw imageNotFound();
  const image = await getDb().media.findFirst({
    where: { id: imageId, OR: [{ userId }, { post: { workspace: { members: { some: { userId } } } } }] },
  });
  if (!image) throw imageNotFound();
  return image;
}

export async function copyPostImages(
  userId: string,
  images: { storageKey: string; mimeType: string; size: number; width: number; height: number; altText: string; position: number }[],
  postId: string,
) {
  for (const image of images) {
    const storageKey = await storing(() => copyStoredFile(image.storageKey, userId));
    const { mimeType, size, width, height, altText, position } = image;
    await getDb().media.create({ data: { userId, postId, storageKey, mimeType, size, width, height, altText, position } });
  }
}

/** Removes the files of images whose rows are gone (a deleted post's). Failures are logged, not thrown. */
export async function deleteStoredImages(images: { storageKey: string }[]): Promise<void> {
  for (const image of images) await removeFileOrLog(image.storageKey);
}
