import { getNetwork } from "~/integrations/networks/registry.server";
import { isProviderError } from "~/integrations/provider-error";
import { seal, unseal } from "~/modules/crypto/secrets.server";
import { isDatabaseBusy } from "~/modules/db/busy";
import { getDb } from "~/modules/db/db.server";
import { getEnv } from "~/core/env/env.server";
import { logger } from "~/core/logger/logger.server";
import { isNetworkId, NETWORK_IDS, type NetworkId } from "~/core/platforms/platforms";
import { markChannelsNeedReconnect } from "./needs-reconnect.server";
import { copyTokensToPages, pagesNeedReconnect } from "./page-tokens.server";

/** Why a connection cannot be used to publish; the user has to (re)connect the account. */
export class ConnectionUnusable extends Error {
  constructor(
    public readonly provider: NetworkId,
    public readonly reason: "not_connected" | "needs_reconnect",
  ) {
    super(`${provider} connection: ${reason}`);
    this.name = "ConnectionUnusable";
  }
}

const REFRESH_MARGIN_MS = 5 * 60 * 1000;
/** Why a channel whose token ended with nothing to refresh it needs reconnecting (its lastError). */
export const NO_REFRESH_REASON = "The access token expired and cannot be refreshed.";
/** What a refresh lease allows beyond the refresh call's own timeout (reading and writing the row). */
const REFRESH_LEASE_SLACK_MS = 15_000;
const WAIT_STEP_MS = 200;

