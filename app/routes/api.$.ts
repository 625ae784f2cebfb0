import type { LoaderFunctionArgs } from "@remix-run/node";
import { apiErrorResponse } from "~/modules/api/api.server";
import { AppError } from "~/modules/errors/app-error";

/** Unknown API paths answer JSON 404, never the HTML error page. */
async function notFound({ request }: LoaderFunctionArgs) {
  return apiErrorResponse(request, new AppError("not_found", "errors.apiNotFound"));
}

export const loader = notFound;
export const action = notFound;
