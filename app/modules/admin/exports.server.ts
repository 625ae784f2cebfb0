import { NETWORK_IDS } from "~/core/platforms/platforms";
import { getDb } from "~/modules/db/db.server";
import type { CsvValue } from "./csv";
import { adminUserSelect, toAdminUserView } from "./users.server";

const BATCH = 500;

/** One column per network after "posts" (linkedin and twitter first, as before; a new network adds its column after them). */
export const USERS_CSV_HEADER = ["id", "email", "role", "admin_source", "verified", "plan", "posts", ...NETWORK_IDS, "created_at", "updated_at"];
export const WAITLIST_CSV_HEADER = ["id", "full_name", "email", "locale", "created_at"];

/** Every account, a batch at a time (keyset paging on id: stable while rows are added). */
export async function* userCsvBatches(): AsyncGenerator<CsvValue[][]> {
  let after: string | undefined;
  for (;;) {
    const rows = await getDb().user.findMany({
      select: adminUserSelect,
      orderBy: { id: "asc" },
      take: BATCH,
      ...(after ? { cursor: { id: after }, skip: 1 } : {}),
    });
    if (rows.length === 0) return;
    yield rows
      .map(toAdminUserView)
      .map((u) => [
        u.id,
        u.email,
        u.role,
        u.adminSource ?? "",
        u.verified,
        u.plan,
        u.postCount,
        ...NETWORK_IDS.map((network) => u.connections[network]),
        u.createdAt,
        u.updatedAt,
      ]);
    if (rows.length < BATCH) return;
    after = rows[rows.length - 1]!.id;
  }
}

/** Every waitlist entry, a batch at a time (keyset paging on id). */
export async function* waitlistCsvBatches(): AsyncGenerator<CsvValue[][]> {
  let after: string | undefined;
  for (;;) {
    const rows = await getDb().waitlistEntry.findMany({
      orderBy: { id: "asc" },
      take: BATCH,
      ...(after ? { cursor: { id: after }, skip: 1 } : {}),
    });
    if (rows.length === 0) return;
    yield rows.map((e) => [e.id, e.fullName, e.email, e.locale, e.createdAt]);
    if (rows.length < BATCH) return;
    after = rows[rows.length - 1]!.id;
  }
}
