import type { LoaderFunctionArgs } from "@remix-run/node";
import { ErrorPage } from "~/components/error-page";
import type { RouteHandle } from "~/utils/page-title";

export const handle: RouteHandle = { title: "errors.notFoundTitle" };

/** Any path no route claims: a real 404 ('Page not found: {path}'), inside the site's frame. */
export async function loader({ request }: LoaderFunctionArgs) {
  throw new Response(`Page not found: ${new URL(request.url).pathname}`, { status: 404 });
}

export default function NotFound() {
  return <ErrorPage />;
}

export function ErrorBoundary() {
  return <ErrorPage />;
}
