import { createPkcePair } from "~/integrations/networks/pkce.server";
import { personalWorkspaceId } from "~/modules/workspaces/owner";
import { getNetwork } from "~/integrations/networks/registry.server";
import type { ChannelLimits, InstanceApp, InstanceConnectDescriptor } from "~/integrations/networks/types";
import { isProviderError } from "~/integrations/provider-error";
import { getEnv } from "~/core/env/env.server";
import { logger } from "~/core/logger/logger.server";
import type { NetworkId } from "~/core/platforms/platforms";
import { seal, unseal } from "~/modules/crypto/secrets.server";
import { getDb } from "~/modules/db/db.server";
import { AppError } from "~/modules/errors/app-error";
import type { TranslationKey } from "~/modules/i18n/keys";
import { safeRedirect } from "~/modules/http/redirect";
import { enforce, type RateLimitRule } from "~/modules/rate-limit/rate-limit.server";
import { connectingInto, consumeState, newOAuthState, STATE_TTL_MS, stateWorkspace } from "./oauth.server";
import { storeChannel } from "./store-channel.server";

// Connecting a network where every server is its own provider (Mastodon), docs/decisions/0057:
// the user names their instance; Plume registers itself there once per instance (kept in
// NetworkInstanceApp, its secret sealed like tokens, reused by every user), then runs OAuth there
// with a single-use state that remembers the instance. Tokens never expire: no expiry is stored.

/** Each start may register an app and calls the instance: bounded per user, as connectWithAppPassword's tries are. */
export const instanceConnectStartsPerUser: RateLimitRule = { limit: 10, windowMs: 10 * 60 * 1000 };

function descriptorOf(network: NetworkId): InstanceConnectDescriptor {
  const descriptor = getNetwork(network).instances;
  if (!descriptor) throw new AppError("provider_unavailable", `connections.errors.unavailable.${network}`);
  return descriptor;
}

/** Whether `network` connects by instance (the profile offers the instance form). */
export function connectsByInstance(network: NetworkId): boolean {
  return getNetwork(network).instances !== undefined;
}

/** Where every instance sends the user back: one redirect URI, registered with each instance's app. */
export function instanceCallbackUrl(network: NetworkId): string {
  return `${getEnv().APP_URL}/auth/callback/${network}`;
}

const appKey = (network: NetworkId, instance: string) => ({ network_instance_redirectUri: { network, instance, redirectUri: instanceCallbackUrl(network) } });

type AppRow = { clientId: string; clientSecretEnc: string; redirectUri: string; scopes: string };
const toApp = (row: AppRow): InstanceApp => ({
  clientId: row.clientId,
  clientSecret: unseal(row.clientSecretEnc),
  redirectUri: row.redirectUri,
  scopes: row.scopes,
});
const isUniqueViolation = (error: unknown) => (error as { code?: string } | null)?.code === "P2002";

/**
 * Plume's app on this instance: the stored one, else registered now and stored. Two users connecting
 * a new instance at once both register, one row wins (unique network + instance + redirect URI) and
 * both use it. `replacing`: the client id the instance no longer knows; it is replaced only if the
 * row still holds it (a second user finding the same forgotten app takes the first one's new app).
 */
export async function instanceApp(network: NetworkId, instance: string, replacing?: string): Promise<InstanceApp> {
  const db = getDb();
  const key = appKey(network, instance);
  const stored = await db.networkInstanceApp.findUnique({ where: key });
  if (stored && stored.clientId !== replacing) return toApp(stored);
  const app = await descriptorOf(network).registerApp(instance, { redirectUri: instanceCallbackUrl(network) });
  const data = { clientId: app.clientId, clientSecretEnc: seal(app.clientSecret), scopes: app.scopes };
  if (stored) {
    const { count } = await db.networkInstanceApp.updateMany({ where: { id: stored.id, clientId: stored.clientId }, data });
    if (count === 1) return app;
  } else {
    try {
      await db.networkInstanceApp.create({ data: { network, instance, redirectUri: instanceCallbackUrl(network), ...data } });
      return app;
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
    }
  }
  // Another connection stored its app first: everyone uses that one.
  return toApp(await db.networkInstanceApp.findUniqueOrThrow({ where: key }));
}

/**
 * How to revoke a token of a channel on an instance (best effort, on disconnect): through Plume's
 * stored app there (Mastodon's /oauth/revoke needs its client id and secret); null where the
 * network has no instances or no app is stored any more (the token then stays at the instance).
 */
export async function instanceRevoke(network: NetworkId, instance: string | null): Promise<((token: string) => Promise<void>) | null> {
  if (!instance || !connectsByInstance(network)) return null;
  const stored = await getDb().networkInstanceApp.findUnique({ where: appKey(network, instance) });
  const revoke = stored ? descriptorOf(network).oauth(instance, toApp(stored)).revoke : undefined;
  return revoke ? (token) => revoke(token) : null;
}

/**
 * What the instance form says when the instance cannot be used: an address it refuses on the
 * `instance` field; an instance that did not answer (naming it) as the form's message.
 */
function instanceError(code: "invalid_instance" | "instance_unreachable", key: TranslationKey, host: string) {
  return code === "invalid_instance" ? new AppError(code, key, { fields: { instance: key } }) : new AppError(code, key, { values: { instance: host } });
}

