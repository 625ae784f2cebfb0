import type { getDb } from "~/modules/db/db.server";
import type { Tx } from "~/modules/db/transaction.server";

/**
 * The time zone a workspace's queue slots are in: its owner's (a personal workspace's is its
 * user's), whichever member reads or fills the queue, so that "09:00" means one instant for all.
 */
export async function queueZone(db: Tx | ReturnType<typeof getDb>, workspaceId: string): Promise<string> {
  const owner = await db.workspaceMember.findFirst({ where: { workspaceId, role: "owner" }, select: { user: { select: { timezone: true } } } });
  return owner?.user.timezone ?? "UTC";
}
