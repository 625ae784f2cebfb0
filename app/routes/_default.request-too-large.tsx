import { data, type LoaderFunctionArgs } from "@remix-run/node";
import { ErrorPage } from "~/components/error-page";
import type { RouteHandle } from "~/utils/page-title";

export const handle: RouteHandle = { title: "errors.tooLargeTitle" };

const REASONS: Record<string, string> = { upload: "upload_too_large", import: "import_too_large", fields: "too_many_fields", json: "json_too_complex" };

/**
 * Where the web server sends a page's request whose body is over its limits (server/body-limit.ts):
 * a 413 inside the site's frame, or, for a form sent by the browser's JavaScript, an error its
 * page shows. Nothing was read, so nothing was saved.
 */
function refuse({ request }: LoaderFunctionArgs): never {
  const kind = new URL(request.url).searchParams.get("kind") ?? "";
  throw data({ reason: REASONS[kind] ?? "payload_too_large" }, { status: 413 });
}

export const loader = refuse;
export const action = refuse;

export default function RequestTooLarge() {
  return <ErrorPage />;
}

export function ErrorBoundary() {
  return <ErrorPage />;
}
