import { createReadableStreamFromReadable, type LoaderFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { getOptionalUser } from "~/modules/auth/guards.server";
import { isAppError } from "~/modules/errors/app-error";
import { getParams, recordIdParam } from "~/modules/http/params.server";
import { openStoredFile } from "~/modules/media/storage.server";
import { getOwnImage } from "~/modules/posts/post-images.server";

const imageParams = z.object({ imageId: recordIdParam("posts.errors.imageNotFound") });

/** An uploaded image, served only to its owner; anyone else gets 404, as if it did not exist. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await getOptionalUser(request);
  if (!user) return new Response("Not found", { status: 404 });
  try {
    const { imageId } = getParams(params, imageParams);
    const image = await getOwnImage(user.id, imageId);
    return new Response(createReadableStreamFromReadable(openStoredFile(image.storageKey)), {
      headers: {
        "Content-Type": image.mimeType,
        "Content-Length": String(image.size),
        "Cache-Control": "private, max-age=86400",
        "X-Content-Type-Options": "nosniff",
        "Content-Disposition": "inline",
      },
    });
  } catch (error) {
    if (isAppError(error) && error.status === 404) return new Response("Not found", { status: 404 });
    throw error;
  }
}
