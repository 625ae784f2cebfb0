import { getDb } from "~/modules/db/db.server";
import { inTransaction, lockRow } from "~/modules/db/transaction.server";
import { AppError } from "~/modules/errors/app-error";
import { membershipOf } from "~/modules/workspaces/membership.server";
import { requireCan, type Actor } from "~/modules/workspaces/owner";
import { isWorkspaceRole, WORKSPACE_ROLES, type WorkspaceRole } from "~/modules/workspaces/roles";
import type { MemberRole } from "./schemas";

// A workspace's members (docs/decisions/0085): who they are, their roles changed, their access
// ended. Access ends at once: a session or a token reads the membership with every request.

export interface MemberView {
  userId: string;
  email: string;
  displayName: string;
  role: WorkspaceRole;
  /** ISO 8601. */
  joinedAt: string;
}

/** An account has no name of its own: its address's local part stands for it. */
export const displayNameOf = (email: string) => email.split("@")[0] ?? email;

const notFound = () => new AppError("not_found", "workspaces.members.errors.notFound");

/** The user acting in the workspace a path names: a 404 when they are not a member (or it does not exist). */
export async function actorIn(userId: string, workspaceId: string): Promise<Actor> {
  const membership = await membershipOf(userId, workspaceId);
  if (!membership) throw new AppError("not_found", "workspaces.errors.notFound");
  return { userId, workspaceId, role: membership.role };
}

/** The workspace's members, the owner first, then by role and address: for every member to read. */
export async function listMembers(by: Actor): Promise<MemberView[]> {
  const { workspaceId } = requireCan(by, "read");
  const rows = await getDb().workspaceMember.findMany({
    where: { workspaceId },
    select: { userId: true, role: true, joinedAt: true, user: { select: { email: true } } },
  });
  const order = (role: WorkspaceRole) => WORKSPACE_ROLES.indexOf(role);
  return rows
    .flatMap((row) =>
      isWorkspaceRole(row.role)
        ? [{ userId: row.userId, email: row.user.email, displayName: displayNameOf(row.user.email), role: row.role, joinedAt: row.joinedAt.toISOString() }]
        : [],
    )
    .sort((a, b) => order(a.role) - order(b.role) || a.email.localeCompare(b.email));
}

/**
 * Gives a member another role: an admin's right, but only the owner makes or unmakes admins, and
 * the owner's own role never changes here (409 owner_stays). Under the workspace's row lock, so two
 * changes at once are one after the other.
 */
export async function changeMemberRole(by: Actor, userId: string, role: MemberRole): Promise<MemberView> {
  const actor = requireCan(by, "manage");
  await inTransaction(async (tx) => {
    await lockRow(tx, "Workspace", actor.workspaceId);
    const member = await tx.workspaceMember.findUnique({ where: { workspaceId_userId: { workspaceId: actor.workspaceId, userId } } });
    if (!member) throw notFound();
    if (member.role === "owner") throw new AppError("owner_stays", "workspaces.members.errors.ownerStays");
    if ((member.role === "admin" || role === "admin") && actor.role !== "owner") throw new AppError("forbidden", "workspaces.members.errors.ownerMakesAdmins");
    await tx.workspaceMember.update({ where: { workspaceId_userId: { workspaceId: actor.workspaceId, userId } }, data: { role } });
  });
  const view = (await listMembers(actor)).find((member) => member.userId === userId);
  if (!view) throw notFound();
  return view;
}

/**
 * Ends a member's access: an admin's right (only the owner removes an admin), or anyone's for
 * themselves (leaving). The owner never goes (409): they delete the workspace instead. Their posts
 * stay in the workspace. Sessions working there fall back to their personal workspace on their
 * next request, and their tokens made there stop at once (both read the membership each time).
 */
export async function removeMember(by: Actor, userId: string): Promise<void> {
  const actor = requireCan(by, "read");
  const leaving = userId === actor.userId;
  if (!leaving) requireCan(actor, "manage");
  await inTransaction(async (tx) => {
    await lockRow(tx, "Workspace", actor.workspaceId);
    const member = await tx.workspaceMember.findUnique({ where: { workspaceId_userId: { workspaceId: actor.workspaceId, userId } } });
    if (!member) throw notFound();
    if (member.role === "owner")
      throw new AppError("owner_stays", leaving ? "workspaces.members.errors.ownerCannotLeave" : "workspaces.members.errors.ownerStays");
    if (!leaving && member.role === "admin" && actor.role !== "owner") throw new AppError("forbidden", "workspaces.members.errors.ownerMakesAdmins");
    await tx.workspaceMember.delete({ where: { workspaceId_userId: { workspaceId: actor.workspaceId, userId } } });
    await tx.session.updateMany({ where: { userId, workspaceId: actor.workspaceId }, data: { workspaceId: null } });
  });
}
