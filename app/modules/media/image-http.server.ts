import { getRequestT } from "~/modules/i18n/i18n.server";
import { MAX_REQUESTED_WIDTH } from "./image-variants";
import { logger } from "~/core/logger/logger.server";
import type { MediaUnavailable } from "./media-unavailable";
import type { ServedImage } from "./resize.server";

// What the image routes share: reading `w`, and the headers of an image answer.

export type WidthParam = { ok: true; width: number | null } | { ok: false };

/** `w` from the URL: null when absent (the original is served), refused unless 1 to MAX_REQUESTED_WIDTH. */
export function readWidthParam(url: URL): WidthParam {
  const raw = url.searchParams.get("w");
  if (raw === null) return { ok: true, width: null };
  if (!/^\d{1,5}$/.test(raw)) return { ok: false };
  const width = Number(raw);
  return width >= 1 && width <= MAX_REQUESTED_WIDTH ? { ok: true, width } : { ok: false };
}

export async function badWidthResponse(request: Request): Promise<Response> {
  const { t } = await getRequestT(request);
  return new Response(t("errors.imageWidth", { max: MAX_REQUESTED_WIDTH }), { status: 400, headers: { "Content-Type": "text/plain; charset=utf-8" } });
}

/**
 * A stored image that cannot be read: 404 when it is gone, 503 (with Retry-After) when the storage
 * failed; either way a short sentence in the user's language, never an error page.
 */
export async function mediaUnavailableResponse(request: Request, error: MediaUnavailable): Promise<Response> {
  const { t } = await getRequestT(request);
  const headers = { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" };
  if (error.reason === "missing") {
    logger.warn({ err: error }, "A stored image is missing");
    return new Response(t("errors.notFound"), { status: 404, headers });
  }
  logger.error({ err: error }, "A stored image could not be read");
  return new Response(t("errors.mediaUnavailable"), { status: 503, headers: { ...headers, "Retry-After": "30" } });
}

export function imageHeaders(contentType: string, length: number, cacheControl: string): HeadersInit {
  return {
    "Content-Type": contentType,
    "Content-Length": String(length),
    "Cache-Control": cacheControl,
    // The same URL answers AVIF or WebP by the request's Accept: caches must keep both.
    Vary: "Accept",
    "X-Content-Type-Options": "nosniff",
    "Content-Disposition": "inline",
  };
}

export function servedImageResponse(served: ServedImage, cacheControl: string): Response {
  return new Response(served.body, { headers: imageHeaders(served.contentType, served.body.byteLength, cacheControl) });
}
