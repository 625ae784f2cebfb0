import type { LoaderFunctionArgs } from "@remix-run/node";
import { referenceScriptResponse } from "~/modules/api/reference.server";

/** GET /api-reference.js: Scalar's API reference renderer for /docs/api, served by us (docs/decisions/0077). */
export async function loader({ request }: LoaderFunctionArgs) {
  return referenceScriptResponse(request);
}
