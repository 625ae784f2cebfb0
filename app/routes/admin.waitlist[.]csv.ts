import type { LoaderFunctionArgs } from "@remix-run/node";
import { csvResponse } from "~/modules/admin/csv";
import { WAITLIST_CSV_HEADER, waitlistCsvBatches } from "~/modules/admin/exports.server";
import { requireAdmin } from "~/modules/auth/guards.server";

/** /admin/waitlist.csv: every waitlist entry, streamed. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  return csvResponse(`plume-waitlist-${new Date().toISOString().slice(0, 10)}.csv`, WAITLIST_CSV_HEADER, waitlistCsvBatches());
}
