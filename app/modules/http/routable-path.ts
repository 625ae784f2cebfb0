// Some addresses cannot be routed: "/%09/" decodes to "/\t/", which URL parsing reads as "//" (it
// drops tabs and line breaks and takes "\" for "/"), so the router throws "Invalid URL" while
// rendering, on the server and again in the browser; and "/a%ZZ" cannot be decoded at all. No
// route of ours holds a control character or a backslash, so such an address is escaped once
// more: the app then reads it literally, matches nothing and answers its normal 404.

/** Escapes that decode to a control character or a backslash. */
const UNROUTABLE_ESCAPE = /%(?:[01][0-9a-f]|7f|5c)/gi;

/** The path the app can route for a request's path (unchanged when it was already well formed). */
export function routablePath(path: string): string {
  const escaped = path.replace(/\\/g, "%5C");
  try {
    decodeURIComponent(escaped);
  } catch {
    return escaped.replace(/%/g, "%25");
  }
  return escaped.replace(UNROUTABLE_ESCAPE, (escape) => `%25${escape.slice(1)}`);
}
