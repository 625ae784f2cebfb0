import { getDb, raw } from "~/modules/db/db.server";
import { workspaceFromRow, type CurrentWorkspace, type WorkspaceRow } from "./current";

// How a raw read that knows a user joins in one of their workspaces, with their role there: the
// session's and a token's reads do it in their own statement (one statement a request).

/** The columns workspaceFromRow reads. */
export const WORKSPACE_COLUMNS = raw(
  `"Workspace"."id" AS "workspaceId", "Workspace"."name" AS "workspaceName", "Workspace"."personalOfId" AS "workspacePersonalOfId",
  "Workspace"."approvalRequired" AS "workspaceApprovalRequired", "WorkspaceMember"."role" AS "workspaceRole"`,
);

/** Joins the membership of the user `userColumn` in the workspace `workspaceExpression` (both SQL expressions of the query). */
export function joinMembership(userColumn: string, workspaceExpression: string) {
  return raw(
    `LEFT JOIN "WorkspaceMember" ON "WorkspaceMember"."userId" = ${userColumn} AND "WorkspaceMember"."workspaceId" = ${workspaceExpression}
    LEFT JOIN "Workspace" ON "Workspace"."id" = "WorkspaceMember"."workspaceId"`,
  );
}

/** The user's membership of a workspace, or null when they are not a member (or it does not exist). */
export async function membershipOf(userId: string, workspaceId: string): Promise<CurrentWorkspace | null> {
  const [row] = await getDb().$queryRaw<WorkspaceRow[]>`
    SELECT ${WORKSPACE_COLUMNS}
    FROM "WorkspaceMember" JOIN "Workspace" ON "Workspace"."id" = "WorkspaceMember"."workspaceId"
    WHERE "WorkspaceMember"."userId" = ${userId} AND "WorkspaceMember"."workspaceId" = ${workspaceId}`;
  return row ? workspaceFromRow(row) : null;
}

/** The user's personal workspace (made with the user, never deleted while they exist). */
export async function personalWorkspace(userId: string): Promise<CurrentWorkspace> {
  const workspace = await membershipOf(userId, userId);
  if (!workspace) throw new Error(`User ${userId} has no personal workspace`);
  return workspace;
}

/**
 * Makes `workspaceId` the session's current workspace, if the user is a member there (else
 * nothing changes and the answer is null: the caller says "not found").
 */
export async function chooseWorkspace(sessionId: string, userId: string, workspaceId: string): Promise<CurrentWorkspace | null> {
  const workspace = await membershipOf(userId, workspaceId);
  if (!workspace) return null;
  await getDb().session.updateMany({ where: { id: sessionId, userId }, data: { workspaceId: workspace.personal ? null : workspace.id } });
  return workspace;
}
