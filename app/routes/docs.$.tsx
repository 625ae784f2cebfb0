import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { ArrowLeft, ArrowRight } from "lucide-react";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import { Markdown } from "~/components/marketing/markdown";
import { docNeighbours, getContent } from "~/modules/content/content.server";
import { getPageParams } from "~/modules/http/route-errors.server";
import { getLocale } from "~/modules/i18n/i18n.server";
import type { RouteHandle } from "~/utils/page-title";
import { routeSeoMeta } from "~/utils/seo";
import { notFoundPage } from "~/modules/http/route-errors.server";

const docParams = z.object({ "*": z.string().default("") });

export const handle: RouteHandle = { title: (_t, data) => (data as { doc?: { title: string } } | undefined)?.doc?.title ?? "" };

export async function loader({ params, request }: LoaderFunctionArgs) {
  const locale = await getLocale(request);
  const { "*": splat } = getPageParams(params, docParams);
  const path = `/docs/${splat}`.replace(/\/+$/, "");
  const doc = getContent(locale).docs.find((d) => d.path === path);
  if (!doc) notFoundPage();
  return {
    doc: { title: doc.title, description: doc.description, html: doc.body.html, toc: doc.body.toc },
    neighbours: docNeighbours(locale, doc.path),
    seo: { title: doc.seo.title ?? doc.title, description: doc.seo.description ?? doc.description, path: doc.path },
  };
}

export const meta: MetaFunction<typeof loader> = routeSeoMeta;

export default function DocPage() {
  const { t } = useTranslation();
  const { doc, neighbours } = useLoaderData<typeof loader>();
  return (
    <div className="grid gap-10 xl:grid-cols-[1fr_14rem]">
      <article className="min-w-0">
        <header className="mb-8 flex flex-col gap-3 border-b pb-6">
          <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{doc.title}</h1>
          <p className="text-lg text-muted-foreground">{doc.description}</p>
        </header>
        <Markdown html={doc.html} />
        <nav aria-label={t("docs.pager")} className="mt-14 grid gap-4 border-t pt-8 sm:grid-cols-2">
          {neighbours.previous ? (
            <Link to={neighbours.previous.path} className="flex flex-col gap-1 rounded-xl border p-4 hover:border-primary" rel="prev">
              <span className="flex items-center gap-1 text-xs text-muted-foreground">
                <ArrowLeft aria-hidden className="size-3.5" />
                {t("docs.previous")}
              </span>
              <span className="font-medium">{neighbours.previous.title}</span>
            </Link>
          ) : (
            <span />
          )}
          {neighbours.next ? (
            <Link to={neighbours.next.path} className="flex flex-col items-end gap-1 rounded-xl border p-4 text-right hover:border-primary" rel="next">
              <span className="flex items-center gap-1 text-xs text-muted-foreground">
                {t("docs.next")}
                <ArrowRight aria-hidden className="size-3.5" />
              </span>
              <span className="font-medium">{neighbours.next.title}</span>
            </Link>
          ) : null}
        </nav>
      </article>
      {doc.toc.length ? (
        <aside className="hidden xl:block">
          <nav aria-label={t("docs.onThisPage")} className="sticky top-24 flex flex-col gap-2 text-sm">
            <p className="text-xs font-semibold tracking-wide text-muted-foreground uppercase">{t("docs.onThisPage")}</p>
            <ul className="flex flex-col gap-1.5">
              {doc.toc.map((entry) => (
                <li key={entry.id} className={entry.depth === 3 ? "pl-3" : undefined}>
                  <a href={`#${entry.id}`} className="text-muted-foreground hover:text-foreground">
                    {entry.text}
                  </a>
                </li>
              ))}
            </ul>
          </nav>
        </aside>
      ) : null}
    </div>
  );
}
