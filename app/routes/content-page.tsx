import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { ContentPage } from "~/components/marketing/content-page";
import { contentPageData } from "~/modules/content/page-route.server";
import { notFoundPage } from "~/modules/http/route-errors.server";
import { getLocale } from "~/modules/i18n/i18n.server";
import type { RouteHandle } from "~/utils/page-title";
import { routeSeoMeta } from "~/utils/seo";

// One module for the company and legal pages of content/<locale>/pages, mounted once per page by
// app/routes.ts (CONTENT_PAGES): the page is the first segment of the address.

export const handle: RouteHandle = { title: (_t, data) => (data as { page?: { title: string } } | undefined)?.page?.title ?? "" };

export async function loader({ request }: LoaderFunctionArgs) {
  const name = new URL(request.url).pathname.split("/").filter(Boolean)[0] ?? "";
  return contentPageData(await getLocale(request), name) ?? notFoundPage();
}

export const meta: MetaFunction<typeof loader> = routeSeoMeta;

export default function ContentPageRoute() {
  const { page } = useLoaderData<typeof loader>();
  return <ContentPage page={page} />;
}
