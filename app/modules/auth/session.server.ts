import { createCookie } from "@remix-run/node";
import { currentRequestScope } from "~/core/runtime/request-scope.server";
import { isDatabaseBusy } from "~/modules/db/busy";
import { getDb, type Prisma } from "~/modules/db/db.server";
import { rawBoolean, rawDate } from "~/modules/db/raw-values";
import { baseCookieOptions } from "~/modules/http/cookie-options.server";
import { isAdmin } from "~/modules/users/roles.server";
import { hashToken, randomToken } from "~/modules/crypto/tokens.server";
import { workspaceFromRow, type CurrentWorkspace, type WorkspaceRow } from "~/modules/workspaces/current";
import { joinMembership, personalWorkspace, WORKSPACE_COLUMNS } from "~/modules/workspaces/membership.server";

export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;
const REFRESH_AFTER_MS = 24 * 60 * 60 * 1000;

export interface AuthUser {
  id: string;
  email: string;
  isAdmin: boolean;
  emailVerified: boolean;
  locale: string;
  timezone: string;
}

export type SessionState = { status: "valid"; sessionId: string; user: AuthUser; workspace: CurrentWorkspace } | { status: "none" } | { status: "invalid" };

let cookie: ReturnType<typeof createCookie> | undefined;
function sessionCookie() {
  cookie ??= createCookie("plume_session", { ...baseCookieOptions(), maxAge: SESSION_TTL_MS / 1000 });
  return cookie;
}

export interface SessionClient {
  ip?: string | null;
  userAgent?: string | null;
}

function newSession(userId: string, client: SessionClient) {
  const token = randomToken();
  const data = {
    id: hashToken(token),
    userId,
    expiresAt: new Date(Date.now() + SESSION_TTL_MS),
    ip: client.ip ?? null,
    userAgent: client.userAgent?.slice(0, 300) ?? null,
  };
  return { token, data };
}

/** Starts a session and returns the Set-Cookie header that carries it. */
export async function createSession(userId: string, client: SessionClient = {}): Promise<string> {
  const { token, data } = newSession(userId, client);
  await getDb().session.create({ data });
  return sessionCookie().serialize(token);
}

/**
 * Ends every session of the user, the current one included, and starts a new one: in one
 * transaction with `alongWith` (the change that calls for it, such as a new password). A cookie
 * copied before the change opens nothing afterwards. Returns the new session's Set-Cookie.
 */
export async function replaceSessions(userId: string, client: SessionClient, alongWith: Prisma.PrismaPromise<unknown>[] = []): Promise<string> {
  const db = getDb();
  const { token, data } = newSession(userId, client);
  await db.$transaction([...alongWith, db.session.deleteMany({ where: { userId } }), db.session.create({ data })]);
  return sessionCookie().serialize(token);
}

export async function clearSessionCookie(): Promise<string> {
  return sessionCookie().serialize("", { maxAge: 0, expires: new Date(0) });
}

async function readToken(request: Request): Promise<string | null> {
  const value: unknown = await sessionCookie().parse(request.headers.get("Cookie"));
  return typeof value === "string" && value.length > 0 ? value : null;
}

/** Whether the request carries a session cookie at all (valid or not). */
export function hasSessionCookie(request: Request): boolean {
  return /(?:^|;\s*)plume_session=/.test(request.headers.get("Cookie") ?? "");
}

// Loaders of one request share the answer instead of asking the database again: each gets its own
// copy of the Request, so the key is the request's scope when there is one.
const perRequest = new WeakMap<object, Promise<SessionState>>();

export function getSessionState(request: Request): Promise<SessionState> {
  const key = currentRequestScope() ?? request;
  let state = perRequest.get(key);
  if (!state) {
    state = loadSessionState(request);
    perRequest.set(key, state);
  }
  return state;
}

/**
 * A session, its user and the workspace chosen in it (the personal one unless another was chosen)
 * with the user's role there, in one statement: every signed-in request starts here (Prisma's
 * `include` makes it several statements and costs about four times as much).
 */
