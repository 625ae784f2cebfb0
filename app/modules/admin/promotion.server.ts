import { updatePersonFor } from "~/modules/analytics/server-events.server";
import { getDb } from "~/modules/db/db.server";
import { AppError } from "~/modules/errors/app-error";
import { isListedAdmin } from "~/modules/users/roles.server";
import { adminUserSelect, toAdminUserView, type AdminUserView } from "./users.server";

/**
 * An admin gives or takes another account's admin rights. Refused: one's own rights (an admin
 * cannot lock themselves out, nor grant themselves anything), taking them from an ADMIN_EMAILS
 * address (the environment decides those), and giving them to an unverified address (rights
 * always rest on a proven address).
 */
export async function setPromotedAdmin(actorId: string, targetId: string, makeAdmin: boolean): Promise<AdminUserView> {
  const db = getDb();
  if (actorId === targetId) throw new AppError("own_role_unchangeable", "admin.users.errors.ownRole");
  const target = await db.user.findUnique({ where: { id: targetId }, select: { email: true, emailVerifiedAt: true } });
  if (!target) throw new AppError("not_found", "admin.users.errors.notFound");
  if (!makeAdmin && isListedAdmin(target.email)) throw new AppError("listed_admin", "admin.users.errors.listedAdmin", { values: { email: target.email } });
  if (makeAdmin && !target.emailVerifiedAt) throw new AppError("account_unverified", "admin.users.errors.unverified", { values: { email: target.email } });
  const row = await db.user.update({ where: { id: targetId }, data: { promotedAdmin: makeAdmin }, select: adminUserSelect });
  const view = toAdminUserView(row);
  updatePersonFor(targetId, { is_admin: view.isAdmin });
  return view;
}
