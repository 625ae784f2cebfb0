import { getDb, type Prisma } from "~/modules/db/db.server";
import { channelNeedsReconnectEventWrites } from "~/modules/webhook-events/emit.server";

/**
 * Marks the channels matching `where` as needing reconnection, with `data` (the reason, cleared
 * tokens), and answers how many it wrote. Those it turns from working (read active just before)
 * count one more loss and get their channel.needs_reconnect event in the same transaction
 * (docs/decisions/0079: a racer that turned one first wrote the same event id). With
 * `alsoStopped`, channels already stopped take `data` too (a newer reason). A channel reconnected
 * between the read and the write is left working.
 */
export async function markChannelsNeedReconnect(
  where: Prisma.ChannelWhereInput,
  data: Prisma.ChannelUpdateManyMutationInput,
  { alsoStopped = false }: { alsoStopped?: boolean } = {},
): Promise<number> {
  const db = getDb();
  const working = await db.channel.findMany({ where: { ...where, status: "active" }, select: { id: true, needsReconnectCount: true } });
  const stopped = { ...data, status: "needs_reconnect" };
  const turn = working.length
    ? [
        db.channel.updateMany({
          where: { ...where, id: { in: working.map((c) => c.id) }, status: "active" },
          data: { ...stopped, needsReconnectCount: { increment: 1 } },
        }),
      ]
    : [];
  // The already stopped ones first, so that the rows turned next are not written twice.
  const restate = alsoStopped ? [db.channel.updateMany({ where: { ...where, status: { not: "active" } }, data: stopped })] : [];
  if (turn.length + restate.length === 0) return 0;
  const results = await db.$transaction([
    ...restate,
    ...turn,
    ...channelNeedsReconnectEventWrites(working.map((c) => ({ id: c.id, count: c.needsReconnectCount + 1 }))),
  ]);
  return results.slice(0, restate.length + turn.length).reduce((sum: number, result) => sum + (result as Prisma.BatchPayload).count, 0);
}
