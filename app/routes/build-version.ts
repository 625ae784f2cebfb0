import type { LoaderFunctionArgs } from "@remix-run/node";

/**
 * The running build's id, which pages compare with the one they were loaded with to offer a
 * reload after a deployment (app/utils/new-build.ts). null in development.
 */
export function loader({ context }: LoaderFunctionArgs) {
  return Response.json({ version: context.buildVersion ?? null }, { headers: { "Cache-Control": "no-store" } });
}
