import { fetchProviderImage } from "~/integrations/http.server";
import { logger } from "~/core/logger/logger.server";
import type { NetworkId } from "~/core/platforms/platforms";
import { getDb } from "~/modules/db/db.server";
import { isRecordId } from "~/modules/db/ids";
import { detectImageType } from "~/modules/media/image-type";
import { isPixelLimitError, openImage } from "~/modules/media/sharp.server";
import { isMediaUnavailable } from "~/modules/media/media-unavailable";
import { deleteStoredFile, readStoredFile, saveFile } from "~/modules/media/storage.server";
import { avatarVersion } from "./avatar-path";

// A connected account's picture, copied into the app (docs/decisions/0053): fetched from the
// network's URL with bounds, checked, re-encoded to a small square WebP and stored under DATA_DIR
// like uploads. Whatever goes wrong, the connection stands and the page shows the initials.

export const AVATAR_MAX_BYTES = 1024 * 1024;
export const AVATAR_MAX_SIDE = 4096;
export const AVATAR_SIZE = 96;
export const AVATAR_TYPES = ["image/jpeg", "image/png", "image/webp", "image/gif"] as const;
const SHARP_FORMATS: Record<string, string> = { jpeg: "image/jpeg", png: "image/png", webp: "image/webp", gif: "image/gif" };

export class AvatarRefused extends Error {
  constructor(readonly reason: string) {
    super(`Avatar refused: ${reason}`);
  }
}

/**
 * The small square WebP the app serves for an account's picture, from the downloaded bytes: the
 * bytes must be a JPEG, PNG, WebP or GIF (by their first bytes and sharp's reading, whatever the
 * server said), at most AVATAR_MAX_SIDE a side, read from the header before any pixel is decoded.
 */
export async function encodeAvatar(bytes: Uint8Array): Promise<Uint8Array<ArrayBuffer>> {
  if (!detectImageType(bytes)) throw new AvatarRefused("not_an_image");
  let meta;
  try {
    meta = await openImage(bytes).metadata();
  } catch (error) {
    throw new AvatarRefused(isPixelLimitError(error) ? "too_many_pixels" : "unreadable");
  }
  if (!meta.format || !SHARP_FORMATS[meta.format]) throw new AvatarRefused("not_an_image");
  const width = meta.width ?? 0;
  const height = meta.height ?? 0;
  if (width < 1 || height < 1) throw new AvatarRefused("unreadable");
  if (width > AVATAR_MAX_SIDE || height > AVATAR_MAX_SIDE) throw new AvatarRefused("too_many_pixels");
  try {
    const out = await openImage(bytes).rotate().resize(AVATAR_SIZE, AVATAR_SIZE, { fit: "cover" }).webp({ quality: 80 }).toBuffer();
    return new Uint8Array(out);
  } catch {
    throw new AvatarRefused("unreadable");
  }
}

async function downloadAvatar(network: NetworkId, url: string): Promise<Uint8Array<ArrayBuffer> | { refused: string; detail?: string }> {
  const fetched = await fetchProviderImage({ provider: network, url, maxBytes: AVATAR_MAX_BYTES, types: AVATAR_TYPES });
  if (!fetched.ok) return { refused: fetched.reason, detail: fetched.detail };
  try {
    return await encodeAvatar(fetched.image.bytes);
  } catch (error) {
    if (error instanceof AvatarRefused) return { refused: error.reason };
    throw error;
  }
}

async function removeFile(avatarKey: string | null): Promise<void> {
  if (!avatarKey) return;
  await deleteStoredFile(avatarKey).catch((error: unknown) => logger.warn({ err: error, avatarKey }, "Could not delete an avatar file"));
}

/**
 * Copies a channel's avatar into the app after a connection: its network URL fetched again (on
 * every connect or reconnect: the picture behind a URL may change), the old copy replaced. A
 * failure keeps the previous copy when the URL is the same (a passing outage), and falls back to
 * the initials when it changed. Never throws: the connection it follows has succeeded.
 */
export async function refreshChannelAvatar(channelId: string, previousUrl: string | null): Promise<void> {
  try {
    const channel = await getDb().channel.findUnique({
      where: { id: channelId },
      select: { id: true, userId: true, network: true, avatarUrl: true, avatarKey: true },
    });
    if (!channel) return;
    const network = channel.network as NetworkId;
    if (!channel.avatarUrl) {
      if (channel.avatarKey) {
        await getDb().channel.update({ where: { id: channel.id }, data: { avatarKey: null } });
        await removeFile(channel.avatarKey);
      }
      return;
    }
    const result = await downloadAvatar(network, channel.avatarUrl);
    if (!(result instanceof Uint8Array)) {
      logger.info({ provider: network, channelId, reason: result.refused, detail: result.detail }, "Account picture not copied; initials shown");
      if (channel.avatarKey && previousUrl !== channel.avatarUrl) {
        await getDb().channel.update({ where: { id: channel.id }, data: { avatarKey: null } });
        await removeFile(channel.avatarKey);
      }
      return;
    }
    const key = await saveFile(channel.userId, result, "webp");
    const { count } = await getDb().channel.updateMany({ where: { id: channel.id }, data: { avatarKey: key } });
    // The channel went away meanwhile (disconnected): its copy with it.
    await removeFile(count === 1 ? channel.avatarKey : key);
  } catch (error) {
    logger.info({ err: error, channelId }, "Account picture not copied; initials shown");
  }
}

/** The bytes of one of the user's channels' avatar (WebP) and its version; another user's, or none, is null. */
export async function readChannelAvatar(userId: string, channelId: string): Promise<{ bytes: Buffer; version: string } | null> {
  if (!isRecordId(channelId)) return null;
  // For the members of the channel's workspace, whichever is current (a page of another tab may ask).
  const channel = await getDb().channel.findFirst({
    where: { id: channelId, workspace: { members: { some: { userId } } } },
    select: { avatarKey: true },
  });
  if (!channel?.avatarKey) return null;
  try {
    return { bytes: await readStoredFile(channel.avatarKey), version: avatarVersion(channel.avatarKey) };
  } catch (error) {
    // A copy that is gone shows the initials; a storage that failed is the route's to say (503).
    if (isMediaUnavailable(error) && error.reason === "missing") return null;
    throw error;
  }
}

/** Removes the avatar copies of channels that are gone (disconnected). Failures are logged. */
export async function deleteAvatarFiles(avatarKeys: (string | null)[]): Promise<void> {
  for (const key of avatarKeys) await removeFile(key);
}
