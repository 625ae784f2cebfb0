import { getDb, joinSql, sql } from "~/modules/db/db.server";

/** Where a delivery was published: the platform's id and the post's address. */
export interface Published {
  externalId: string;
  url: string;
}

export interface PublishedItem {
  deliveryId: string;
  targetId: string;
  workerId: string;
  result: Published;
}

/** The first part of each target is what a single-part delivery published. */
async function markFirstParts(items: PublishedItem[], publishedAt: Date): Promise<void> {
  if (items.length === 0) return;
  const caseOf = (value: (item: PublishedItem) => string) =>
    sql`CASE "targetId" ${joinSql(
      items.map((item) => sql`WHEN ${item.targetId} THEN ${value(item)}`),
      " ",
    )} END`;
  await getDb().$executeRaw`
    UPDATE "PostPart"
    SET "status" = 'published', "externalId" = ${caseOf((item) => item.result.externalId)}, "url" = ${caseOf((item) => item.result.url)},
        "publishedAt" = ${publishedAt}, "updatedAt" = ${publishedAt}, "errorCode" = NULL, "lastError" = NULL
    WHERE "targetId" IN (${joinSql(items.map((item) => item.targetId))}) AND "position" = 1`;
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
    await markFirstParts(
      mine.filter((item) => written.has(item.deliveryId)),
      publishedAt,
    );
  }
  return written;
}