async function readSession(id: string) {
  const [row] = await getDb().$queryRaw<
    (WorkspaceRow & {
      expiresAt: Date | string;
      lastSeenAt: Date | string;
      userId: string;
      email: string;
      emailVerifiedAt: Date | string | null;
      passwordSetByMailAt: Date | string | null;
      promotedAdmin: boolean | number | bigint;
      locale: string;
      timezone: string;
    })[]
  >`
    SELECT "Session"."expiresAt", "Session"."lastSeenAt", "User"."id" AS "userId", "User"."email", "User"."emailVerifiedAt",
      "User"."passwordSetByMailAt", "User"."promotedAdmin", "User"."locale", "User"."timezone", ${WORKSPACE_COLUMNS}
    FROM "Session" JOIN "User" ON "User"."id" = "Session"."userId"
    ${joinMembership('"User"."id"', 'COALESCE("Session"."workspaceId", "User"."id")')}
    WHERE "Session"."id" = ${id}`;
  if (!row) return null;
  return {
    workspace: workspaceFromRow(row),
    expiresAt: rawDate(row.expiresAt),
    lastSeenAt: rawDate(row.lastSeenAt),
    user: {
      id: row.userId,
      email: row.email,
      emailVerifiedAt: rawDate(row.emailVerifiedAt),
      passwordSetByMailAt: rawDate(row.passwordSetByMailAt),
      promotedAdmin: rawBoolean(row.promotedAdmin),
      locale: row.locale,
      timezone: row.timezone,
    },
  };
}

/** Housekeeping writes a page can do without: a database locked by another process must not stop a read. */
function unlessBusy(error: unknown): void {
  if (!isDatabaseBusy(error)) throw error;
}

async function loadSessionState(request: Request): Promise<SessionState> {
  const token = await readToken(request);
  if (!token) return hasSessionCookie(request) ? { status: "invalid" } : { status: "none" };
  const db = getDb();
  const id = hashToken(token);
  const session = await readSession(id);
  const now = Date.now();
  if (!session || session.expiresAt.getTime() <= now) {
    if (session) await db.session.deleteMany({ where: { id } }).catch(unlessBusy);
    return { status: "invalid" };
  }
  if (now - session.lastSeenAt.getTime() > REFRESH_AFTER_MS) {
    // Sliding expiry, written at most once a day per session.
    await db.session
      .update({
        where: { id },
        data: { lastSeenAt: new Date(now), expiresAt: new Date(now + SESSION_TTL_MS) },
      })
      .catch(unlessBusy);
  }
  const { user } = session;
  return {
    status: "valid",
    sessionId: id,
    workspace: session.workspace ?? (await leaveChosenWorkspace(id, user.id)),
    user: {
      id: user.id,
      email: user.email,
      isAdmin: isAdmin(user),
      emailVerified: user.emailVerifiedAt !== null,
      locale: user.locale,
      timezone: user.timezone,
    },
  };
}

/**
 * The session's chosen workspace is gone, or the user is no longer a member there: access ends at
 * once, and the session is back in the personal workspace.
 */
async function leaveChosenWorkspace(sessionId: string, userId: string): Promise<CurrentWorkspace> {
  await getDb()
    .session.updateMany({ where: { id: sessionId }, data: { workspaceId: null } })
    .catch(unlessBusy);
  return personalWorkspace(userId);
}

export async function destroySession(request: Request): Promise<void> {
  const token = await readToken(request);
  if (token) await getDb().session.deleteMany({ where: { id: hashToken(token) } });
}

/** Revokes every session of a user but, optionally, the current one. */
export async function revokeSessions(userId: string, exceptSessionId?: string): Promise<number> {
  const { count } = await getDb().session.deleteMany({
    where: { userId, ...(exceptSessionId ? { id: { not: exceptSessionId } } : {}) },
  });
  return count;
}

export async function countSessions(userId: string): Promise<number> {
  return getDb().session.count({ where: { userId, expiresAt: { gt: new Date() } } });
}

/** Whether the user has a live session started from this address (one they have signed in from). */
export async function hasSessionFrom(userId: string, ip: string): Promise<boolean> {
  const session = await getDb().session.findFirst({ where: { userId, ip, expiresAt: { gt: new Date() } }, select: { id: true } });
  return session !== null;
}

/** Deletes the sessions that have expired (periodic housekeeping). */
export async function sweepExpiredSessions(now = new Date()): Promise<number> {
  const { count } = await getDb().session.deleteMany({ where: { expiresAt: { lte: now } } });
  return count;
}
