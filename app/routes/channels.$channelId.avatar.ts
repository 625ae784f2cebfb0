import type { LoaderFunctionArgs } from "@remix-run/node";
import { getOptionalUser } from "~/modules/auth/guards.server";
import { readChannelAvatar } from "~/modules/connections/avatar.server";
import { mediaUnavailableResponse } from "~/modules/media/image-http.server";
import { isMediaUnavailable } from "~/modules/media/media-unavailable";

// The version (?v=, the stored copy's name) changes with the picture: the URL it was asked with may be
// kept for good; an old or missing version is answered with the current picture, checked each time.
const CACHE_VERSIONED = "private, max-age=31536000, immutable";
const CACHE_UNVERSIONED = "private, no-cache";

const notFound = () =>
  new Response("Not found", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8", "X-Content-Type-Options": "nosniff" } });

/**
 * A connected account's picture, the app's own copy (docs/decisions/0053), served only to the
 * members of the channel's workspace; anyone else, signed in or not, gets 404 as if it did not
 * exist (as /media does).
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await getOptionalUser(request);
  if (!user) return notFound();
  let avatar;
  try {
    avatar = await readChannelAvatar(user.id, params.channelId ?? "");
  } catch (error) {
    if (isMediaUnavailable(error)) return mediaUnavailableResponse(request, error);
    throw error;
  }
  if (!avatar) return notFound();
  const versioned = new URL(request.url).searchParams.get("v") === avatar.version;
  return new Response(new Uint8Array(avatar.bytes), {
    headers: {
      "Content-Type": "image/webp",
      "Content-Length": String(avatar.bytes.byteLength),
      "Cache-Control": versioned ? CACHE_VERSIONED : CACHE_UNVERSIONED,
      "X-Content-Type-Options": "nosniff",
      "Content-Disposition": "inline",
    },
  });
}
