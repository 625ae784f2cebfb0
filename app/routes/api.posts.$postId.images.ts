import { apiData, apiRoute, parseBody, requireApiCaller } from "~/modules/api/api.server";
import { AppError } from "~/modules/errors/app-error";
import { getParams, postParams } from "~/modules/http/params.server";
import { isMultipart, readMultipartUpload } from "~/modules/http/upload.server";
import { addImage, imageTooLarge } from "~/modules/posts/post-images.server";
import { getOwnPost } from "~/modules/posts/post.server";
import { imageUrl } from "~/modules/posts/post-view.server";
import { imageUploadFieldsSchema } from "~/modules/posts/schemas";

const noFile = () => new AppError("validation_failed", "errors.validationFailed", { fields: { image: "posts.errors.imageFieldRequired" } });
const severalFiles = () => new AppError("validation_failed", "errors.validationFailed", { fields: { image: "posts.errors.oneImageOnly" } });

/**
 * POST /api/posts/{id}/images: multipart, exactly one file in `image`, optional `altText`.
 * Answers the image (201); 413 over 5 MB, 422 for no file, several files, a file that is not an
 * image by its bytes, or a fifth image.
 */
const handler = apiRoute({
  POST: async ({ request, params }) => {
    const { actor } = await requireApiCaller(request, "posts:write");
    // Read to the end first: answering before the upload is read would reset the connection.
    const upload = isMultipart(request) ? await readMultipartUpload(request, "image") : null;
    const { postId } = getParams(params, postParams);
    await getOwnPost(actor, postId); // someone else's post is a 404 whatever was sent
    if (!upload || upload.files.length === 0) throw noFile();
    const { fields, files } = upload;
    const { altText } = parseBody(imageUploadFieldsSchema, { altText: fields.get("altText") ?? undefined });
    if (files.length > 1) throw severalFiles();
    const bytes = files[0]!.bytes;
    if (!bytes) throw imageTooLarge();
    const image = await addImage(actor, postId, bytes, altText);
    const { id, width, height, size, mimeType } = image;
    return apiData({ id, url: imageUrl(id), width, height, size, mimeType, altText: image.altText }, { status: 201 });
  },
});

export const loader = handler;
export const action = handler;
