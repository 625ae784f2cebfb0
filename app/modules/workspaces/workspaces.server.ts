import { getDb } from "~/modules/db/db.server";
import { rawBoolean, rawNumber } from "~/modules/db/raw-values";
import { inTransaction, lockRow } from "~/modules/db/transaction.server";
import { AppError } from "~/modules/errors/app-error";
import { membershipOf } from "./membership.server";
import { isWorkspaceRole, roleAtLeast, type WorkspaceRole } from "./roles";

/** A workspace as the API and the switcher show it to one of its members. */
export interface WorkspaceView {
  id: string;
  name: string;
  role: WorkspaceRole;
  personal: boolean;
  approvalRequired: boolean;
  memberCount: number;
}

/** How many shared workspaces one user may own (the personal one aside): a bound, not a plan. */
export const MAX_OWNED_WORKSPACES = 50;

/**
 * Makes a shared workspace with its maker as the owner. The count is checked and the row written
 * under the user's row lock, so parallel requests never pass the bound.
 */
export async function createWorkspace(userId: string, name: string): Promise<WorkspaceView> {
  const workspace = await inTransaction(async (tx) => {
    await lockRow(tx, "User", userId);
    const owned = await tx.workspaceMember.count({ where: { userId, role: "owner", workspace: { personalOfId: null } } });
    if (owned >= MAX_OWNED_WORKSPACES) throw new AppError("workspace_limit_reached", "workspaces.errors.limit", { values: { max: MAX_OWNED_WORKSPACES } });
    return tx.workspace.create({
      data: { name, members: { create: { userId, role: "owner" } } },
      select: { id: true, name: true, approvalRequired: true },
    });
  });
  return { ...workspace, role: "owner", personal: false, memberCount: 1 };
}

/** The workspaces the user is a member of: the personal one first, then by name. */
export async function listWorkspaces(userId: string): Promise<WorkspaceView[]> {
  const rows = await getDb().$queryRaw<
    { id: string; name: string; role: string; personalOfId: string | null; approvalRequired: boolean | number | bigint; memberCount: number | bigint }[]
  >`
    SELECT "Workspace"."id", "Workspace"."name", "Mine"."role", "Workspace"."personalOfId", "Workspace"."approvalRequired",
      (SELECT COUNT(*) FROM "WorkspaceMember" WHERE "WorkspaceMember"."workspaceId" = "Workspace"."id") AS "memberCount"
    FROM "WorkspaceMember" AS "Mine" JOIN "Workspace" ON "Workspace"."id" = "Mine"."workspaceId"
    WHERE "Mine"."userId" = ${userId}
    ORDER BY CASE WHEN "Workspace"."personalOfId" IS NULL THEN 1 ELSE 0 END, "Workspace"."name", "Workspace"."id"`;
  return rows.flatMap((row) =>
    isWorkspaceRole(row.role)
      ? [
          {
            id: row.id,
            name: row.name,
            role: row.role,
            personal: row.personalOfId !== null,
            approvalRequired: rawBoolean(row.approvalRequired),
            memberCount: rawNumber(row.memberCount),
          },
        ]
      : [],
  );
}

/**
 * Renames a shared workspace or turns its approval on or off: its admins and owner only (403 for another
 * member; a personal workspace keeps its name, 409), and a workspace the user is not a member of is a 404, as if it did not exist.
 */
export async function updateWorkspace(userId: string, workspaceId: string, changes: { name?: string; approvalRequired?: boolean }): Promise<WorkspaceView> {
  const membership = await membershipOf(userId, workspaceId);
  if (!membership) throw new AppError("not_found", "workspaces.errors.notFound");
  if (!roleAtLeast(membership.role, "admin")) throw new AppError("forbidden", "workspaces.errors.adminOnly");
  // The app names a personal workspace in its reader's language; a name of its own would never show.
  if (membership.personal && changes.name !== undefined) throw new AppError("personal_workspace", "workspaces.errors.personalName");
  await getDb().workspace.update({ where: { id: workspaceId }, data: changes });
  return getWorkspace(userId, workspaceId);
}

/** One of the user's workspaces as they see it; a 404 when they are not a member (or it does not exist). */
export async function getWorkspace(userId: string, workspaceId: string): Promise<WorkspaceView> {
  const view = (await listWorkspaces(userId)).find((workspace) => workspace.id === workspaceId);
  if (!view) throw new AppError("not_found", "workspaces.errors.notFound");
  return view;
}
