import { Outlet } from "@remix-run/react";
import { ErrorPage } from "~/components/error-page";
import { AuthShell } from "~/components/layout/shells";

export default function AuthLayout() {
  return (
    <AuthShell>
      <Outlet />
    </AuthShell>
  );
}

export function ErrorBoundary() {
  return (
    <AuthShell>
      <ErrorPage />
    </AuthShell>
  );
}
