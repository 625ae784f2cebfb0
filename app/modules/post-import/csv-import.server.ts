import { DateTime } from "luxon";
import { asActor, requireCan, type Actor, type ActorRef } from "~/modules/workspaces/owner";
import { usableChannelIds } from "~/modules/connections/connection.server";
import { trackEventFor } from "~/modules/analytics/server-events.server";
import { getDb } from "~/modules/db/db.server";
import { inTransaction, lockRow } from "~/modules/db/transaction.server";
import { AppError, type RowProblem } from "~/modules/errors/app-error";
import { toMegabytes } from "~/modules/http/body-limits";
import { placeInQueue } from "~/modules/queue/queue.server";
import { isNetworkId, type NetworkId } from "~/core/platforms/platforms";
import { splitAtDividers } from "~/modules/posts/composer";
import { LIST_SEPARATOR } from "~/modules/posts/csv-cells";
import { MAX_IMPORT_BYTES, MAX_IMPORT_ROWS, parseImportFile, type ImportRow } from "~/modules/posts/csv-import";
import { firstOverScheduledPostLimit, planLimitReached, scheduledPostLimitApplies } from "~/modules/posts/plan-limit.server";
import { getOwnPosts, insertPostsInTransaction, previewChannelSelect, targetsAsWritten } from "~/modules/posts/post.server";
import { targetsProblem } from "~/modules/posts/post-targets.server";
import type { PostRecord } from "~/modules/posts/post-view.server";
import type { TargetInput } from "~/modules/posts/targets.server";
import { checkScheduleTime, localToUtc } from "~/modules/posts/schedule-time";

// Its own folder: it uses both the posts and the queue (which uses the posts), so neither imports the other.
// A posts CSV file imported all or nothing (docs/decisions/0068-csv-import.md, 0071): every row is
// checked first, and any fault is a 422 listing every row at fault; then all the posts are made in
// one transaction (queue times, the plan's limit and the writes together), or none.

export type When = { kind: "draft" } | { kind: "at"; at: Date } | { kind: "queue" };

/** A row as it will be made: its accounts (in the order named), its parts, and when it goes. */
export interface CheckedRow {
  line: number;
  channels: ImportChannel[];
  parts: string[];
  when: When;
}

/** What a file would make (the import page's preview), or every row's fault. */
export interface ImportPlan {
  rows: CheckedRow[];
  problems: RowProblem[];
}

export interface ImportChannel {
  id: string;
  network: NetworkId;
  displayName: string;
  handle: string | null;
  status: string;
}

export const importTooLarge = () => new AppError("payload_too_large", "posts.import.errors.tooLarge", { values: { max: toMegabytes(MAX_IMPORT_BYTES) } });
export const tooManyRows = () => new AppError("payload_too_large", "posts.import.errors.tooManyRows", { values: { max: MAX_IMPORT_ROWS } });
const rowsFailed = (rows: RowProblem[]) => new AppError("validation_failed", "posts.import.errors.rows", { values: { count: rows.length }, rows });

const ISO_WITH_OFFSET = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/;
const LOCAL_TIME = /^(\d{4}-\d{2}-\d{2}) (\d{2}:\d{2})$/;

/** Which of the workspace's channels a `channels` entry names: its id, its handle (with or without `@`), or the name of one without a handle. */
function channelsNamed(entry: string, channels: readonly ImportChannel[]): ImportChannel[] {
  const byId = channels.filter((channel) => channel.id === entry);
  if (byId.length > 0) return byId;
  const bare = entry.replace(/^@/, "").toLowerCase();
  const byHandle = channels.filter((channel) => channel.handle !== null && channel.handle.replace(/^@/, "").toLowerCase() === bare);
  if (byHandle.length > 0) return byHandle;
  return channels.filter((channel) => channel.handle === null && channel.displayName.toLowerCase() === entry.toLowerCase());
}

function readChannels(cell: string, channels: readonly ImportChannel[]): { ids: string[] } | { problem: Omit<RowProblem, "line"> } {
  const entries = cell
    .split(LIST_SEPARATOR)
    .map((entry) => entry.trim())
    .filter(Boolean);
  if (entries.length === 0) {
    const active = channels.filter((channel) => channel.status === "active");
    if (active.length === 0) return { problem: { messageKey: "posts.import.errors.noChannels" } };
    return { ids: active.map((channel) => channel.id) };
  }
  const ids: string[] = [];
  for (const entry of entries) {
    const named = channelsNamed(entry, channels);
    if (named.length === 0) return { problem: { messageKey: "posts.import.errors.channelUnknown", values: { channel: entry } } };
    if (named.length > 1) return { problem: { messageKey: "posts.import.errors.channelAmbiguous", values: { channel: entry } } };
    if (!ids.includes(named[0]!.id)) ids.push(named[0]!.id);
  }
  return { ids };
}

