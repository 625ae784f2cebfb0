import { getNetwork } from "~/integrations/networks/registry.server";
import { personalWorkspaceId } from "~/modules/workspaces/owner";
import { isProviderError } from "~/integrations/provider-error";
import { AppError } from "~/modules/errors/app-error";
import { logger } from "~/core/logger/logger.server";
import { enforce, type RateLimitRule } from "~/modules/rate-limit/rate-limit.server";
import type { NetworkId } from "~/core/platforms/platforms";
import { connectingInto } from "./oauth.server";
import { storeChannel } from "./store-channel.server";

// Connecting a network that signs in with an app password (Bluesky) instead of OAuth
// (docs/decisions/0056). The app password is sent once to create a session and is never stored nor
// logged: the session's tokens are, sealed, and refreshed like OAuth tokens; once the network
// refuses the refresh, the channel needs reconnecting with an app password again.

/** Each try signs in at the network: bounded per user, as guessing app passwords through Plume must be. */
export const appPasswordSignInsPerUser: RateLimitRule = { limit: 10, windowMs: 10 * 60 * 1000 };

/** Whether `network` connects with an app password (the profile offers a form rather than OAuth). */
export function connectsWithAppPassword(network: NetworkId): boolean {
  return getNetwork(network).appPassword !== undefined;
}

/** Where the user creates an app password for `network`, or null where it has none. */
export function appPasswordHelpUrl(network: NetworkId): string | null {
  return getNetwork(network).appPassword?.helpUrl ?? null;
}

/**
 * Signs in to `network` with an identifier (handle or e-mail) and an app password, and stores the
 * account as a channel of the user (the same account again updates its channel). A refused sign-in
 * (wrong identifier or app password) is `invalid_credentials`; nothing is stored on any failure.
 */
export async function connectWithAppPassword(
  user: { id: string },
  network: NetworkId,
  input: { identifier: string; appPassword: string; service?: string },
  /** The workspace the channel goes into (by default the user's personal one). */
  workspaceId: string = personalWorkspaceId(user.id),
): Promise<{ channelId: string; update: boolean; displayName: string }> {
  const descriptor = getNetwork(network).appPassword;
  if (!descriptor) throw new AppError("provider_unavailable", `connections.errors.unavailable.${network}`);
  const actor = await connectingInto(user.id, workspaceId);
  await enforce(`connect-app-password:user:${user.id}`, appPasswordSignInsPerUser);
  let session;
  try {
    session = await descriptor.createSession({ identifier: input.identifier, appPassword: input.appPassword, service: input.service || undefined });
  } catch (error) {
    if (!isProviderError(error)) throw error;
    // Never the password; the identifier is the user's own handle or e-mail, left out too.
    logger.info({ provider: network, status: error.status, code: error.details.code }, "App password sign-in refused");
    // The PDS the user named, or their DID document names, is not one the server may call (SSRF).
    if (error.details.code === "origin_refused") throw new AppError("connect_failed", "profile.appPassword.serviceRefused");
    if (error.kind === "http" && (error.status === 401 || error.status === 400)) {
      throw new AppError("invalid_credentials", "profile.appPassword.refused", { values: { platform: getNetwork(network).label } });
    }
    throw new AppError("connect_failed", `connections.errors.connectFailed.${network}`);
  }
  const { account, ...tokens } = session;
  const { channelId, update } = await storeChannel(actor, network, tokens, account);
  return { channelId, update, displayName: account.displayName };
}
