import { ErrorPage } from "~/components/error-page";
import type { RouteHandle } from "~/utils/page-title";
import { notFoundPage } from "~/modules/http/route-errors.server";

export const handle: RouteHandle = { title: "errors.notFoundTitle" };

/** Any path no route claims: a real 404 ('Page not found: {path}'), inside the site's frame. */
export function loader(): never {
  notFoundPage();
}

export default function NotFound() {
  return <ErrorPage />;
}

export function ErrorBoundary() {
  return <ErrorPage />;
}
