import { createHash } from "node:crypto";
import { membershipOf } from "~/modules/workspaces/membership.server";
import { personalWorkspaceId, requireCan, type Actor } from "~/modules/workspaces/owner";
import { can } from "~/modules/workspaces/roles";
import { createPkcePair } from "~/integrations/networks/pkce.server";
import { getNetwork } from "~/integrations/networks/registry.server";
import { isProviderError } from "~/integrations/provider-error";
import { randomToken } from "~/modules/crypto/tokens.server";
import { seal, sign, unseal, verifySignature } from "~/modules/crypto/secrets.server";
import { getDb } from "~/modules/db/db.server";
import { getEnv } from "~/core/env/env.server";
import { AppError } from "~/modules/errors/app-error";
import { logger } from "~/core/logger/logger.server";
import { enforce, type RateLimitRule } from "~/modules/rate-limit/rate-limit.server";
import type { NetworkId, Platform } from "~/core/platforms/platforms";
import { safeRedirect } from "~/modules/http/redirect";
import { storeChannel } from "./store-channel.server";
import type { TranslationKey } from "~/modules/i18n/keys";

export const STATE_TTL_MS = 10 * 60 * 1000;
// Each start stores a state row: counted per user over a state's lifetime, so a user (or a script
// with their cookie) holds a bounded number of live states, never an unbounded pile.
export const connectStartsPerUser: RateLimitRule = { limit: 20, windowMs: STATE_TTL_MS };

export function isProviderConfigured(provider: Platform): boolean {
  return getNetwork(provider).oauth.configured();
}

export function callbackUrl(provider: Platform): string {
  return `${getEnv().APP_URL}/auth/callback/${provider}`;
}

export const connectFailed = (provider: Platform) => new AppError("connect_failed", `connections.errors.connectFailed.${provider}`);

/**
 * What a failed consent round trip says: 'Failed to update <network> connection' when the user
 * already had one (a reconnect: the old connection is kept as it was), 'Failed to connect
 * <network>' when there was none.
 */
export function connectFailureKey(provider: Platform, update: boolean): TranslationKey {
  return update ? `connections.errors.updateFailed.${provider}` : `connections.errors.connectFailed.${provider}`;
}

function stateId(nonce: string): string {
  return createHash("sha256").update(nonce).digest("hex");
}

/** A new OAuth state for this session: what the provider carries (`state`) and the row's id. */
export function newOAuthState(sessionId: string): { state: string; id: string } {
  const nonce = randomToken();
  return { state: `${nonce}.${sign(`${nonce}.${sessionId}`)}`, id: stateId(nonce) };
}

/**
 * The provider's consent page for this user: a signed, single-use state tied to the session, valid
 * ten minutes, remembering where to come back to (the wizard keeps its draft) and, where the network
 * uses PKCE, the verifier (sealed). `prompt: "login"` forces the network's sign-in screen.
 * `workspaceId`: the workspace the channel goes into (by default the user's personal one).
 */
export async function startConnect(
  user: { id: string },
  sessionId: string,
  provider: Platform,
  options: { returnTo?: string | null; prompt?: "login"; workspaceId?: string } = {},
): Promise<string> {
  if (!isProviderConfigured(provider)) throw new AppError("provider_unavailable", `connections.errors.unavailable.${provider}`);
  await connectingInto(user.id, options.workspaceId);
  await enforce(`connect:user:${user.id}`, connectStartsPerUser);
  const { state, id } = newOAuthState(sessionId);
  const { oauth } = getNetwork(provider);
  const pkce = oauth.pkce ? createPkcePair() : null;
  await getDb().oAuthState.create({
    data: {
      id,
      userId: user.id,
      sessionId,
      provider,
      codeVerifierEnc: pkce ? seal(pkce.verifier) : null,
      returnTo: safeRedirect(options.returnTo, "/profile"),
      prompt: options.prompt ?? null,
      workspaceId: options.workspaceId ?? null,
      expiresAt: new Date(Date.now() + STATE_TTL_MS),
    },
  });
  return oauth.authorizeUrl({ redirectUri: callbackUrl(provider), state, codeChallenge: pkce?.challenge, forceLogin: options.prompt === "login" });
}

interface CallbackQuery {
  code: string | null;
  state: string | null;
  error: string | null;
}

