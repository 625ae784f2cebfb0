import { updatePersonFor } from "~/modules/analytics/server-events.server";
import { getDb } from "~/modules/db/db.server";
import { AppError } from "~/modules/errors/app-error";
import { logger } from "~/core/logger/logger.server";
import { isListedAdmin } from "~/modules/users/roles.server";
import { adminUserSelect, toAdminUserView, type AdminUserView } from "./users.server";

/**
 * An admin gives or takes (revokes) another account's admin rights; a promotion records who gave
 * it and when, shown in the admin table. Refused: one's own rights (an admin cannot lock
 * themselves out, nor grant themselves anything), any change to an ADMIN_EMAILS address (the
 * environment decides those, once the owner has claimed the address: decision 41), and giving
 * them to an unverified address (rights always rest on a proven address).
 */
export async function setPromotedAdmin(actorId: string, targetId: string, makeAdmin: boolean): Promise<AdminUserView> {
  const db = getDb();
  if (actorId === targetId) throw new AppError("own_role_unchangeable", "admin.users.errors.ownRole");
  const target = await db.user.findUnique({ where: { id: targetId }, select: { email: true, emailVerifiedAt: true } });
  if (!target) throw new AppError("not_found", "admin.users.errors.notFound");
  if (isListedAdmin(target.email)) {
    const key = makeAdmin ? "admin.users.errors.listedPromote" : "admin.users.errors.listedAdmin";
    throw new AppError("listed_admin", key, { values: { email: target.email } });
  }
  if (makeAdmin && !target.emailVerifiedAt) throw new AppError("account_unverified", "admin.users.errors.unverified", { values: { email: target.email } });
  const data = makeAdmin
    ? { promotedAdmin: true, promotedAt: new Date(), promotedById: actorId }
    : { promotedAdmin: false, promotedAt: null, promotedById: null };
  const row = await db.user.update({ where: { id: targetId }, data, select: adminUserSelect });
  logger.info({ actorId, targetId }, makeAdmin ? "Admin rights granted" : "Admin rights revoked");
  const view = toAdminUserView(row);
  updatePersonFor(targetId, { is_admin: view.isAdmin });
  return view;
}
