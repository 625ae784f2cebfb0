import type { LoaderFunctionArgs } from "@remix-run/node";
import { PlannedPage } from "~/components/planned-content";
import { requireAdmin } from "~/modules/auth/guards.server";
import type { RouteHandle } from "~/utils/page-title";

export const handle: RouteHandle = { title: "pages.debugPosthog" };

// A diagnostics page: administrators only (docs/decisions/0004-admin-only-debug-page.md).
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  return null;
}

export default function Page() {
  return <PlannedPage page="debugPosthog" title="pages.debugPosthog" />;
}