/** Takes the state once: it must be ours, this session's, for this provider, unexpired and unused. */
export async function consumeState(provider: NetworkId, state: string | null, sessionId: string) {
  const [nonce, signature] = (state ?? "").split(".");
  if (!nonce || !signature || !verifySignature(`${nonce}.${sessionId}`, signature)) return null;
  const db = getDb();
  const id = stateId(nonce);
  const now = new Date();
  const { count } = await db.oAuthState.updateMany({
    where: { id, sessionId, provider, usedAt: null, expiresAt: { gt: now } },
    data: { usedAt: now },
  });
  return count === 1 ? db.oAuthState.findUnique({ where: { id } }) : null;
}

/**
 * The workspace a consumed state files its channel into: the one the connection started in, if the
 * user is still a member there (else null: the connection is not completed).
 */
export async function stateWorkspace(pending: { userId: string; workspaceId: string | null }): Promise<string | null> {
  const workspaceId = pending.workspaceId ?? personalWorkspaceId(pending.userId);
  const membership = await membershipOf(pending.userId, workspaceId);
  return membership && can(membership.role, "manage") ? workspaceId : null;
}

/**
 * The user connecting a channel into a workspace (by default their personal one), if they may
 * manage its channels: an admin or the owner (403 for another member, 404 for an outsider). Asked
 * of the database, not of the caller: the workspace may have changed since the page was drawn.
 */
export async function connectingInto(userId: string, workspaceId: string = personalWorkspaceId(userId)): Promise<Actor> {
  const membership = await membershipOf(userId, workspaceId);
  if (!membership) throw new AppError("not_found", "workspaces.errors.notFound");
  return requireCan({ userId, workspaceId, role: membership.role }, "manage");
}

/**
 * The provider sent the user back. On success the connection is stored with its tokens sealed;
 * on any failure (consent denied, wrong or reused state, failed exchange) nothing is stored.
 * Returns where to send the user, with the outcome; `update` says whether the user already had a
 * connection to this provider (a reconnect) when the attempt came back.
 */
export async function completeConnect(
  provider: Platform,
  query: CallbackQuery,
  session: { userId: string; sessionId: string },
): Promise<{ ok: boolean; update: boolean; returnTo: string; displayName?: string }> {
  const pending = await consumeState(provider, query.state, session.sessionId);
  const workspaceId = pending && pending.userId === session.userId ? await stateWorkspace(pending) : null;
  const update = (await getDb().channel.count({ where: { workspaceId: workspaceId ?? personalWorkspaceId(session.userId), network: provider } })) > 0;
  // Checked again on the way out: a state row is only as safe as the code that wrote it.
  const returnTo = safeRedirect(pending?.returnTo, "/profile");
  if (!pending || !workspaceId || query.error || !query.code) {
    const reason = !pending || pending.userId !== session.userId ? "state" : !workspaceId ? "workspace" : query.error ? "denied" : "no_code";
    logger.info({ provider, reason }, "Connection not completed");
    return { ok: false, update, returnTo };
  }
  try {
    const { oauth } = getNetwork(provider);
    const codeVerifier = oauth.pkce ? unseal(pending.codeVerifierEnc ?? "") : undefined;
    const tokens = await oauth.exchangeCode({ code: query.code, redirectUri: callbackUrl(provider), codeVerifier });
    const account = await oauth.whoami(tokens.accessToken);
    const { update: updated, channelId } = await storeChannel({ userId: session.userId, workspaceId }, provider, tokens, account);
    // A member whose token has the page scopes goes on to choose pages to add (docs/decisions/0058),
    // then back where they started.
    const pages = getNetwork(provider).pages;
    const offerPages = account.kind === "member" && pages?.enabled() && pages.granted(tokens.scope);
    const next = offerPages ? `/profile/channels/${channelId}/pages?returnTo=${encodeURIComponent(returnTo)}` : returnTo;
    return { ok: true, update: updated, returnTo: next, displayName: account.displayName };
  } catch (error) {
    if (!isProviderError(error)) throw error;
    logger.warn({ provider, status: error.status, operation: error.details.operation, message: error.message }, "Connection failed at the provider");
    return { ok: false, update, returnTo };
  }
}

/** Deletes the states past their expiry, used or not: no callback can take them any more (periodic housekeeping). */
export async function sweepExpiredStates(now = new Date()): Promise<number> {
  const { count } = await getDb().oAuthState.deleteMany({ where: { expiresAt: { lte: now } } });
  return count;
}
