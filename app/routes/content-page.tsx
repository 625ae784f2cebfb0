import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { ContentPage } from "~/components/marketing/content-page";
import { loadContentPage } from "~/modules/content/page-route.server";
import type { RouteHandle } from "~/utils/page-title";
import { routeSeoMeta } from "~/utils/seo";

// One module for the company and legal pages of content/<locale>/pages, mounted once per page by
// app/routes.ts (CONTENT_PAGES): the page is the first segment of the address.

export const handle: RouteHandle = { title: (_t, data) => (data as { page?: { title: string } } | undefined)?.page?.title ?? "" };

export const loader = ({ request }: LoaderFunctionArgs) => loadContentPage(request, new URL(request.url).pathname.split("/").filter(Boolean)[0] ?? "");

export const meta: MetaFunction<typeof loader> = routeSeoMeta;

export default function ContentPageRoute() {
  const { page } = useLoaderData<typeof loader>();
  return <ContentPage page={page} />;
}
