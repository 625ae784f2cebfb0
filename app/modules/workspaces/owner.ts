import { AppError } from "~/modules/errors/app-error";
import { can, LEAST_ROLE, type Capability, type WorkspaceRole } from "./roles";

/**
 * A user's personal workspace, made with the account, has the user's own id (decision 82): a bare
 * user id as an ActorRef means that workspace.
 */
export function personalWorkspaceId(userId: string): string {
  return userId;
}

/**
 * Who acts, and where: the user (a post's author, a channel's connector), the workspace what they
 * make is filed in and what they read comes from, and their role there (what they may do).
 */
export interface Actor {
  userId: string;
  workspaceId: string;
  role: WorkspaceRole;
}

/** An actor, or a user id alone: that user in their personal workspace, its owner (jobs, tests). */
export type ActorRef = Actor | string;

export function asActor(ref: ActorRef): Actor {
  return typeof ref === "string" ? { userId: ref, workspaceId: personalWorkspaceId(ref), role: "owner" } : ref;
}

/** The user and workspace of an actor, as a row's owner columns (a where clause, a row's data). */
export function ownerKey(ref: ActorRef): { userId: string; workspaceId: string } {
  const { userId, workspaceId } = asActor(ref);
  return { userId, workspaceId };
}

/** The actor, if their role allows `capability`; else a 403 that says which role it needs. */
export function requireCan(ref: ActorRef, capability: Capability): Actor {
  const actor = asActor(ref);
  if (!can(actor.role, capability)) throw roleTooLow(capability);
  return actor;
}

function roleTooLow(capability: Capability): AppError {
  return new AppError("forbidden", `workspaces.errors.needs.${LEAST_ROLE[capability]}`);
}

/** Someone acting, and the time zone they read and type times in (theirs). */
export interface Acting {
  actor: ActorRef;
  timezone: string;
}

/** The actor of a signed-in request: its user in its current workspace, with their role there. */
export function actorOf(member: { user: { id: string }; workspace: { id: string; role: WorkspaceRole } }): Actor {
  return { userId: member.user.id, workspaceId: member.workspace.id, role: member.workspace.role };
}
