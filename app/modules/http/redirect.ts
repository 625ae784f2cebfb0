const BASE = "http://plume.invalid";

// Control characters and backslashes: browsers drop or rewrite them (a tab inside "/\t/evil"
// vanishes, "\" becomes "/"), so a value holding any is refused rather than guessed at. Raw spaces
// too: browsers trim them, and our own paths always come percent-encoded.
/* eslint-disable no-control-regex -- control characters are exactly what is refused */
const CONTROL_OR_BACKSLASH = /[\u0000-\u001f\u007f\\]/;
const UNSAFE_CHARACTERS = /[\u0000-\u0020\u007f\\]/;
/* eslint-enable no-control-regex */

/**
 * A same-site path to go back to (after signing in, switching language…), or the fallback. The
 * check is made on the path as the browser will resolve it: "/.//evil.example" and
 * "/%2e%2e//evil.example" normalise to "//evil.example", a link to another site, and are refused.
 * The answer is its own normal form: safeRedirect(safeRedirect(x)) === safeRedirect(x).
 */
export function safeRedirect(to: FormDataEntryValue | string | null | undefined, fallback = "/"): string {
  if (typeof to !== "string" || !to.startsWith("/") || UNSAFE_CHARACTERS.test(to)) return fallback;
  let url: URL;
  try {
    url = new URL(to, BASE);
  } catch {
    return fallback;
  }
  if (url.origin !== BASE || !isSitePath(url.pathname)) return fallback;
  return url.pathname + url.search + url.hash;
}

/** A normalised pathname that stays on this site, even if something down the line decodes it once more. */
function isSitePath(pathname: string): boolean {
  // "//host/…" in a Location header is a protocol-relative address: another site.
  if (pathname.startsWith("//")) return false;
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return false;
  }
  // "/%2F%2Fevil.example", "/%5Cevil.example", "/%09/evil.example": no page of ours looks like that.
  return !decoded.startsWith("//") && !CONTROL_OR_BACKSLASH.test(decoded);
}

/** The path and query of a request, as a redirectTo value. */
export function pathOf(request: Request): string {
  const url = new URL(request.url);
  return url.pathname + url.search;
}
