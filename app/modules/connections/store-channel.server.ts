import { getNetwork } from "~/integrations/networks/registry.server";
import type { NetworkAccount, NetworkTokens } from "~/integrations/networks/types";
import { seal } from "~/modules/crypto/secrets.server";
import { getDb } from "~/modules/db/db.server";
import type { NetworkId } from "~/core/platforms/platforms";
import { refreshChannelAvatar } from "./avatar.server";
import { clearDisconnectFlags } from "./flags.server";
import { copyTokensToPages, PAGE_SCOPES_MISSING, suspendPages } from "./page-tokens.server";

/**
 * Stores a connected account with its tokens sealed, however it was connected (OAuth or an app
 * password): the same account connected again updates its channel (tokens, name, avatar; the
 * reconnect warning cleared), another account of the network is a new one. `update`: it was
 * there before.
 */
export async function storeChannel(
  userId: string,
  network: NetworkId,
  tokens: NetworkTokens,
  account: NetworkAccount,
): Promise<{ channelId: string; update: boolean }> {
  const now = new Date();
  const data = {
    displayName: account.displayName,
    handle: account.handle,
    avatarUrl: account.avatarUrl,
    status: "active",
    scopes: tokens.scope,
    accessTokenEnc: seal(tokens.accessToken),
    refreshTokenEnc: tokens.refreshToken ? seal(tokens.refreshToken) : null,
    expiresAt: new Date(now.getTime() + tokens.expiresIn * 1000),
    refreshExpiresAt: tokens.refreshTokenExpiresIn ? new Date(now.getTime() + tokens.refreshTokenExpiresIn * 1000) : null,
    refreshLeaseUntil: null,
    lastError: null,
    connectedAt: now,
  };
  const key = { userId_network_providerUserId: { userId, network, providerUserId: account.providerUserId } };
  const previous = await getDb().channel.findUnique({ where: key, select: { avatarUrl: true } });
  const channel = await getDb().channel.upsert({
    where: key,
    create: { userId, network, providerUserId: account.providerUserId, kind: account.kind, ...data },
    update: data,
    select: { id: true },
  });
  // The member's pages publish with this token (docs/decisions/0058): they get the new pair, or,
  // when it no longer has the page scopes, stop.
  const pages = getNetwork(network).pages;
  if (account.kind === "member" && pages) {
    const member = { userId, network, providerUserId: account.providerUserId };
    if (pages.granted(tokens.scope)) {
      await copyTokensToPages(member, {
        accessTokenEnc: data.accessTokenEnc,
        refreshTokenEnc: data.refreshTokenEnc,
        expiresAt: data.expiresAt,
        refreshExpiresAt: data.refreshExpiresAt,
        scopes: data.scopes,
      });
    } else await suspendPages(member, PAGE_SCOPES_MISSING);
  }
  await clearDisconnectFlags(userId, network);
  // The picture is copied into the app (docs/decisions/0053); its failure never fails the connection.
  await refreshChannelAvatar(channel.id, previous?.avatarUrl ?? null);
  return { channelId: channel.id, update: previous !== null };
}
