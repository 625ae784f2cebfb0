import { getDb } from "~/modules/db/db.server";
import type { NetworkId } from "~/core/platforms/platforms";

// When a channel is disconnected, the scheduled posts that target it are flagged (not lost, not
// unscheduled): the post says the account must be connected again before it is due. errorMessage
// keeps the network's name (what version 1 clients and the post header read).

export const DISCONNECTED_FLAG = "platform_disconnected";

/** The flag for the posts targeting this channel; run before the channel is deleted (targets keep their row, lose the link). */
export function flagPostsTargeting(channel: { id: string; network: string; workspaceId: string }) {
  return getDb().post.updateMany({
    where: { workspaceId: channel.workspaceId, status: "scheduled", targets: { some: { channelId: channel.id } } },
    data: { errorCode: DISCONNECTED_FLAG, errorMessage: channel.network },
  });
}

/**
 * After a channel of `provider` is connected: when it is now the workspace's only channel of that
 * network, the targets of that network without a channel, on its drafts and flagged scheduled posts,
 * are given this one (what one account per network always meant: a draft started before connecting,
 * a post whose account was disconnected). With several channels nobody can tell which one a target
 * meant: it stays as it is until the post is edited. Then a flagged post whose targets all have a
 * channel again loses its flag.
 */
export async function clearDisconnectFlags(workspaceId: string, provider: NetworkId): Promise<void> {
  const db = getDb();
  const flagged = { workspaceId, status: "scheduled", errorCode: DISCONNECTED_FLAG, errorMessage: provider };
  const channels = await db.channel.findMany({ where: { workspaceId, network: provider }, select: { id: true } });
  if (channels.length === 1) {
    await db.postTarget.updateMany({
      where: { channelId: null, network: provider, post: { OR: [flagged, { workspaceId, status: "draft" }] } },
      data: { channelId: channels[0]!.id },
    });
  }
  await db.post.updateMany({
    where: { ...flagged, targets: { none: { network: provider, channelId: null } } },
    data: { errorCode: null, errorMessage: null },
  });
}
