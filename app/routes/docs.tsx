import { Outlet } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ErrorPage } from "~/components/error-page";
import { NavLinks } from "~/components/layout/navigation";
import { DocsShell } from "~/components/layout/shells";

// The documentation tree; the pages themselves come from content/docs with the marketing site.
const docsNav = [{ to: "/docs/getting-started", labelKey: "docs.gettingStarted" }];

function DocsSidebar() {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col gap-2">
      <p className="px-3 text-xs font-semibold tracking-wide text-muted-foreground uppercase">{t("docs.title")}</p>
      <NavLinks items={docsNav} label={t("docs.navigation")} vertical />
    </div>
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
