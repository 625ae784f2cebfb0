import { isProviderError } from "~/integrations/provider-error";
import { revokeXToken } from "~/integrations/networks/twitter/client.server";
import { unseal } from "~/modules/crypto/secrets.server";
import { getDb } from "~/modules/db/db.server";
import { AppError } from "~/modules/errors/app-error";
import { logger } from "~/core/logger/logger.server";
import type { Platform } from "~/core/platforms/platforms";
import { flagScheduledPosts } from "./flags.server";

/**
 * Removes a connection and its tokens (X's are revoked at X first; a failed revocation is logged,
 * the tokens are deleted anyway). Scheduled posts for that platform are flagged, not lost. With
 * `providerUserId`, only that account at the provider is disconnected: another is not_connected.
 */
export async function disconnect(userId: string, provider: Platform, expected: { providerUserId?: string } = {}): Promise<{ flaggedPosts: number }> {
  const db = getDb();
  const channels = await db.channel.findMany({ where: { userId, network: provider }, orderBy: [{ createdAt: "asc" }, { id: "asc" }] });
  const connection = expected.providerUserId === undefined ? channels[0] : channels.find((channel) => channel.providerUserId === expected.providerUserId);
  if (!connection) throw new AppError("not_connected", `connections.errors.notConnected.${provider}`);
  if (provider === "twitter") {
    for (const [sealed, hint] of [
      [connection.refreshTokenEnc, "refresh_token"],
      [connection.accessTokenEnc, "access_token"],
    ] as const) {
      if (!sealed) continue;
      try {
        await revokeXToken(unseal(sealed), hint);
      } catch (error) {
        if (!isProviderError(error)) throw error;
        logger.warn({ provider, status: error.status, message: error.message }, "Could not revoke the X token; deleting it anyway");
      }
    }
  }
  await db.channel.delete({ where: { id: connection.id } });
  return { flaggedPosts: await flagScheduledPosts(userId, provider) };
}
