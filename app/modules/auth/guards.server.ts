import { data, redirect } from "@remix-run/node";
import { pathOf } from "~/modules/http/redirect";
import type { CurrentWorkspace } from "~/modules/workspaces/current";
import { actorOf, type Actor } from "~/modules/workspaces/owner";
import { can, type Capability } from "~/modules/workspaces/roles";
import { clearSessionCookie, getSessionState, type AuthUser } from "./session.server";

export const HOME_AFTER_SIGN_IN = "/posts";

export async function getOptionalUser(request: Request): Promise<AuthUser | null> {
  return (await getOptionalMember(request))?.user ?? null;
}

/** The signed-in user and their current workspace, or null for a visitor (pages open to both). */
export async function getOptionalMember(request: Request): Promise<Member | null> {
  const state = await getSessionState(request);
  return state.status === "valid" ? memberOf(state) : null;
}

/**
 * The signed-in user, or a redirect to sign in that comes back here. A session that has gone
 * (expired or revoked) is ended on the way: its cookie is cleared.
 */
export async function requireUser(request: Request): Promise<AuthUser> {
  return (await requireMember(request)).user;
}

/** A signed-in request's user, its session, and the workspace it acts in with the user's role there. */
export interface Member {
  user: AuthUser;
  sessionId: string;
  workspace: CurrentWorkspace;
  /** The user in that workspace, as the modules take them. */
  actor: Actor;
}

function memberOf(state: { user: AuthUser; sessionId: string; workspace: CurrentWorkspace }): Member {
  return { user: state.user, sessionId: state.sessionId, workspace: state.workspace, actor: actorOf(state) };
}

/**
 * As requireUser, with the session's id (to keep it when revoking the others) and the current
 * workspace (the one chosen in the app, else the personal one). With `capability`, a 403 unless the
 * user's role there allows it.
 */
export async function requireMember(request: Request, capability?: Capability): Promise<Member> {
  const state = await getSessionState(request);
  if (state.status === "valid") {
    const member = memberOf(state);
    // A page for a right the reader's role lacks is the error page's 403 (docs/decisions/0084).
    if (capability && !can(member.workspace.role, capability)) throw data({ reason: "forbidden" }, { status: 403 });
    return member;
  }
  const redirectTo = pathOf(request);
  const target = redirectTo === "/" ? "/login" : `/login?${new URLSearchParams({ redirectTo })}`;
  throw redirect(target, state.status === "invalid" ? { headers: { "Set-Cookie": await clearSessionCookie() } } : {});
}

/** Admin pages: anonymous visitors sign in first; a signed-in non-admin gets 403. */
export async function requireAdmin(request: Request): Promise<AuthUser> {
  const user = await requireUser(request);
  if (!user.isAdmin) throw data({ reason: "forbidden" }, { status: 403 });
  return user;
}

/** Sign-in and sign-up pages send a signed-in user on to the product. */
export async function requireAnonymous(request: Request): Promise<void> {
  const state = await getSessionState(request);
  if (state.status === "valid") throw redirect(HOME_AFTER_SIGN_IN);
}
