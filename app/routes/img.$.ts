import { createReadStream } from "node:fs";
import { createReadableStreamFromReadable, type LoaderFunctionArgs } from "@remix-run/node";
import { badWidthResponse, imageHeaders, readWidthParam, servedImageResponse } from "~/modules/media/image-http.server";
import { findPublicImage, publicImageSource } from "~/modules/media/public-images.server";
import { resizedImage } from "~/modules/media/resize.server";

// A URL with a content version (publicImageUrl adds `v`) names those bytes for good; one without
// may change with the next deployment.
const VERSIONED = "public, max-age=31536000, immutable";
const UNVERSIONED = "public, max-age=3600";

/** The site's images under public/images, at /img/<path>, resized with `?w=` (docs/decisions/0028). */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const image = await findPublicImage(params["*"] ?? "");
  if (!image) return new Response("Not found", { status: 404 });
  const url = new URL(request.url);
  const width = readWidthParam(url);
  if (!width.ok) return badWidthResponse(request);
  const cacheControl = url.searchParams.has("v") ? VERSIONED : UNVERSIONED;
  if (width.width === null) {
    const body = createReadableStreamFromReadable(createReadStream(image.file));
    return new Response(body, { headers: imageHeaders(image.contentType, image.size, cacheControl) });
  }
  const served = await resizedImage(publicImageSource(image), width.width, request.headers.get("Accept"));
  return servedImageResponse(served, cacheControl);
}
