import type { LoaderFunctionArgs } from "@remix-run/node";
import { Outlet } from "@remix-run/react";
import { ErrorPage } from "~/components/error-page";
import { DashboardShell } from "~/components/layout/shells";
import { requireUser } from "~/modules/auth/guards.server";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request);
  return null;
}

export default function DashboardLayout() {
  return (
    <DashboardShell>
      <Outlet />
    </DashboardShell>
  );
}

export function ErrorBoundary() {
  return (
    <DashboardShell>
      <ErrorPage />
    </DashboardShell>
  );
}
