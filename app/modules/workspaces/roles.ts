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

/**
 * What a member may do in a workspace, and the least role that may (docs/decisions/0084): read
 * anything; write drafts (their text, images, AI); publish (schedule, queue, publish, retry, the
 * posting times, CSV import, approve); manage the workspace (channels, webhooks, members,
 * settings); own it (delete it, make admins).
 */
export const LEAST_ROLE = {
  read: "viewer",
  write: "writer",
  publish: "editor",
  manage: "admin",
  own: "owner",
} as const satisfies Record<string, WorkspaceRole>;

export type Capability = keyof typeof LEAST_ROLE;

export function can(role: WorkspaceRole, capability: Capability): boolean {
  return roleAtLeast(role, LEAST_ROLE[capability]);
}