/** A refresh lease outlasts the refresh call it protects, whatever PROVIDER_TIMEOUT_MS is (30 s by default). */
export function refreshLeaseMs(): number {
  return getEnv().PROVIDER_TIMEOUT_MS + REFRESH_LEASE_SLACK_MS;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export interface UsableConnection {
  id: string;
  provider: NetworkId;
  providerUserId: string;
  handle: string | null;
  accessToken: string;
  expiresAt: Date | null;
  /** "member", "account" or "page" (a page publishes as its organization). */
  kind?: string;
}

function usable(row: {
  id: string;
  network: string;
  providerUserId: string;
  handle: string | null;
  accessTokenEnc: string | null;
  expiresAt: Date | null;
  kind?: string;
}): UsableConnection {
  return {
    kind: row.kind,
    id: row.id,
    provider: row.network as NetworkId,
    providerUserId: row.providerUserId,
    handle: row.handle,
    accessToken: unseal(row.accessTokenEnc ?? ""),
    expiresAt: row.expiresAt,
  };
}

/** Good for the next minutes: used without a refresh. */
const fresh = (expiresAt: Date | null, now = Date.now()) => !expiresAt || expiresAt.getTime() > now + REFRESH_MARGIN_MS;
/** Still accepted by the platform, however soon it ends. */
const valid = (expiresAt: Date | null, now = Date.now()) => !expiresAt || expiresAt.getTime() > now;
/**
 * Usable without refreshing again: fresh, or a pair stored since we read `stale` (a refresh just
 * made) that is still valid. A platform may issue tokens that live less than the margin
 * (docs/decisions/0043-reliability.md): the pair a refresh returns is used as it is.
 */
const renewed = (row: { accessTokenEnc: string | null; expiresAt: Date | null }, stale: string | null) =>
  fresh(row.expiresAt) || (row.accessTokenEnc !== stale && valid(row.expiresAt));

export async function markNeedsReconnect(connectionId: string, reason: string): Promise<void> {
  const channel = await getDb().channel.findUnique({
    where: { id: connectionId },
    select: { workspaceId: true, network: true, providerUserId: true, kind: true },
  });
  // The write that turns it from working to needing reconnecting tells the webhooks, once.
  await markChannelsNeedReconnect({ id: connectionId }, { lastError: reason.slice(0, 500), refreshLeaseUntil: null }, { alsoStopped: true });
  // A member's pages hold a copy of the same token (docs/decisions/0058).
  if (channel?.kind === "member") await pagesNeedReconnect(channel, reason);
}

/** What usableConnection() reads of a connection. */
export const connectionSelect = {
  id: true,
  userId: true,
  network: true,
  providerUserId: true,
  handle: true,
  instance: true,
  kind: true,
  status: true,
  accessTokenEnc: true,
  refreshTokenEnc: true,
  expiresAt: true,
} as const;

export type ConnectionRow = {
  id: string;
  userId: string;
  network: string;
  providerUserId: string;
  handle: string | null;
  /** The instance's origin (Mastodon); null for networks without instances. */
  instance?: string | null;
  kind?: string;
  status: string;
  accessTokenEnc: string | null;
  refreshTokenEnc: string | null;
  expiresAt: Date | null;
};

/** A user's first channel of a network (the oldest): what the version 1 API and pages mean by "the connection". */
function firstChannelOf(userId: string, network: NetworkId): Promise<ConnectionRow | null> {
  return getDb().channel.findFirst({ where: { userId, network }, orderBy: [{ createdAt: "asc" }, { id: "asc" }], select: connectionSelect });
}

/**
 * A user's connection to a platform with an access token valid for the next minutes (or, when the
 * platform issues shorter ones, just issued). A token near its end is refreshed first; refreshes
 * of one connection are serialized across every process (rotating refresh tokens are single-use: two
 * refreshes at once would lose the pair), and the new pair is stored before it is used. `read`: the connection as the caller has just read it (null: none), to
 * read many at once (the publisher reads those of a whole claim with the posts).
 */
export async function usableConnection(userId: string, provider: NetworkId, read?: ConnectionRow | null): Promise<UsableConnection> {
  const row = read !== undefined ? read : await firstChannelOf(userId, provider);
  if (!row || !row.accessTokenEnc) throw new ConnectionUnusable(provider, "not_connected");
  if (row.status !== "active") throw new ConnectionUnusable(provider, "needs_reconnect");
  if (fresh(row.expiresAt)) return usable(row);
  if (!row.refreshTokenEnc) {
    // Nothing to refresh with: used to its last second rather than given up early.
    if (valid(row.expiresAt)) return usable(row);
    // No refresh token (some networks give most apps none: their rules' reconnectAfterDays warns
    // ahead): once the token is over, the user must reconnect.
    await markNeedsReconnect(row.id, NO_REFRESH_REASON);
    throw new ConnectionUnusable(provider, "needs_reconnect");
  }
  return refreshSerialized(row.id, row.accessTokenEnc);
}

/**
 * A new access token for a channel whose network refused `used` as expired although its stored
 * expiry had not passed (Bluesky answers 400 ExpiredToken, not 401: PublishContext.refreshAccessToken).
 * A pair stored since `used` was read is taken as it is; otherwise one refresh, serialized as usual.
 */
export async function refreshAfterRefusal(connectionId: string, used: string): Promise<string> {
  const row = await getDb().channel.findUnique({ where: { id: connectionId }, select: connectionSelect });
  if (!row || !row.accessTokenEnc) throw new ConnectionUnusable(isNetworkId(row?.network) ? row.network : NETWORK_IDS[0], "not_connected");
  if (row.status !== "active") throw new ConnectionUnusable(row.network as NetworkId, "needs_reconnect");
  if (unseal(row.accessTokenEnc) !== used && valid(row.expiresAt)) return unseal(row.accessTokenEnc);
  if (!row.refreshTokenEnc) {
    await markNeedsReconnect(row.id, NO_REFRESH_REASON);
    throw new ConnectionUnusable(row.network as NetworkId, "needs_reconnect");
  }
  return (await refreshSerialized(row.id, row.accessTokenEnc, { force: true })).accessToken;
}

/**
 * `stale`: the sealed access token found too old; any other valid one was stored since. `force`:
 * `stale` was refused whatever its stored expiry says, so only another pair is taken as renewed.
 */
async function refreshSerialized(connectionId: string, stale: string, { force = false }: { force?: boolean } = {}): Promise<UsableConnection> {
  const isRenewed = (row: { accessTokenEnc: string | null; expiresAt: Date | null }) =>
    force ? row.accessTokenEnc !== stale && valid(row.expiresAt) : renewed(row, stale);
  const db = getDb();
  const leaseMs = refreshLeaseMs();
  const deadline = Date.now() + leaseMs + 5_000;
  while (Date.now() < deadline) {
    const now = new Date();
    // The lease's expiry instant is also its token: whoever takes it over later writes a later one.
    const lease = new Date(now.getTime() + leaseMs);
    const { count } = await db.channel.updateMany({
      where: { id: connectionId, OR: [{ refreshLeaseUntil: null }, { refreshLeaseUntil: { lt: now } }] },
      data: { refreshLeaseUntil: lease },
    });
    const row = await db.channel.findUnique({ where: { id: connectionId } });
    if (!row || row.status !== "active" || !row.accessTokenEnc) {
      throw new ConnectionUnusable(isNetworkId(row?.network) ? row.network : NETWORK_IDS[0], row ? "needs_reconnect" : "not_connected");
    }
    if (count === 1) {
      // We hold the lease. Another process may have refreshed just before we took it.
      if (isRenewed(row)) {
        await releaseLease(connectionId, lease);
        return usable(row);
      }
      return refreshHeld(row, lease);
    }
    if (isRenewed(row)) return usable(row);
    await sleep(WAIT_STEP_MS);
  }
  throw new Error("Timed out waiting for another process to refresh the access token");
}

/** Only while it is still ours: a lease that ran out may be another process's by now. */
async function releaseLease(connectionId: string, lease: Date): Promise<void> {
  await getDb().channel.updateMany({ where: { id: connectionId, refreshLeaseUntil: lease }, data: { refreshLeaseUntil: null } });
}

/**
 * The refresh token to store after a refresh. A rotating network's is single-use: the one sent
 * is spent, so only a new one is kept (none back: nothing left to refresh with). A network that
 * does not rotate may send none back: the one it has keeps working.
 */
export function keptRefreshToken(rotating: boolean, storedSealed: string | null, returned: string | undefined): string | null {
  if (returned) return seal(returned);
  return rotating ? null : storedSealed;
}

type HeldRow = {
  id: string;
  userId: string;
  workspaceId: string;
  network: string;
  providerUserId: string;
  kind: string;
  accessTokenEnc: string | null;
  refreshTokenEnc: string | null;
};

/**
 * Refreshes while holding `lease`. Every write is conditional on no newer pair having been stored
 * meanwhile (the access token read before the call is still the stored one): if the lease ran out
 * during the call and another process stored a pair (its own refresh, a reconnection), that pair
 * stays and is used. See docs/decisions/0018-x-reconciliation.md.
 */
async function refreshHeld(row: HeldRow, lease: Date): Promise<UsableConnection> {
  const db = getDb();
  const provider = row.network as NetworkId;
  const unchanged = { id: row.id, accessTokenEnc: row.accessTokenEnc };
  try {
    const network = getNetwork(provider);
    const { oauth } = network;
    // A session made with an app password is refreshed through its own descriptor.
    const tokens = await (network.appPassword ?? oauth).refresh(unseal(row.refreshTokenEnc ?? ""));
    const data = {
      accessTokenEnc: seal(tokens.accessToken),
      refreshTokenEnc: keptRefreshToken(oauth.rotatingRefresh, row.refreshTokenEnc, tokens.refreshToken),
      expiresAt: new Date(Date.now() + tokens.expiresIn * 1000),
      lastError: null,
    };
    // Still ours (the usual case): store and release at once.
    const held = await storing(() => db.channel.updateMany({ where: { ...unchanged, refreshLeaseUntil: lease }, data: { ...data, refreshLeaseUntil: null } }));
    // The lease ran out during the call. With nothing newer stored, this pair is the only one a
    // rotating network still accepts (the old refresh token is spent): store it, leaving the lease to its holder.
    if (held.count === 0) await storing(() => db.channel.updateMany({ where: unchanged, data }));
    // A member's pages publish with its token: they get the new pair too (docs/decisions/0058).
    if (row.kind === "member")
      await copyTokensToPages(row, { accessTokenEnc: data.accessTokenEnc, refreshTokenEnc: data.refreshTokenEnc, expiresAt: data.expiresAt });
    return storedPair(row.id, provider);
  } catch (error) {
    if (isProviderError(error) && error.kind === "http" && error.status !== undefined && error.status >= 400 && error.status < 500 && error.status !== 429) {
      // Refused, unless another process stored a newer pair meanwhile: then the refusal only says
      // the refresh token was already spent, and the stored pair is the one to use.
      const written = await markChannelsNeedReconnect(unchanged, { lastError: error.message.slice(0, 500), refreshLeaseUntil: null }, { alsoStopped: true });
      if (written === 0) return storedPair(row.id, provider);
      logger.warn({ provider, status: error.status, message: error.message }, "Refresh refused: the user must reconnect");
      throw new ConnectionUnusable(provider, "needs_reconnect");
    }
    await releaseLease(row.id, lease);
    throw error;
  }
}

/**
 * Writes a pair a refresh has just returned: the old refresh token is spent, so this pair is the
 * only one the platform still accepts. A database locked by another process (DatabaseBusy, after
 * a write's own wait) is waited out up to a lease's length rather than the pair dropped.
 */
async function storing<T>(write: () => Promise<T>): Promise<T> {
  const giveUpAt = Date.now() + refreshLeaseMs();
  for (;;) {
    try {
      return await write();
    } catch (error) {
      if (!isDatabaseBusy(error) || Date.now() > giveUpAt) throw error;
    }
  }
}

/** The pair stored now, which the refresh just wrote or found newer; usable or the reason why not. */
async function storedPair(connectionId: string, provider: NetworkId): Promise<UsableConnection> {
  const row = await getDb().channel.findUnique({ where: { id: connectionId } });
  if (!row || !row.accessTokenEnc) throw new ConnectionUnusable(provider, "not_connected");
  if (row.status !== "active") throw new ConnectionUnusable(provider, "needs_reconnect");
  // Just issued: used even when it lives less than the refresh margin. Only a pair already over
  // (the platform gave none that lasts) is worth another try, later.
  if (!valid(row.expiresAt)) throw new Error("The refreshed access token had already expired");
  return usable(row);
}
