/**
 * The workspace that a user's new channels, posts, queue slots, tokens and webhooks belong to.
 * Until a user can choose another workspace, this is their personal one, which has the user's own
 * id (docs/decisions/0082). Every place that files something new into a workspace asks here, so
 * choosing a workspace later changes this one function's callers, not the writes.
 */
export function personalWorkspaceId(userId: string): string {
  return userId;
}

/** Who acts, and where: the user (a post's author, a channel's connector) and the workspace what they make is filed in and what they read comes from. */
export interface Actor {
  userId: string;
  workspaceId: string;
}

/** An actor, or a user id alone: that user in their personal workspace (jobs, tests, the pages not moved to workspaces yet). */
export type ActorRef = Actor | string;

export function asActor(ref: ActorRef): Actor {
  return typeof ref === "string" ? { userId: ref, workspaceId: personalWorkspaceId(ref) } : ref;
}

/** Someone acting, and the time zone they read and type times in (theirs). */
export interface Acting {
  actor: ActorRef;
  timezone: string;
}

/** The actor of a signed-in request: its user in its current workspace. */
export function actorOf(member: { user: { id: string }; workspace: { id: string } }): Actor {
  return { userId: member.user.id, workspaceId: member.workspace.id };
}
