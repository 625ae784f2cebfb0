import { isProviderError } from "~/integrations/provider-error";
import { revokeXToken } from "~/integrations/networks/twitter/client.server";
import { unseal } from "~/modules/crypto/secrets.server";
import { getDb } from "~/modules/db/db.server";
import { isRecordId } from "~/modules/db/ids";
import { AppError } from "~/modules/errors/app-error";
import { logger } from "~/core/logger/logger.server";
import { isPlatform, type Platform } from "~/core/platforms/platforms";
import { flagScheduledPosts, flagScheduledPostsOf } from "./flags.server";

interface StoredChannel {
  id: string;
  network: string;
  accessTokenEnc: string | null;
  refreshTokenEnc: string | null;
}

/** X's tokens are revoked at X first; a failed revocation is logged, the tokens are deleted anyway. */
async function revokeTokens(channel: StoredChannel): Promise<void> {
  if (channel.network !== "twitter") return;
  for (const [sealed, hint] of [
    [channel.refreshTokenEnc, "refresh_token"],
    [channel.accessTokenEnc, "access_token"],
  ] as const) {
    if (!sealed) continue;
    try {
      await revokeXToken(unseal(sealed), hint);
    } catch (error) {
      if (!isProviderError(error)) throw error;
      logger.warn({ provider: channel.network, status: error.status, message: error.message }, "Could not revoke the X token; deleting it anyway");
    }
  }
}

/**
 * Removes a connection and its tokens (version 1: by provider). Scheduled posts for that platform
 * are flagged, not lost. With `providerUserId`, only that account at the provider is disconnected:
 * another is not_connected.
 */
export async function disconnect(userId: string, provider: Platform, expected: { providerUserId?: string } = {}): Promise<{ flaggedPosts: number }> {
  const db = getDb();
  const channels = await db.channel.findMany({ where: { userId, network: provider }, orderBy: [{ createdAt: "asc" }, { id: "asc" }] });
  const connection = expected.providerUserId === undefined ? channels[0] : channels.find((channel) => channel.providerUserId === expected.providerUserId);
  if (!connection) throw new AppError("not_connected", `connections.errors.notConnected.${provider}`);
  await revokeTokens(connection);
  await db.channel.delete({ where: { id: connection.id } });
  return { flaggedPosts: await flagScheduledPosts(userId, provider) };
}

/**
 * Removes one of a user's channels by id (version 2), revoking its tokens as `disconnect` does.
 * Another user's channel, or an unknown id, is a 404 that reveals nothing. Scheduled posts that
 * target it stay: their target loses its channel (the foreign key sets it to null) and the post is
 * flagged, so it fails with "channel removed" unless edited first.
 */
export async function disconnectChannel(userId: string, channelId: string): Promise<{ flaggedPosts: number }> {
  const db = getDb();
  const notFound = () => new AppError("not_found", "connections.errors.channelNotFound");
  if (!isRecordId(channelId)) throw notFound();
  const channel = await db.channel.findFirst({
    where: { id: channelId, userId },
    select: { id: true, network: true, accessTokenEnc: true, refreshTokenEnc: true },
  });
  if (!channel) throw notFound();
  // Read before the delete: afterwards the targets no longer say which channel they had.
  const scheduled = await db.post.findMany({ where: { userId, status: "scheduled", targets: { some: { channelId } } }, select: { id: true } });
  await revokeTokens(channel);
  const { count } = await db.channel.deleteMany({ where: { id: channel.id, userId } });
  if (count === 0) throw notFound();
  if (!isPlatform(channel.network)) return { flaggedPosts: 0 };
  return {
    flaggedPosts: await flagScheduledPostsOf(
      scheduled.map((post) => post.id),
      channel.network,
    ),
  };
}
