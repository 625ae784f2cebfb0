import { getDb } from "~/modules/db/db.server";

/**
 * Gives a post written straight to the database (as a test seeds it) one target per network, on the
 * user's first channel of it when there is one, each with part 1 holding that network's text, and
 * a delivery with `delivery` (none when null). Returns the targets' ids by network.
 */
export async function seedTargets(
  post: { id: string },
  networks: string[],
  delivery: ((network: string) => Record<string, unknown> | null) | null = null,
): Promise<Record<string, string>> {
  const db = getDb();
  const row = await db.post.findUniqueOrThrow({ where: { id: post.id }, select: { userId: true, linkedinText: true, twitterText: true } });
  const ids: Record<string, string> = {};
  for (const [index, network] of networks.entries()) {
    const channel = await db.channel.findFirst({ where: { userId: row.userId, network }, orderBy: { createdAt: "asc" }, select: { id: true } });
    const text = network === "linkedin" ? row.linkedinText : row.twitterText;
    const target = await db.postTarget.create({
      data: { postId: post.id, channelId: channel?.id ?? null, network, position: index + 1, parts: { create: { position: 1, text } } },
    });
    ids[network] = target.id;
    const data = delivery?.(network);
    if (data) await db.delivery.create({ data: { postId: post.id, targetId: target.id, platform: network, ...data } });
  }
  return ids;
}
