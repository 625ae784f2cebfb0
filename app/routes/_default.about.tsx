import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { ContentPage } from "~/components/marketing/content-page";
import { loadContentPage } from "~/modules/content/page-route.server";
import type { RouteHandle } from "~/utils/page-title";
import { routeSeoMeta } from "~/utils/seo";

export const handle: RouteHandle = { title: (_t, data) => (data as { page?: { title: string } } | undefined)?.page?.title ?? "" };

export const loader = ({ request }: LoaderFunctionArgs) => loadContentPage(request, "about");

export const meta: MetaFunction<typeof loader> = routeSeoMeta;

export default function AboutPage() {
  const { page } = useLoaderData<typeof loader>();
  return <ContentPage page={page} />;
}
