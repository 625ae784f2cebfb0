import { rawBoolean } from "~/modules/db/raw-values";
import { isWorkspaceRole, type WorkspaceRole } from "./roles";

/** The workspace a request acts in, and the caller's role there. */
export interface CurrentWorkspace {
  id: string;
  /** Empty for a personal workspace: the app names it in the reader's language. */
  name: string;
  personal: boolean;
  role: WorkspaceRole;
  approvalRequired: boolean;
}

/** The workspace columns a raw read joins in (Workspace and WorkspaceMember), as each database gives them back. */
export interface WorkspaceRow {
  workspaceId: string | null;
  workspaceName: string | null;
  workspacePersonalOfId: string | null;
  workspaceApprovalRequired: boolean | number | bigint | null;
  workspaceRole: string | null;
}

/** The workspace of a joined row; null when the join found no membership (or an unknown role). */
export function workspaceFromRow(row: WorkspaceRow): CurrentWorkspace | null {
  if (row.workspaceId === null || !isWorkspaceRole(row.workspaceRole)) return null;
  return {
    id: row.workspaceId,
    name: row.workspaceName ?? "",
    personal: row.workspacePersonalOfId !== null,
    role: row.workspaceRole,
    approvalRequired: row.workspaceApprovalRequired !== null && rawBoolean(row.workspaceApprovalRequired),
  };
}
