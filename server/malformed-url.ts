import type { NextFunction, Request, Response } from "express";
import { routablePath } from "../app/modules/http/routable-path";

/**
 * First of all middleware: what follows (Express's router, the static files, the app) sees an
 * address it can route; one it could not is the app's normal 404 (the page, or the API's JSON),
 * never a 500 nor Express's bare 400. The browser does the same before hydrating (entry.client.tsx).
 */
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
