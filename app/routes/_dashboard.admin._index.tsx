import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { requireAdmin } from "~/modules/auth/guards.server";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  return redirect("/admin/users");
}
