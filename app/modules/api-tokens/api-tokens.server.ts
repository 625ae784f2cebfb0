import { randomToken, hashToken } from "~/modules/crypto/tokens.server";
import type { AuthUser } from "~/modules/auth/session.server";
import { getDb } from "~/modules/db/db.server";
import { isRecordId } from "~/modules/db/ids";
import { rawDate } from "~/modules/db/raw-values";
import { inTransaction, lockRow } from "~/modules/db/transaction.server";
import { AppError } from "~/modules/errors/app-error";
import { parseScopes, serializeScopes, tokenPrefix, TOKEN_PATTERN, type ApiScope } from "./scopes";
import { asActor, ownerKey, type ActorRef } from "~/modules/workspaces/owner";
import { workspaceFromRow, type CurrentWorkspace, type WorkspaceRow } from "~/modules/workspaces/current";
import { joinMembership, WORKSPACE_COLUMNS } from "~/modules/workspaces/membership.server";

// Personal access tokens (docs/decisions/0075): shown once, kept as a SHA-256, revoked by deleting.

/** How many tokens one user may hold: enough for every script, few enough to review. */
export const MAX_API_TOKENS = 25;

/** lastUsedAt is written at most this often per token, so a busy script does not write on every call. */
const LAST_USED_PRECISION_MS = 60_000;

export interface ApiTokenView {
  id: string;
  name: string;
  scopes: ApiScope[];
  prefix: string;
  createdAt: string;
  expiresAt: string | null;
  lastUsedAt: string | null;
}

export interface NewApiToken {
  name: string;
  scopes: readonly ApiScope[];
  /** Absent: the token never expires. */
  expiresInDays?: number;
}

const viewFields = { id: true, name: true, scopes: true, prefix: true, createdAt: true, expiresAt: true, lastUsedAt: true } as const;

function toView(row: {
  id: string;
  name: string;
  scopes: string;
  prefix: string;
  createdAt: Date;
  expiresAt: Date | null;
  lastUsedAt: Date | null;
}): ApiTokenView {
  return {
    id: row.id,
    name: row.name,
    scopes: parseScopes(row.scopes),
    prefix: row.prefix,
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt?.toISOString() ?? null,
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
  };
}

/** The user's tokens, newest first, without their secrets (which nobody has any more). */
/** The user's tokens made in the workspace (a token acts there only). */
export async function listApiTokens(by: ActorRef): Promise<ApiTokenView[]> {
  const rows = await getDb().apiToken.findMany({ where: ownerKey(by), select: viewFields, orderBy: [{ createdAt: "desc" }, { id: "desc" }] });
  return rows.map(toView);
}

/** One of the user's tokens (to confirm revoking it), or null: anyone else's is never found. */
export async function findApiToken(userId: string, tokenId: string): Promise<ApiTokenView | null> {
  if (!isRecordId(tokenId)) return null;
  const row = await getDb().apiToken.findFirst({ where: { id: tokenId, userId }, select: viewFields });
  return row ? toView(row) : null;
}

/**
 * Creates a token and answers it with its secret, the only time anyone sees it. The count is
 * checked and the row written under the user's row lock, so parallel requests never pass the limit.
 */
export async function createApiToken(by: ActorRef, input: NewApiToken, now = new Date()): Promise<ApiTokenView & { token: string }> {
  const { userId, workspaceId } = asActor(by);
  const token = `plm_${randomToken()}`;
  const expiresAt = input.expiresInDays === undefined ? null : new Date(now.getTime() + input.expiresInDays * 24 * 60 * 60 * 1000);
  const row = await inTransaction(async (tx) => {
    await lockRow(tx, "User", userId);
    const have = await tx.apiToken.count({ where: { userId } });
    if (have >= MAX_API_TOKENS) throw new AppError("api_token_limit_reached", "apiTokens.errors.limit", { values: { count: MAX_API_TOKENS } });
    return tx.apiToken.create({
      data: {
        userId,
        workspaceId,
        name: input.name,
        scopes: serializeScopes(input.scopes),
        prefix: tokenPrefix(token),
        tokenHash: hashToken(token),
        expiresAt,
        createdAt: now,
      },
      select: viewFields,
    });
  });
  return { ...toView(row), token };
}

/** Revokes one of the user's tokens at once; another user's, or a gone one, is a 404. */
export async function revokeApiToken(userId: string, tokenId: string): Promise<void> {
  const { count } = isRecordId(tokenId) ? await getDb().apiToken.deleteMany({ where: { id: tokenId, userId } }) : { count: 0 };
  if (count === 0) throw new AppError("not_found", "apiTokens.errors.notFound");
}

export interface TokenCaller {
  tokenId: string;
  prefix: string;
  scopes: ApiScope[];
  user: AuthUser;
  /** The workspace the token was made in: a token acts there only, whatever header it sends. */
  workspace: CurrentWorkspace;
}

/**
 * The token's owner and scopes, or null for a malformed, unknown, revoked or expired token. One
 * statement reads the token with its user; lastUsedAt is refreshed at most once a minute.
 */
export async function authenticateApiToken(token: string, now = new Date()): Promise<TokenCaller | null> {
  if (!TOKEN_PATTERN.test(token)) return null;
  const [row] = await getDb().$queryRaw<
    (WorkspaceRow & {
      id: string;
      prefix: string;
      scopes: string;
      expiresAt: Date | string | null;
      lastUsedAt: Date | string | null;
      userId: string;
      email: string;
      emailVerifiedAt: Date | string | null;
      locale: string;
      timezone: string;
    })[]
  >`
    SELECT "ApiToken"."id", "ApiToken"."prefix", "ApiToken"."scopes", "ApiToken"."expiresAt", "ApiToken"."lastUsedAt",
      "User"."id" AS "userId", "User"."email", "User"."emailVerifiedAt", "User"."locale", "User"."timezone", ${WORKSPACE_COLUMNS}
    FROM "ApiToken" JOIN "User" ON "User"."id" = "ApiToken"."userId"
    ${joinMembership('"User"."id"', '"ApiToken"."workspaceId"')}
    WHERE "ApiToken"."tokenHash" = ${hashToken(token)}`;
  if (!row) return null;
  // Its maker no longer in the workspace it was made in: the token opens nothing any more.
  const workspace = workspaceFromRow(row);
  if (!workspace) return null;
  const expiresAt = rawDate(row.expiresAt);
  if (expiresAt && expiresAt.getTime() <= now.getTime()) return null;
  const lastUsedAt = rawDate(row.lastUsedAt);
  if (!lastUsedAt || now.getTime() - lastUsedAt.getTime() >= LAST_USED_PRECISION_MS) {
    // Conditional: of parallel requests, one writes.
    const stale = new Date(now.getTime() - LAST_USED_PRECISION_MS);
    await getDb().apiToken.updateMany({ where: { id: row.id, OR: [{ lastUsedAt: null }, { lastUsedAt: { lte: stale } }] }, data: { lastUsedAt: now } });
  }
  return {
    tokenId: row.id,
    prefix: row.prefix,
    scopes: parseScopes(row.scopes),
    user: {
      id: row.userId,
      email: row.email,
      // A token never carries administrator rights: the admin API needs the session.
      isAdmin: false,
      emailVerified: row.emailVerifiedAt !== null,
      locale: row.locale,
      timezone: row.timezone,
    },
    workspace,
  };
}
