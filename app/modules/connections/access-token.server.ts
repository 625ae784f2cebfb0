import { refreshLinkedinToken } from "~/integrations/linkedin.server";
import { isProviderError } from "~/integrations/provider-error";
import { refreshXToken } from "~/integrations/x.server";
import { seal, unseal } from "~/modules/crypto/secrets.server";
import { getDb } from "~/modules/db/db.server";
import { logger } from "~/modules/logger/logger.server";
import { isPlatform, type Platform } from "~/modules/posts/platforms";

/** Why a connection cannot be used to publish; the user has to (re)connect the account. */
export class ConnectionUnusable extends Error {
  constructor(
    public readonly provider: Platform,
    public readonly reason: "not_connected" | "needs_reconnect",
  ) {
    super(`${provider} connection: ${reason}`);
    this.name = "ConnectionUnusable";
  }
}

const REFRESH_MARGIN_MS = 5 * 60 * 1000;
const REFRESH_LEASE_MS = 30 * 1000;
const WAIT_STEP_MS = 200;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export interface UsableConnection {
  id: string;
  provider: Platform;
  providerUserId: string;
  handle: string | null;
  accessToken: string;
  expiresAt: Date | null;
}

function usable(row: { id: string; provider: string; providerUserId: string; handle: string | null; accessTokenEnc: string | null; expiresAt: Date | null }): UsableConnection {
  return { id: row.id, provider: row.provider as Platform, providerUserId: row.providerUserId, handle: row.handle, accessToken: unseal(row.accessTokenEnc ?? ""), expiresAt: row.expiresAt };
}

const fresh = (expiresAt: Date | null, now = Date.now()) => !expiresAt || expiresAt.getTime() > now + REFRESH_MARGIN_MS;

export async function markNeedsReconnect(connectionId: string, reason: string): Promise<void> {
  await getDb().connection.updateMany({ where: { id: connectionId }, data: { status: "needs_reconnect", lastError: reason.slice(0, 500), refreshLeaseUntil: null } });
}

/**
 * A user's connection to a platform with an access token valid for the next minutes. A token near
 * its end is refreshed first; refreshes of one connection are serialized across every process (X
 * refresh tokens are single-use: two refreshes at once would lose the pair), and the new pair is
 * stored before it is used.
 */
export async function usableConnection(userId: string, provider: Platform): Promise<UsableConnection> {
  const db = getDb();
  const row = await db.connection.findUnique({ where: { userId_provider: { userId, provider } } });
  if (!row || !row.accessTokenEnc) throw new ConnectionUnusable(provider, "not_connected");
  if (row.status !== "active") throw new ConnectionUnusable(provider, "needs_reconnect");
  if (fresh(row.expiresAt)) return usable(row);
  if (!row.refreshTokenEnc) {
    // LinkedIn gives most apps no refresh token: after 60 days the user must reconnect.
    await markNeedsReconnect(row.id, "The access token expired and cannot be refreshed.");
    throw new ConnectionUnusable(provider, "needs_reconnect");
  }
  return refreshSerialized(row.id);
}

async function refreshSerialized(connectionId: string): Promise<UsableConnection> {
  const db = getDb();
  const deadline = Date.now() + REFRESH_LEASE_MS + 5_000;
  while (Date.now() < deadline) {
    const now = new Date();
    const { count } = await db.connection.updateMany({
      where: { id: connectionId, OR: [{ refreshLeaseUntil: null }, { refreshLeaseUntil: { lt: now } }] },
      data: { refreshLeaseUntil: new Date(now.getTime() + REFRESH_LEASE_MS) },
    });
    const row = await db.connection.findUnique({ where: { id: connectionId } });
    if (!row || row.status !== "active" || !row.accessTokenEnc) {
      throw new ConnectionUnusable(isPlatform(row?.provider) ? row.provider : "linkedin", row ? "needs_reconnect" : "not_connected");
    }
    if (count === 1) {
      // We hold the lease. Another process may have refreshed just before we took it.
      if (fresh(row.expiresAt)) {
        await db.connection.updateMany({ where: { id: connectionId }, data: { refreshLeaseUntil: null } });
        return usable(row);
      }
      return refreshHeld(row);
    }
    if (fresh(row.expiresAt)) return usable(row);
    await sleep(WAIT_STEP_MS);
  }
  throw new Error("Timed out waiting for another process to refresh the access token");
}

async function refreshHeld(row: { id: string; provider: string; refreshTokenEnc: string | null }): Promise<UsableConnection> {
  const db = getDb();
  const provider = row.provider as Platform;
  const refreshToken = unseal(row.refreshTokenEnc ?? "");
  try {
    const tokens = provider === "twitter" ? await refreshXToken(refreshToken) : await refreshLinkedinToken(refreshToken);
    const now = Date.now();
    const updated = await db.connection.update({
      where: { id: row.id },
      data: {
        accessTokenEnc: seal(tokens.accessToken),
        // LinkedIn's refresh token is not rotated: keep it when none comes back.
        refreshTokenEnc: tokens.refreshToken ? seal(tokens.refreshToken) : row.refreshTokenEnc,
        expiresAt: new Date(now + tokens.expiresIn * 1000),
        refreshLeaseUntil: null,
        lastError: null,
      },
    });
    return usable(updated);
  } catch (error) {
    if (isProviderError(error) && error.kind === "http" && error.status !== undefined && error.status >= 400 && error.status < 500 && error.status !== 429) {
      logger.warn({ provider, status: error.status, message: error.message }, "Refresh refused: the user must reconnect");
      await markNeedsReconnect(row.id, error.message);
      throw new ConnectionUnusable(provider, "needs_reconnect");
    }
    await db.connection.updateMany({ where: { id: row.id }, data: { refreshLeaseUntil: null } });
    throw error;
  }
}
