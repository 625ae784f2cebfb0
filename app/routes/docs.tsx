import type { LoaderFunctionArgs } from "@remix-run/node";
import { NavLink, Outlet, useRouteLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ErrorPage } from "~/components/error-page";
import { DocsShell } from "~/components/layout/shells";
import { getContent } from "~/modules/content/content.server";
import { getLocale } from "~/modules/i18n/i18n.server";
import { cn } from "~/utils/cn";

export async function loader({ request }: LoaderFunctionArgs) {
  return { nav: getContent(await getLocale(request)).docsNav };
}

/** The documentation tree from content/<locale>/docs: top-level pages, then one group per folder. */
function DocsSidebar() {
  const { t } = useTranslation();
  const nav = useRouteLoaderData<typeof loader>("routes/docs")?.nav ?? [];
  return (
    <nav aria-label={t("docs.navigation")} className="flex flex-col gap-6 text-sm">
      {nav.map((group) => (
        <div key={group.title || "root"} className="flex flex-col gap-1">
          <p className="px-3 text-xs font-semibold tracking-wide text-muted-foreground uppercase">{group.title || t("docs.title")}</p>
          <ul className="flex flex-col gap-0.5">
            {group.items.map((item) => (
              <li key={item.path}>
                <NavLink
                  to={item.path}
                  // Exact: /docs/api is not also the current page on /docs/api/automate.
                  end
                  prefetch="intent"
                  className={({ isActive }) =>
                    cn(
                      "block rounded-md px-3 py-1.5 text-muted-foreground hover:bg-muted hover:text-foreground",
                      isActive && "bg-accent font-medium text-accent-foreground",
                    )
                  }
                >
                  {item.title}
                </NavLink>
              </li>
            ))}
          </ul>
        </div>
      ))}
    </nav>
  );
}

export default function DocsLayout() {
  return (
    <DocsShell sidebar={<DocsSidebar />}>
      <Outlet />
    </DocsShell>
  );
}

export function ErrorBoundary() {
  return (
    <DocsShell sidebar={<DocsSidebar />}>
      <ErrorPage />
    </DocsShell>
  );
}
