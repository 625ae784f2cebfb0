import { stringify } from "csv-stringify/sync";
import { handleLabel } from "~/modules/connections/account-label";
import { getDb, type Prisma } from "~/modules/db/db.server";
import { logger } from "~/core/logger/logger.server";
import { joinAtDividers } from "./composer";
import { CSV_COLUMNS, exportFileName, isoInZone, LIST_SEPARATOR, neutraliseCell, type CsvColumn } from "./csv-cells";
import { sumMetrics } from "./post-metrics";
import { statusWhere } from "./post.server";
import type { PostFilter } from "./schemas";

// A user's posts as CSV (docs/decisions/0067-csv-export.md), read and written a batch at a time so
// that the whole list is never in memory: the answer's body pulls the next batch when it has room.

/** Posts read per query. */
export const EXPORT_BATCH_SIZE = 500;

const exportSelect = {
  id: true,
  status: true,
  linkedinText: true,
  twitterText: true,
  scheduledAt: true,
  publishedAt: true,
  createdAt: true,
  targets: {
    orderBy: { position: "asc" },
    select: {
      channel: { select: { network: true, displayName: true, handle: true } },
      parts: {
        orderBy: { position: "asc" },
        select: { text: true, status: true, url: true, likes: true, reposts: true, replies: true, quotes: true, impressions: true, metricsFetchedAt: true },
      },
    },
  },
} satisfies Prisma.PostSelect;

type ExportedPost = Prisma.PostGetPayload<{ select: typeof exportSelect }>;

/** One post's row, its cells in CSV_COLUMNS order and neutralised. */
function postRow(post: ExportedPost, zone: string): string[] {
  const [first] = post.targets;
  const text = first ? joinAtDividers(first.parts.map((part) => ({ text: part.text, imageIds: [] }))) : post.linkedinText || post.twitterText;
  // A target whose channel was removed names no account: it is left out of `channels`.
  const channels = post.targets.flatMap(({ channel }) => (channel ? [handleLabel(channel) ?? channel.displayName] : [])).filter(Boolean);
  const links = post.targets.flatMap((target) => target.parts.filter((part) => part.status === "published" && part.url).map((part) => part.url!));
  // Every account's parts together: a number is empty only when no part has it (never 0 for "unknown").
  const metrics = sumMetrics(post.targets.flatMap((target) => target.parts));
  const count = (value: number | null | undefined) => (value === null || value === undefined ? "" : String(value));
  const cells: Record<CsvColumn, string> = {
    text,
    channels: channels.join(LIST_SEPARATOR),
    scheduled_at: isoInZone(post.scheduledAt, zone),
    status: post.status,
    published_at: isoInZone(post.publishedAt, zone),
    links: links.join(LIST_SEPARATOR),
    id: post.id,
    created_at: isoInZone(post.createdAt, zone),
    likes: count(metrics?.likes),
    reposts: count(metrics?.reposts),
    replies: count(metrics?.replies),
    quotes: count(metrics?.quotes),
    impressions: count(metrics?.impressions),
    metrics_fetched_at: metrics ? isoInZone(new Date(metrics.fetchedAt), zone) : "",
  };
  return CSV_COLUMNS.map((column) => neutraliseCell(cells[column]));
}

/**
 * RFC 4180: CRLF after each record; a field holding a comma, a quote or a line break is quoted, its
 * quotes doubled. The file starts with a byte-order mark so that spreadsheets read it as UTF-8.
 */
function toCsv(rows: string[][], options: { bom?: boolean } = {}): string {
  return stringify(rows, { record_delimiter: "windows", bom: options.bom ?? false });
}

/** A workspace's posts matching `filter`, newest first ((createdAt, id) descending, as the posts list), a batch at a time. */
async function* postBatches(workspaceId: string, filter: PostFilter): AsyncGenerator<ExportedPost[]> {
  let after: { createdAt: Date; id: string } | null = null;
  for (;;) {
    const where: Prisma.PostWhereInput = {
      workspaceId,
      ...statusWhere(filter),
      ...(after ? { OR: [{ createdAt: { lt: after.createdAt } }, { createdAt: after.createdAt, id: { lt: after.id } }] } : {}),
    };
    const posts = await getDb().post.findMany({ where, select: exportSelect, orderBy: [{ createdAt: "desc" }, { id: "desc" }], take: EXPORT_BATCH_SIZE });
    if (posts.length > 0) yield posts;
    const last = posts.at(-1);
    if (!last || posts.length < EXPORT_BATCH_SIZE) return;
    after = { createdAt: last.createdAt, id: last.id };
  }
}

/**
 * A workspace's posts matching `filter` as CSV bytes, times in the reader's time zone: the header row, then one row per post. The next
 * batch is read only when the answer's reader asks for more; a reader that goes away stops it.
 */
export function postsCsvStream(scope: { workspaceId: string; timezone: string }, filter: PostFilter): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  const batches = postBatches(scope.workspaceId, filter);
  return new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode(toCsv([[...CSV_COLUMNS]], { bom: true })));
    },
    async pull(controller) {
      try {
        const next = await batches.next();
        if (next.done) return controller.close();
        controller.enqueue(encoder.encode(toCsv(next.value.map((post) => postRow(post, scope.timezone)))));
      } catch (error) {
        logger.error({ err: error, workspaceId: scope.workspaceId }, "CSV export failed");
        controller.error(error);
      }
    },
    async cancel() {
      await batches.return(undefined);
    },
  });
}

/** The export as its answer: the stream, named after the user's day. */
export function postsCsvDownload(scope: { workspaceId: string; timezone: string }, filter: PostFilter, now: Date = new Date()) {
  return { filename: exportFileName(now, scope.timezone), body: postsCsvStream(scope, filter) };
}
