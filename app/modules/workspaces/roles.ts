// A workspace's roles, from most to least (the API contract's names): owner (one per workspace,
// deletes it), admin (members, channels, settings), editor (writes, schedules, publishes,
// approves), writer (drafts and submits them for approval), viewer (reads).
export const WORKSPACE_ROLES = ["owner", "admin", "editor", "writer", "viewer"] as const;
export type WorkspaceRole = (typeof WORKSPACE_ROLES)[number];

export function isWorkspaceRole(value: unknown): value is WorkspaceRole {
  return (WORKSPACE_ROLES as readonly unknown[]).includes(value);
}

/** Whether `role` holds at least `least`'s rights (every role holds those of the roles below it). */
export function roleAtLeast(role: WorkspaceRole, least: WorkspaceRole): boolean {
  return WORKSPACE_ROLES.indexOf(role) <= WORKSPACE_ROLES.indexOf(least);
}
