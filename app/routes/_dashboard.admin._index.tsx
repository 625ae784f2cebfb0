import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { requireAdmin } from "~/modules/auth/guards.server";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  return redirect("/admin/users");
}

/**
 * Never shown (admins are sent on, others get the 403), but it must exist: a route without a
 * component is a resource route, whose thrown 403 would reach the browser as bare JSON instead of
 * the admin layout's error page.
 */
export default function AdminIndex() {
  return null;
}
