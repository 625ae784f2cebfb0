import { Outlet } from "@remix-run/react";
import { ErrorPage } from "~/components/error-page";
import { DefaultShell } from "~/components/layout/shells";

export default function DefaultLayout() {
  return (
    <DefaultShell>
      <Outlet />
    </DefaultShell>
  );
}

export function ErrorBoundary() {
  return (
    <DefaultShell>
      <ErrorPage />
    </DefaultShell>
  );
}
