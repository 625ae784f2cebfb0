import { data } from "@remix-run/node";
import { isAppError } from "./app-error";

/**
 * For loaders: an expected failure (not found, conflict…) becomes an HTTP answer the error page
 * shows with its status; anything else stays a bug (500).
 */
export function rethrowAsResponse(error: unknown): never {
  if (isAppError(error)) throw data({ reason: error.code }, { status: error.status });
  throw error;
}
