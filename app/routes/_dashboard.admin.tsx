import type { LoaderFunctionArgs } from "@remix-run/node";
import { Outlet } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ErrorPage } from "~/components/error-page";
import { PageHeader } from "~/components/layout/shells";
import { NavLinks, type NavItem } from "~/components/layout/navigation";
import { requireAdmin } from "~/modules/auth/guards.server";

// The admin layout, inside the dashboard one. Every admin route's loader and action calls
// requireAdmin itself too: a layout's check does not cover its children's data requests.
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  return null;
}

const adminNav: NavItem[] = [
  { to: "/admin/users", labelKey: "nav.userManagement" },
  { to: "/admin/analytics", labelKey: "nav.analytics" },
  { to: "/admin/settings", labelKey: "setup.settings.nav" },
];

export default function AdminLayout() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t("admin.title")} description={t("admin.description")} className="mb-4" />
      <NavLinks items={adminNav} label={t("admin.nav")} className="mb-8 border-b pb-2" />
      <Outlet />
    </>
  );
}

export function ErrorBoundary() {
  return <ErrorPage />;
}
