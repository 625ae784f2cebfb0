import type { NextFunction, Request, Response } from "express";

// Some addresses cannot be routed: "/%09/" decodes to "/\t/", which URL parsing reads as "//" (it
// drops tabs and line breaks and takes "\" for "/"), so the router throws "Invalid URL" while
// rendering, a 500; and "/a%ZZ" cannot be decoded at all (Express's bare 400). No route of ours
// holds a control character or a backslash, so such an address is escaped once more: the app then
// sees it literally, matches nothing and answers its normal 404 (the page, or the API's JSON).

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

/** First of all middleware: what follows (Express's router, the static files, the app) sees a routable address. */
export function routableUrls(req: Request, _res: Response, next: NextFunction) {
  const queryAt = req.url.indexOf("?");
  const path = queryAt === -1 ? req.url : req.url.slice(0, queryAt);
  const routable = routablePath(path);
  if (routable !== path) {
    req.url = routable + req.url.slice(path.length);
    req.originalUrl = req.url;
  }
  next();
}
