import { data, type LoaderFunctionArgs } from "@remix-run/node";
import type { z } from "zod";
import { getParams } from "./params.server";
import { isAppError } from "~/modules/errors/app-error";

/**
 * For loaders: an expected failure (not found, conflict…) becomes an HTTP answer the error page
 * shows with its status; anything else stays a bug (500).
 */
export function rethrowAsResponse(error: unknown): never {
  if (isAppError(error)) throw data({ reason: error.code }, { status: error.status });
  throw error;
}

/** For loaders: the page does not exist (the error page says 'Page not found: {path}' with a real 404). */
export function notFoundPage(): never {
  throw data({ reason: "not_found" }, { status: 404 });
}

/** getParams for page loaders and actions: params the schema refuses are the error page's 404. */
export function getPageParams<S extends z.ZodType>(params: LoaderFunctionArgs["params"], schema: S): z.infer<S> {
  try {
    return getParams(params, schema);
  } catch (error) {
    rethrowAsResponse(error);
  }
}
