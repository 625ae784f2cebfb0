import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ScalarReference } from "~/components/docs/scalar-reference";
import { Markdown } from "~/components/marketing/markdown";
import { referenceOperations, referenceScriptUrl } from "~/modules/api/reference.server";
import { getContent } from "~/modules/content/content.server";
import { notFoundPage } from "~/modules/http/route-errors.server";
import { getLocale } from "~/modules/i18n/i18n.server";
import type { RouteHandle } from "~/utils/page-title";
import { routeSeoMeta } from "~/utils/seo";

// /docs/api: the API reference (docs/decisions/0077). Title and introduction from
// content/<locale>/docs/api/index.md; every operation listed from the served OpenAPI document, which
// Scalar then renders in full when JavaScript runs.

const OPENAPI_URL = "/api/openapi.json";

export const handle: RouteHandle = { title: (_t, data) => (data as { doc?: { title: string } } | undefined)?.doc?.title ?? "" };

export async function loader({ request }: LoaderFunctionArgs) {
  const locale = await getLocale(request);
  const doc = getContent(locale).docs.find((d) => d.path === "/docs/api");
  if (!doc) notFoundPage();
  return {
    doc: { title: doc.title, description: doc.description, html: doc.body.html },
    groups: referenceOperations(),
    scriptUrl: referenceScriptUrl(),
    seo: { title: doc.seo.title ?? doc.title, description: doc.seo.description ?? doc.description, path: doc.path },
  };
}

export const meta: MetaFunction<typeof loader> = routeSeoMeta;

const METHOD_COLOURS: Record<string, string> = {
  GET: "text-success",
  POST: "text-primary",
  PUT: "text-warning",
  PATCH: "text-warning",
  DELETE: "text-error",
};

export default function ApiReferencePage() {
  const { t } = useTranslation();
  const { doc, groups, scriptUrl } = useLoaderData<typeof loader>();
  const list = (
    <section aria-labelledby="operations" className="flex flex-col gap-8" data-testid="operation-list">
      <h2 id="operations" className="text-2xl font-semibold tracking-tight">
        {t("docs.apiReference.operations")}
      </h2>
      {groups.map((group) => (
        <div key={group.tag} className="flex flex-col gap-3">
          <h3 className="text-lg font-semibold">{group.tag}</h3>
          <ul className="flex flex-col divide-y rounded-xl border">
            {group.operations.map((operation) => (
              <li
                key={operation.operationId}
                className="flex flex-col gap-1 px-4 py-3 sm:flex-row sm:items-baseline sm:gap-4"
                data-operation={`${operation.method} ${operation.path}`}
              >
                <code className="flex min-w-0 gap-2 text-sm break-all">
                  <span className={`w-14 shrink-0 font-semibold ${METHOD_COLOURS[operation.method] ?? ""}`}>{operation.method}</span>
                  <span>{operation.path}</span>
                </code>
                <span className="text-sm text-muted-foreground sm:ml-auto sm:text-right">{operation.summary}</span>
              </li>
            ))}
          </ul>
        </div>
      ))}
    </section>
  );
  return (
    <article className="min-w-0">
      <header className="mb-8 flex flex-col gap-3 border-b pb-6">
        <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{doc.title}</h1>
        <p className="text-lg text-muted-foreground">{doc.description}</p>
      </header>
      <Markdown html={doc.html} />
      <p className="mt-4 mb-10">
        <a href={OPENAPI_URL} className="font-medium text-primary underline-offset-4 hover:underline" data-testid="openapi-link">
          {t("docs.apiReference.openapi")}
        </a>
      </p>
      <ScalarReference scriptUrl={scriptUrl} openApiUrl={OPENAPI_URL} label={t("docs.apiReference.interactive")} fallback={list} />
    </article>
  );
}
