import type { LoaderFunctionArgs } from "@remix-run/node";
import { useTranslation } from "react-i18next";
import { PlannedContent } from "~/components/planned-content";
import type { RouteHandle } from "~/utils/page-title";

const pages = new Set(["getting-started"]);

export const handle: RouteHandle = { title: "docs.gettingStarted" };

export async function loader({ params, request }: LoaderFunctionArgs) {
  if (!pages.has(params["*"] ?? "")) {
    throw new Response(`Page not found: ${new URL(request.url).pathname}`, { status: 404 });
  }
  return null;
}

export default function DocsPage() {
  const { t } = useTranslation();
  return (
    <article className="flex flex-col gap-6">
      <h1 className="text-3xl font-semibold tracking-tight">{t("docs.gettingStarted")}</h1>
      <PlannedContent page="docs" />
    </article>
  );
}
