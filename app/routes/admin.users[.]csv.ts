import type { LoaderFunctionArgs } from "@remix-run/node";
import { csvResponse } from "~/modules/admin/csv";
import { USERS_CSV_HEADER, userCsvBatches } from "~/modules/admin/exports.server";
import { requireAdmin } from "~/modules/auth/guards.server";

/** /admin/users.csv: every account, streamed. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  return csvResponse(`plume-users-${new Date().toISOString().slice(0, 10)}.csv`, USERS_CSV_HEADER, userCsvBatches());
}
