import { checkDatabase } from "~/modules/db/health.server";

/** 200 when the database answers, 503 otherwise. */
export async function loader() {
  const ok = await checkDatabase();
  return Response.json({ status: ok ? "ok" : "unavailable" }, { status: ok ? 200 : 503, headers: { "Cache-Control": "no-store" } });
}
