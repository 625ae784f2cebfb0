import { Outlet } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { PageHeader } from "~/components/layout/shells";
import type { RouteHandle } from "~/utils/page-title";

export const handle: RouteHandle = { title: "nav.write" };

/** The create wizard's frame; each step is a child route that keeps the draft on the server. */
export default function CreateLayout() {
  const { t } = useTranslation();
  return (
    <div className="mx-auto w-full max-w-4xl">
      <PageHeader title={t("create.title")} description={t("create.description")} />
      <Outlet />
    </div>
  );
}