/**
 * Starts connecting the user's account on the instance they named: checks the address, reads the
 * instance's limits (which also proves it answers as Mastodon), takes Plume's app there (registered
 * once; again if the instance forgot it), and returns the instance's consent page with a single-use
 * state tied to this session that remembers the instance and the PKCE verifier (sealed).
 */
export async function startInstanceConnect(
  user: { id: string },
  sessionId: string,
  network: NetworkId,
  input: { instance: string },
  options: { returnTo?: string | null; workspaceId?: string } = {},
): Promise<string> {
  const descriptor = descriptorOf(network);
  await connectingInto(user.id, options.workspaceId);
  await enforce(`connect-instance:user:${user.id}`, instanceConnectStartsPerUser);
  const normalised = descriptor.normaliseInstance(input.instance);
  if (!normalised.ok) throw instanceError("invalid_instance", `profile.instance.${normalised.problem}`, input.instance);
  const { origin } = normalised;
  const host = new URL(origin).host;
  let limits: ChannelLimits;
  let app: InstanceApp;
  try {
    limits = await descriptor.channelLimits(origin);
    app = await instanceApp(network, origin);
    // Before Mastodon 4.3 an instance removes apps no token uses: register again if it forgot ours.
    if (!(await descriptor.appIsKnown(origin, app))) {
      logger.info({ provider: network, instance: origin }, "The instance forgot Plume's app: registering again");
      app = await instanceApp(network, origin, app.clientId);
    }
  } catch (error) {
    if (!isProviderError(error)) throw error;
    logger.info({ provider: network, instance: origin, kind: error.kind, status: error.status, code: error.details.code }, "Instance not usable");
    if (error.details.code === "instance_refused" || error.details.code === "origin_refused")
      throw instanceError("invalid_instance", "profile.instance.private_address", host);
    throw instanceError("instance_unreachable", error.kind === "http" ? "profile.instance.notMastodon" : "profile.instance.unreachable", host);
  }
  await getDb().networkInstanceApp.update({ where: appKey(network, origin), data: { limitsJson: JSON.stringify(limits), limitsFetchedAt: new Date() } });
  const { state, id } = newOAuthState(sessionId);
  const pkce = createPkcePair();
  await getDb().oAuthState.create({
    data: {
      id,
      userId: user.id,
      sessionId,
      provider: network,
      instance: origin,
      codeVerifierEnc: seal(pkce.verifier),
      returnTo: safeRedirect(options.returnTo, "/profile"),
      workspaceId: options.workspaceId ?? null,
      expiresAt: new Date(Date.now() + STATE_TTL_MS),
    },
  });
  return descriptor.oauth(origin, app).authorizeUrl({ redirectUri: instanceCallbackUrl(network), state, codeChallenge: pkce.challenge });
}

/**
 * The instance sent the user back: the state must be this session's, unused and unexpired; the code
 * is exchanged with that instance's app (PKCE), the account read, and the channel stored with its
 * instance, its limits and no token expiry (the same account again updates its channel). Nothing is
 * stored on any failure; an instance answering invalid_client forgets our app, so the next start
 * registers a new one.
 */
export async function completeInstanceConnect(
  network: NetworkId,
  query: { code: string | null; state: string | null; error: string | null },
  session: { userId: string; sessionId: string },
): Promise<{ ok: boolean; update: boolean; returnTo: string; displayName?: string }> {
  const db = getDb();
  const pending = await consumeState(network, query.state, session.sessionId);
  const workspaceId = pending && pending.userId === session.userId ? await stateWorkspace(pending) : null;
  const update = (await db.channel.count({ where: { workspaceId: workspaceId ?? personalWorkspaceId(session.userId), network } })) > 0;
  const returnTo = safeRedirect(pending?.returnTo, "/profile");
  if (!pending || !workspaceId || !pending.instance || query.error || !query.code) {
    const reason = !pending || pending.userId !== session.userId ? "state" : !workspaceId ? "workspace" : query.error ? "denied" : "no_code";
    logger.info({ provider: network, reason }, "Connection not completed");
    return { ok: false, update, returnTo };
  }
  const instance = pending.instance;
  const row = await db.networkInstanceApp.findUnique({ where: appKey(network, instance) });
  if (!row) return { ok: false, update, returnTo };
  const descriptor = descriptorOf(network);
  try {
    const oauth = descriptor.oauth(instance, toApp(row));
    const tokens = await oauth.exchangeCode({
      code: query.code,
      redirectUri: instanceCallbackUrl(network),
      codeVerifier: unseal(pending.codeVerifierEnc ?? ""),
    });
    const account = await oauth.whoami(tokens.accessToken);
    const limits = row.limitsJson ? (JSON.parse(row.limitsJson) as ChannelLimits) : await descriptor.channelLimits(instance);
    const { update: updated } = await storeChannel({ userId: session.userId, workspaceId }, network, tokens, account, {
      instance,
      limits,
      tokensExpire: descriptor.tokensExpire,
    });
    return { ok: true, update: updated, returnTo, displayName: account.displayName };
  } catch (error) {
    if (!isProviderError(error)) throw error;
    logger.warn(
      { provider: network, instance, status: error.status, code: error.details.code, operation: error.details.operation },
      "Connection failed at the instance",
    );
    if (error.details.code === "invalid_client") await db.networkInstanceApp.deleteMany({ where: { id: row.id, clientId: row.clientId } });
    return { ok: false, update, returnTo };
  }
}
