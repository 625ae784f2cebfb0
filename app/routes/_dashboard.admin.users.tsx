import type { LoaderFunctionArgs } from "@remix-run/node";
import { PlannedContent } from "~/components/planned-content";
import { requireAdmin } from "~/modules/auth/guards.server";
import type { RouteHandle } from "~/utils/page-title";

export const handle: RouteHandle = { title: "nav.userManagement" };

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  return null;
}

export default function Page() {
  return <PlannedContent page="adminUsers" />;
}
