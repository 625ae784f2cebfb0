import { getNetwork } from "~/integrations/networks/registry.server";
import type { ChannelLimits, NetworkAccount, NetworkTokens } from "~/integrations/networks/types";
import { trackEventFor } from "~/modules/analytics/server-events.server";
import { seal } from "~/modules/crypto/secrets.server";
import { getDb } from "~/modules/db/db.server";
import type { NetworkId } from "~/core/platforms/platforms";
import { refreshChannelAvatar } from "./avatar.server";
import { clearDisconnectFlags } from "./flags.server";
import { copyTokensToPages, PAGE_SCOPES_MISSING, suspendPages } from "./page-tokens.server";
import { asActor, type Actor } from "~/modules/workspaces/owner";

export interface StoreOptions {
  /** The instance's origin where the network has instances (Mastodon). */
  instance?: string | null;
  /** What changes the network's rules for this channel (the instance's limits, decision 57). */
  limits?: ChannelLimits | null;
  /** false: the network's tokens never expire (InstanceConnectDescriptor.tokensExpire); no expiry is stored. */
  tokensExpire?: boolean;
}

/**
 * Stores a connected account with its tokens sealed, however it was connected (OAuth or an app
 * password): the same account connected again updates its channel (tokens, name, avatar; the
 * reconnect warning cleared), another account of the network is a new one. `update`: it was
 * there before.
 */
export async function storeChannel(
  /** The user connecting, and the workspace the channel goes into (their right to was checked before). */
  by: Pick<Actor, "userId" | "workspaceId"> | string,
  network: NetworkId,
  tokens: NetworkTokens,
  account: NetworkAccount,
  options: StoreOptions = {},
): Promise<{ channelId: string; update: boolean }> {
  const { userId, workspaceId } = typeof by === "string" ? asActor(by) : by;
  const now = new Date();
  const { tokensExpire = true } = options;
  const data = {
    ...(options.instance !== undefined ? { instance: options.instance } : {}),
    ...(options.limits !== undefined ? { limitsJson: options.limits ? JSON.stringify(options.limits) : null } : {}),
    displayName: account.displayName,
    handle: account.handle,
    avatarUrl: account.avatarUrl,
    status: "active",
    scopes: tokens.scope,
    accessTokenEnc: seal(tokens.accessToken),
    refreshTokenEnc: tokens.refreshToken ? seal(tokens.refreshToken) : null,
    // A network whose tokens never expire (Mastodon): no expiry at all, never "expired" nor refreshed.
    expiresAt: tokensExpire ? new Date(now.getTime() + tokens.expiresIn * 1000) : null,
    refreshExpiresAt: tokens.refreshTokenExpiresIn ? new Date(now.getTime() + tokens.refreshTokenExpiresIn * 1000) : null,
    refreshLeaseUntil: null,
    lastError: null,
    connectedAt: now,
  };
  const key = { workspaceId_network_providerUserId: { workspaceId, network, providerUserId: account.providerUserId } };
  const previous = await getDb().channel.findUnique({ where: key, select: { avatarUrl: true } });
  const channel = await getDb().channel.upsert({
    where: key,
    create: { userId, workspaceId, network, providerUserId: account.providerUserId, kind: account.kind, ...data },
    update: data,
    select: { id: true },
  });
  // The member's pages publish with this token (docs/decisions/0058): they get the new pair, or,
  // when it no longer has the page scopes, stop.
  const pages = getNetwork(network).pages;
  if (account.kind === "member" && pages) {
    const member = { workspaceId, network, providerUserId: account.providerUserId };
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
  await clearDisconnectFlags(workspaceId, network);
  trackEventFor(userId, "channel connected", { network, kind: account.kind, reconnect: previous !== null, channel_id: channel.id });
  // The picture is copied into the app (docs/decisions/0053); its failure never fails the connection.
  await refreshChannelAvatar(channel.id, previous?.avatarUrl ?? null);
  return { channelId: channel.id, update: previous !== null };
}
