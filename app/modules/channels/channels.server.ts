import { getDb } from "~/modules/db/db.server";
import { isNetworkId, type NetworkId } from "~/core/platforms/platforms";
import { channelAvatarPath } from "~/modules/connections/avatar-path";
import { parseChannelLimits } from "~/modules/networks/rules";
import { limitsOf, type TargetLimits } from "~/modules/posts/target-rules";

// A user's channels (connected accounts, several per network) as the version 2 API answers them.
// Its own folder: it reads the posts module's limits, and posts already depend on connections.

export interface ChannelView {
  id: string;
  network: NetworkId;
  kind: "member" | "organization" | "account";
  displayName: string;
  handle: string | null;
  /** The app's copy of the picture (/channels/{id}/avatar?v=…, the owner's session only), or null. */
  avatarUrl: string | null;
  instance: string | null;
  status: "active" | "needs_reconnect";
  connectedAt: string;
  limits: Omit<TargetLimits, "imagesAfterFirstPart">;
}

const KINDS = ["member", "organization", "account"] as const;

function channelLimits(network: NetworkId, limitsJson: string | null): ChannelView["limits"] {
  const { maxChars, counting, maxParts, maxImagesPerPart, maxImageBytes } = limitsOf(network, parseChannelLimits(limitsJson));
  return { maxChars, counting, maxParts, maxImagesPerPart, maxImageBytes };
}

/** A workspace's channels, oldest first (the first of a network is the one the version 1 fields mean). */
export async function listChannels(workspaceId: string): Promise<ChannelView[]> {
  const rows = await getDb().channel.findMany({ where: { workspaceId }, orderBy: [{ createdAt: "asc" }, { id: "asc" }] });
  return rows.flatMap((row) => {
    if (!isNetworkId(row.network)) return [];
    return [
      {
        id: row.id,
        network: row.network,
        // A page channel (stored kind "page", docs/decisions/0058) is what the API calls an organization.
        kind: row.kind === "page" ? "organization" : (KINDS as readonly string[]).includes(row.kind) ? (row.kind as ChannelView["kind"]) : "account",
        displayName: row.displayName,
        handle: row.handle,
        avatarUrl: channelAvatarPath(row),
        instance: row.instance,
        status: row.status === "needs_reconnect" ? "needs_reconnect" : "active",
        connectedAt: row.connectedAt.toISOString(),
        limits: channelLimits(row.network, row.limitsJson),
      },
    ];
  });
}