function readWhen(scheduledAt: string, status: string, zone: string, now: Date): { when: When } | { problem: Omit<RowProblem, "line"> } {
  const value = scheduledAt.trim();
  const state = status.trim().toLowerCase();
  if (state !== "" && state !== "draft" && state !== "scheduled")
    return { problem: { messageKey: "posts.import.errors.status", values: { status: status.trim() } } };
  if (value.toLowerCase() === "draft" || (value === "" && state === "draft")) return { when: { kind: "draft" } };
  if (value === "") return { when: { kind: "queue" } };
  let at: Date;
  const local = LOCAL_TIME.exec(value);
  if (ISO_WITH_OFFSET.test(value)) {
    const parsed = DateTime.fromISO(value, { setZone: true });
    if (!parsed.isValid) return { problem: { messageKey: "posts.import.errors.timeInvalid", values: { value } } };
    at = parsed.toJSDate();
  } else if (local) {
    const result = localToUtc(local[1]!, local[2]!, zone);
    if (!result.ok) {
      const key = result.reason === "nonexistent" ? "posts.import.errors.timeNonexistent" : "posts.import.errors.timeInvalid";
      return { problem: { messageKey: key, values: { value, zone } } };
    }
    at = result.utc;
  } else {
    return { problem: { messageKey: "posts.import.errors.timeInvalid", values: { value } } };
  }
  const timing = checkScheduleTime(at, now);
  if (timing === "past") return { problem: { messageKey: "posts.import.errors.timePast", values: { value } } };
  if (timing === "too_soon") return { problem: { messageKey: "posts.errors.timeTooSoon" } };
  return { when: { kind: "at", at } };
}

/** Who imports, into which workspace, and the time zone the file's times are read in (the importer's). */
export interface ImportScope {
  actor: ActorRef;
  timezone: string;
}

/** Every row checked as scheduling would check it; the rows as they will be made, or every row's fault. */
async function checkRows(scope: ImportScope, rows: readonly ImportRow[], now: Date): Promise<ImportPlan> {
  const db = getDb();
  const { workspaceId } = asActor(scope.actor);
  const [channelRows, usable, queueSlots] = await Promise.all([
    db.channel.findMany({
      where: { workspaceId },
      select: previewChannelSelect,
      orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    }),
    usableChannelIds(workspaceId, now),
    db.queueSlot.count({ where: { workspaceId } }),
  ]);
  const channels = channelRows.flatMap((channel) => (isNetworkId(channel.network) ? [{ ...channel, network: channel.network }] : []));
  const checked: CheckedRow[] = [];
  const problems: RowProblem[] = [];
  for (const row of rows) {
    const { line, cells } = row;
    const fail = (problem: Omit<RowProblem, "line">) => problems.push({ line, ...problem });
    if (cells.text.trim() === "") {
      fail({ messageKey: "posts.import.errors.textRequired" });
      continue;
    }
    const parts = splitAtDividers([{ text: cells.text, imageIds: [] }]).map((part) => ({ text: part.text }));
    const named = readChannels(cells.channels, channels);
    if ("problem" in named) {
      fail(named.problem);
      continue;
    }
    const timing = readWhen(cells.scheduled_at, cells.status, scope.timezone, now);
    if ("problem" in timing) {
      fail(timing.problem);
      continue;
    }
    const { when } = timing;
    if (when.kind === "queue" && queueSlots === 0) {
      fail({ messageKey: "posts.import.errors.queueEmpty" });
      continue;
    }
    const rowChannels = named.ids.map((id) => channels.find((channel) => channel.id === id)!);
    if (when.kind !== "draft") {
      const preview = targetsAsWritten(
        { id: `import-${line}`, media: [] },
        rowChannels.map((channel) => ({ channelId: channel.id, network: channel.network, parts })),
        channelRows,
      );
      const problem = targetsProblem(preview, usable);
      if (problem) {
        fail({ messageKey: problem.messageKey, values: problem.options.values });
        continue;
      }
    }
    checked.push({ line, channels: rowChannels, parts: parts.map((part) => part.text), when });
  }
  return { rows: checked, problems };
}

