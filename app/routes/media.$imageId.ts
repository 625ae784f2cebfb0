import { createReadableStreamFromReadable, type LoaderFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { getOptionalUser } from "~/modules/auth/guards.server";
import { isAppError } from "~/modules/errors/app-error";
import { getParams, recordIdParam } from "~/modules/http/params.server";
import { badWidthResponse, imageHeaders, mediaUnavailableResponse, readWidthParam, servedImageResponse } from "~/modules/media/image-http.server";
import { isMediaUnavailable } from "~/modules/media/media-unavailable";
import { resizedImage } from "~/modules/media/resize.server";
import { openStoredFile, storedImageSource } from "~/modules/media/storage.server";
import { getOwnImage } from "~/modules/posts/post-images.server";

const imageParams = z.object({ imageId: recordIdParam("posts.errors.imageNotFound") });

// An image id names the same bytes for good (a changed image is a new id): caches may keep it.
const CACHE_CONTROL = "private, max-age=31536000, immutable";

/**
 * An uploaded image, served only to its owner; anyone else gets 404, as if it did not exist.
 * `?w=` asks for a smaller copy (docs/decisions/0028); without it, the original, streamed from
 * wherever media are stored (disk or bucket, 0059). A storage that fails answers 503, said plainly.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await getOptionalUser(request);
  if (!user) return new Response("Not found", { status: 404 });
  try {
    const { imageId } = getParams(params, imageParams);
    const image = await getOwnImage(user.id, imageId);
    const width = readWidthParam(new URL(request.url));
    if (!width.ok) return badWidthResponse(request);
    if (width.width === null) {
      const stored = await openStoredFile(image.storageKey);
      return new Response(createReadableStreamFromReadable(stored.stream), { headers: imageHeaders(image.mimeType, stored.size, CACHE_CONTROL) });
    }
    const served = await resizedImage(storedImageSource(image.storageKey, image.mimeType), width.width, request.headers.get("Accept"));
    return servedImageResponse(served, CACHE_CONTROL);
  } catch (error) {
    if (isAppError(error) && error.status === 404) return new Response("Not found", { status: 404 });
    if (isMediaUnavailable(error)) return mediaUnavailableResponse(request, error);
    throw error;
  }
}
