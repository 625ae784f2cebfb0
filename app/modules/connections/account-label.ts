// Client-safe: how an account is named wherever the user must tell two of a network apart.

/** "X User 1 (@xuser1)", "Member 1 (member1@example.com)", or the handle or name alone. */
export function accountLabel(channel: { network: string; displayName: string; handle: string | null }): string {
  const handle = channel.handle ? (channel.network === "twitter" ? `@${channel.handle}` : channel.handle) : "";
  if (!channel.displayName) return handle;
  return handle ? `${channel.displayName} (${handle})` : channel.displayName;
}

/** The shown handle: X's with its "@", LinkedIn's (the member's e-mail) as is. */
export function handleLabel(channel: { network: string; handle: string | null }): string | null {
  return channel.handle ? (channel.network === "twitter" ? `@${channel.handle}` : channel.handle) : null;
}
