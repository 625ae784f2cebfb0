import { getNetwork } from "~/integrations/networks/registry.server";
import { type ActorRef, requireCan } from "~/modules/workspaces/owner";
import { isProviderError } from "~/integrations/provider-error";
import { unseal } from "~/modules/crypto/secrets.server";
import { trackEventFor } from "~/modules/analytics/server-events.server";
import { getDb } from "~/modules/db/db.server";
import { isRecordId } from "~/modules/db/ids";
import { AppError } from "~/modules/errors/app-error";
import { logger } from "~/core/logger/logger.server";
import { isNetworkId, type NetworkId, type Platform } from "~/core/platforms/platforms";
import { deleteAvatarFiles } from "./avatar.server";
import { instanceRevoke } from "./instance-connect.server";
import { flagPostsTargeting } from "./flags.server";
import { PAGE_MEMBER_DISCONNECTED, suspendPages } from "./page-tokens.server";

interface DisconnectedChannel {
  id: string;
  network: NetworkId;
  displayName: string;
  handle: string | null;
  flaggedPosts: number;
}

/**
 * Removes one channel and its tokens (revoked at the network first where it has a revocation
 * endpoint; a failed revocation is logged, the tokens are deleted anyway). Scheduled posts targeting that channel, and only it, are
 * flagged, not lost. Another workspace's channel is not_found, as if it did not exist.
 */
export async function disconnectChannel(by: ActorRef, channelId: string): Promise<DisconnectedChannel> {
  const { userId, workspaceId } = requireCan(by, "manage");
  const notFound = () => new AppError("not_found", "connections.errors.channelNotFound");
  if (!isRecordId(channelId)) throw notFound();
  const channel = await getDb().channel.findFirst({ where: { id: channelId, workspaceId } });
  if (!channel || !isNetworkId(channel.network)) throw notFound();
  return removeChannel(userId, channel);
}

/**
 * Version 1: disconnects the first channel of the network (oldest first), or, with
 * `providerUserId`, the one of that account at the provider; none is not_connected.
 */
export async function disconnect(by: ActorRef, provider: Platform, expected: { providerUserId?: string } = {}): Promise<{ flaggedPosts: number }> {
  const { userId, workspaceId } = requireCan(by, "manage");
  const channels = await getDb().channel.findMany({ where: { workspaceId, network: provider }, orderBy: [{ createdAt: "asc" }, { id: "asc" }] });
  const channel = expected.providerUserId === undefined ? channels[0] : channels.find((c) => c.providerUserId === expected.providerUserId);
  if (!channel) throw new AppError("not_connected", `connections.errors.notConnected.${provider}`);
  const { flaggedPosts } = await removeChannel(userId, channel);
  return { flaggedPosts };
}

type ChannelRow = NonNullable<Awaited<ReturnType<ReturnType<typeof getDb>["channel"]["findFirst"]>>>;

async function removeChannel(userId: string, channel: ChannelRow): Promise<DisconnectedChannel> {
  const network = channel.network as NetworkId;
  // An instance network's tokens are revoked through Plume's app on that instance (decision 57).
  const revoke = (await instanceRevoke(network, channel.instance)) ?? getNetwork(network).oauth.revoke;
  // A page's token is its member's (docs/decisions/0058): removing the page must not revoke it.
  if (revoke && channel.kind !== "page") {
    for (const [sealed, hint] of [
      [channel.refreshTokenEnc, "refresh_token"],
      [channel.accessTokenEnc, "access_token"],
    ] as const) {
      if (!sealed) continue;
      try {
        await revoke(unseal(sealed), hint);
      } catch (error) {
        if (!isProviderError(error)) throw error;
        logger.warn({ provider: network, status: error.status, message: error.message }, "Could not revoke the token; deleting it anyway");
      }
    }
  }
  // Flagged first: deleting the channel unlinks its targets, after which nobody could tell them apart.
  const [flagged] = await getDb().$transaction([flagPostsTargeting(channel), getDb().channel.delete({ where: { id: channel.id } })]);
  await deleteAvatarFiles([channel.avatarKey]);
  trackEventFor(userId, "channel disconnected", { network, kind: channel.kind, channel_id: channel.id, flagged_posts: flagged.count });
  // The member's pages published with the token just deleted: they stop too, kept (with their
  // posts) until the member connects again (docs/decisions/0058).
  if (channel.kind === "member") await suspendPages(channel, PAGE_MEMBER_DISCONNECTED);
  return { id: channel.id, network, displayName: channel.displayName, handle: channel.handle, flaggedPosts: flagged.count };
}
