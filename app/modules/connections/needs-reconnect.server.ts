import { getDb, type Prisma } from "~/modules/db/db.server";
import { channelNeedsReconnectEventWrites } from "~/modules/webhook-events/emit.server";

/**
 * Marks the channels matching `where` as needing reconnection, with `data` (the reason, cleared
 * tokens). Those it turns from working (read active just before) count one more loss and get their
 * channel.needs_reconnect event in the same transaction (a racer that turned one first wrote the
 * same event id) (docs/decisions/0079); with `alsoStopped`,
 * channels already stopped take `data` too (a newer reason). A channel reconnected between the read
 * and the write is left working. Answers how many it turned, and how many it wrote in all.
 */
export async function markChannelsNeedReconnect(
  where: Prisma.ChannelWhereInput,
  data: Prisma.ChannelUpdateManyMutationInput,
  { alsoStopped = false }: { alsoStopped?: boolean } = {},
): Promise<{ turned: number; written: number }> {
  const db = getDb();
  const working = await db.channel.findMany({ where: { ...where, status: "active" }, select: { id: true, needsReconnectCount: true } });
  if (working.length === 0 && !alsoStopped) return { turned: 0, written: 0 };
  const stopped = { ...data, status: "needs_reconnect" };
  // The stopped ones first, so that the second write's rows are not counted twice.
  const [already, turned] = (await db.$transaction([
    db.channel.updateMany({ where: alsoStopped ? { ...where, status: { not: "active" } } : { id: { in: [] } }, data: stopped }),
    db.channel.updateMany({
      where: { ...where, id: { in: working.map((c) => c.id) }, status: "active" },
      data: { ...stopped, needsReconnectCount: { increment: 1 } },
    }),
    ...channelNeedsReconnectEventWrites(working.map((c) => ({ id: c.id, count: c.needsReconnectCount + 1 }))),
  ])) as [Prisma.BatchPayload, Prisma.BatchPayload, ...unknown[]];
  return { turned: turned.count, written: already.count + turned.count };
}
