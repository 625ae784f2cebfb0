import { isNetworkId } from "~/core/platforms/platforms";
import { networkRules } from "~/modules/networks/rules";

// Client-safe: how an account is named wherever the user must tell two of a network apart.

/** "X User 1 (@xuser1)", "Member 1 (member1@example.com)", or the handle or name alone. */
export function accountLabel(channel: { network: string; displayName: string; handle: string | null }): string {
  const handle = handleLabel(channel) ?? "";
  if (!channel.displayName) return handle;
  return handle ? `${channel.displayName} (${handle})` : channel.displayName;
}

/** The shown handle, with its network's `handlePrefix` (X's "@"; LinkedIn's, the member's e-mail, as is). */
export function handleLabel(channel: { network: string; handle: string | null }): string | null {
  if (!channel.handle) return null;
  return `${isNetworkId(channel.network) ? networkRules(channel.network).handlePrefix : ""}${channel.handle}`;
}
