import { getDb, joinSql, sql } from "~/modules/db/db.server";
import { firstRoundAt } from "~/modules/metrics/schedule";
import type { PartOutcome } from "./part-rows.server";

/** Where a delivery was published: the platform's id and the post's address. */
export interface Published {
  externalId: string;
  url: string;
}

export interface PublishedItem {
  deliveryId: string;
  workerId: string;
  /** Part 1's: what the delivery records. */
  result: Published;
  /** The last part this attempt sent, recorded with the delivery (null: all were recorded already). */
  lastPart: { id: string; result: PartOutcome } | null;
}

/**
 * The last part each attempt sent, written first and only while the worker holds the delivery: a
 * crash between this and the delivery's write leaves every part recorded, and whoever takes the
 * delivery over finds nothing left to send.
 */
async function markLastParts(workerId: string, items: PublishedItem[], publishedAt: Date): Promise<void> {
  const parts = items.flatMap((item) => (item.lastPart ? [{ deliveryId: item.deliveryId, ...item.lastPart }] : []));
  if (parts.length === 0) return;
  const caseOf = (value: (part: (typeof parts)[number]) => string | null) =>
    sql`CASE "id" ${joinSql(
      parts.map((part) => sql`WHEN ${part.id} THEN ${value(part)}`),
      " ",
    )} END`;
  await getDb().$executeRaw`
    UPDATE "PostPart"
    SET "status" = ${caseOf((part) => part.result.status)}, "externalId" = ${caseOf((part) => part.result.externalId)},
        "url" = ${caseOf((part) => part.result.url)}, "publishedAt" = ${publishedAt}, "updatedAt" = ${publishedAt}, "errorCode" = NULL, "lastError" = NULL
    WHERE "id" IN (${joinSql(parts.map((part) => part.id))})
      AND "targetId" IN (SELECT "targetId" FROM "Delivery" WHERE "id" IN (${joinSql(parts.map((part) => part.deliveryId))})
                          AND "status" = 'publishing' AND "leaseOwner" = ${workerId})`;
}

/**
 * Records deliveries as published, each only if `workerId` still holds it, in one statement per
 * worker: every delivery has its own post id and URL, which Prisma's updateMany cannot set in one
 * query, and one statement per delivery was most of the publisher's database work. Returns the ids
 * written (standard SQL: CASE, IN and RETURNING read the same on SQLite and PostgreSQL).
 */
export async function markPublished(items: PublishedItem[], publishedAt: Date): Promise<Set<string>> {
  const written = new Set<string>();
  for (const workerId of new Set(items.map((item) => item.workerId))) {
    const mine = items.filter((item) => item.workerId === workerId);
    await markLastParts(workerId, mine, publishedAt);
    const caseOf = (value: (item: PublishedItem) => string) =>
      sql`CASE "id" ${joinSql(
        mine.map((item) => sql`WHEN ${item.deliveryId} THEN ${value(item)}`),
        " ",
      )} END`;
    const rows = await getDb().$queryRaw<{ id: string }[]>`
      UPDATE "Delivery"
      SET "status" = 'published', "externalId" = ${caseOf((item) => item.result.externalId)}, "url" = ${caseOf((item) => item.result.url)},
          "publishedAt" = ${publishedAt}, "updatedAt" = ${publishedAt}, "errorCode" = NULL, "lastError" = NULL, "leaseOwner" = NULL, "leaseUntil" = NULL
      WHERE "id" IN (${joinSql(mine.map((item) => item.deliveryId))}) AND "status" = 'publishing' AND "leaseOwner" = ${workerId}
      RETURNING "id"`;
    for (const row of rows) written.add(row.id);
    // Their numbers are first fetched an hour from now (docs/decisions/0073-post-metrics.md).
    if (rows.length > 0)
      await getDb().postTarget.updateMany({
        where: { delivery: { id: { in: rows.map((row) => row.id) } }, metricsDueAt: null, metricsRound: 0 },
        data: { metricsDueAt: firstRoundAt(publishedAt) },
      });
  }
  return written;
}