const targetsOf = (row: CheckedRow): TargetInput[] =>
  row.channels.map((channel) => ({ channelId: channel.id, network: channel.network, parts: row.parts.map((text) => ({ text })) }));

/**
 * What a posts CSV file's text (already within MAX_IMPORT_BYTES) would make, row by row, and every
 * row at fault, with nothing written. A file over MAX_IMPORT_ROWS rows is a 413.
 */
export async function planImport(scope: ImportScope, text: string, now: Date = new Date()): Promise<ImportPlan> {
  // An import schedules and queues posts: an editor's (a writer drafts one at a time).
  requireCan(scope.actor, "publish");
  const parsed = parseImportFile(text);
  if (!parsed.ok && parsed.tooManyRows) throw tooManyRows();
  if (!parsed.ok) return { rows: [], problems: parsed.problems };
  if (parsed.rows.length === 0 && parsed.problems.length === 0) return { rows: [], problems: [{ line: 1, messageKey: "posts.import.errors.noRows" }] };
  const { rows, problems } = await checkRows(scope, parsed.rows, now);
  return { rows, problems: [...parsed.problems, ...problems].sort((a, b) => a.line - b.line) };
}

/**
 * Makes the checked rows' posts in one transaction, under the workspace's row lock, then the
 * importer's (the plan's limit is theirs; the queue's order of locks): queued rows take
 * successive free slots (the import's own times held too), the plan's monthly limit is counted for
 * all of them at once, then every post, target, part and delivery is written in a few statements.
 * A row that fails here (no free slot, over the limit) is a 422 naming it, and nothing is made.
 */
async function makeRows(actor: Actor, rows: readonly CheckedRow[]): Promise<string[]> {
  const { userId, workspaceId } = actor;
  const limited = await scheduledPostLimitApplies(userId);
  const rowFailed = (row: CheckedRow, error: AppError) => rowsFailed([{ line: row.line, messageKey: error.messageKey, values: error.options.values }]);
  return inTransaction(async (tx) => {
    await lockRow(tx, "Workspace", workspaceId);
    await lockRow(tx, "User", userId);
    const times = new Map<CheckedRow, Date>();
    for (const row of rows) if (row.when.kind === "at") times.set(row, row.when.at);
    const queued = rows.filter((row) => row.when.kind === "queue");
    if (queued.length > 0) {
      const held = [...times].flatMap(([row, at]) => row.channels.map((channel) => ({ channelId: channel.id, at })));
      const placed = await placeInQueue(
        tx,
        workspaceId,
        queued.map((row) => row.channels.map((channel) => channel.id)),
        { held },
      );
      if ("failed" in placed) throw rowFailed(queued[placed.failed]!, placed.error);
      queued.forEach((row, index) => times.set(row, placed.times[index]!));
    }
    const scheduled = rows.filter((row) => times.has(row));
    if (limited) {
      const over = await firstOverScheduledPostLimit(
        tx,
        userId,
        scheduled.map((row) => times.get(row)!),
      );
      if (over !== null) throw rowFailed(scheduled[over]!, planLimitReached());
    }
    return insertPostsInTransaction(
      tx,
      actor,
      rows.map((row) => ({ targets: targetsOf(row), scheduledAt: times.get(row) ?? null })),
    );
  });
}

/**
 * Imports a posts CSV file's text (already within MAX_IMPORT_BYTES): all its posts, in file order,
 * or none. Faults are a 422 whose `rows` name every row at fault, with its line and reason.
 */
export async function importPostsCsv(scope: ImportScope, text: string, now: Date = new Date()): Promise<PostRecord[]> {
  const plan = await planImport(scope, text, now);
  if (plan.problems.length > 0) throw rowsFailed(plan.problems);
  const actor = asActor(scope.actor);
  const ids = await makeRows(actor, plan.rows);
  const posts = await getOwnPosts(actor, ids);
  for (const post of posts) {
    if (post.status !== "scheduled" || !post.scheduledAt) continue;
    const platforms = post.targets.map((target) => target.network);
    trackEventFor(actor.userId, "post scheduled", { post_id: post.id, platforms, publish_now: false, scheduled_at: post.scheduledAt.toISOString() });
  }
  return posts;
}
