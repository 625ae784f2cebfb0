import type { Metrics } from "~/integrations/networks/types";
import { getDb, joinSql, sql } from "~/modules/db/db.server";
import { getEnv } from "~/core/env/env.server";

// Writes of the numbers themselves: each part its own values, many parts per statement (one
// statement per part was most of the time of a large refresh, see scripts/bench-metrics.ts).

const ROWS_PER_STATEMENT = 300;
/** Ids per `IN (…)` of a Prisma statement: it refuses more parameters than SQLite takes. */
const IDS_PER_STATEMENT = 500;

/** Runs `work` on slices of `ids` small enough for one statement each, one after the other. */
export async function inSlices(ids: string[], work: (slice: string[]) => Promise<unknown>): Promise<void> {
  for (let at = 0; at < ids.length; at += IDS_PER_STATEMENT) await work(ids.slice(at, at + IDS_PER_STATEMENT));
}

/** Stores each part's numbers as fetched at `fetchedAt`. Parts not named keep what they had. */
export async function writePartMetrics(parts: { id: string; metrics: Metrics }[], fetchedAt: Date): Promise<void> {
  for (let at = 0; at < parts.length; at += ROWS_PER_STATEMENT) {
    const chunk = parts.slice(at, at + ROWS_PER_STATEMENT);
    // Typed so that a column whose every value is null is still an integer on PostgreSQL.
    const caseOf = (column: keyof Metrics) =>
      sql`CASE "id" ${joinSql(
        chunk.map((part) => sql`WHEN ${part.id} THEN CAST(${part.metrics[column]} AS INTEGER)`),
        " ",
      )} END`;
    await getDb().$executeRaw`
      UPDATE "PostPart"
      SET "likes" = ${caseOf("likes")}, "reposts" = ${caseOf("reposts")}, "replies" = ${caseOf("replies")}, "quotes" = ${caseOf("quotes")},
          "impressions" = ${caseOf("impressions")}, "metricsFetchedAt" = ${fetchedAt}
      WHERE "id" IN (${joinSql(chunk.map((part) => part.id))})`;
  }
}

/** Sets each target's next automatic fetch, while `workerId` holds its lease (the job's outcome). */
export async function writeDueTimes(targets: { id: string; dueAt: Date | null }[], workerId: string): Promise<void> {
  const timestamp = (value: Date | null) => (getEnv().isPostgres ? sql`CAST(${value} AS TIMESTAMP(3))` : sql`${value}`);
  for (let at = 0; at < targets.length; at += ROWS_PER_STATEMENT) {
    const chunk = targets.slice(at, at + ROWS_PER_STATEMENT);
    await getDb().$executeRaw`
      UPDATE "PostTarget"
      SET "metricsDueAt" = CASE "id" ${joinSql(
        chunk.map((target) => sql`WHEN ${target.id} THEN ${timestamp(target.dueAt)}`),
        " ",
      )} END
      WHERE "id" IN (${joinSql(chunk.map((target) => target.id))}) AND "metricsLeaseOwner" = ${workerId}`;
  }
}
