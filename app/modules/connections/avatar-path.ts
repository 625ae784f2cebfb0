// Where the page finds a channel's avatar (docs/decisions/0053): the app's own copy, served by
// /channels/{id}/avatar, never the network's URL (the Content-Security-Policy loads images from the
// app only). The stored key's random name is the version: a new picture is a new URL.

/** The version a key carries in the URL: its file name without the folder or the extension. */
export function avatarVersion(avatarKey: string): string {
  const name = avatarKey.split("/").at(-1) ?? "";
  return name.replace(/\.[a-z0-9]+$/i, "");
}

/** The app URL of a channel's avatar, or null (the page shows the initials). */
export function channelAvatarPath(channel: { id: string; avatarKey: string | null }): string | null {
  if (!channel.avatarKey) return null;
  return `/channels/${encodeURIComponent(channel.id)}/avatar?v=${encodeURIComponent(avatarVersion(channel.avatarKey))}`;
}
