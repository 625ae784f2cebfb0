import { DateTime } from "luxon";
import { usableChannelIds } from "~/modules/connections/connection.server";
import { getDb } from "~/modules/db/db.server";
import { AppError, isAppError, type RowProblem } from "~/modules/errors/app-error";
import { toMegabytes } from "~/modules/http/body-limits";
import { addToQueue } from "~/modules/queue/queue.server";
import { logger } from "~/core/logger/logger.server";
import { isNetworkId, type NetworkId } from "~/core/platforms/platforms";
import { splitAtDividers } from "~/modules/posts/composer";
import { LIST_SEPARATOR } from "~/modules/posts/csv-cells";
import { MAX_IMPORT_BYTES, MAX_IMPORT_ROWS, parseImportFile, type ImportRow } from "~/modules/posts/csv-import";
import { createPostWithTargets, deletePost, previewTargets, schedulePost } from "~/modules/posts/post.server";
import type { TargetRequest } from "~/modules/posts/post-targets.server";
import { targetsProblem } from "~/modules/posts/post-targets.server";
import type { PostRecord } from "~/modules/posts/post-view.server";
import { checkScheduleTime, localToUtc } from "~/modules/posts/schedule-time";

// Its own folder: it uses both the posts and the queue (which uses the posts), so neither imports the other.
// A posts CSV file imported all or nothing (docs/decisions/0068-csv-import.md): every row is
// checked first, and any fault is a 422 listing every row at fault; then the posts are made in
// file order, and a failure there removes those already made.

type When = { kind: "draft" } | { kind: "at"; at: Date } | { kind: "queue" };

interface CheckedRow {
  line: number;
  targets: TargetRequest[];
  when: When;
}

interface ImportChannel {
  id: string;
  network: NetworkId;
  displayName: string;
  handle: string | null;
  status: string;
}

export const importTooLarge = () => new AppError("payload_too_large", "posts.import.errors.tooLarge", { values: { max: toMegabytes(MAX_IMPORT_BYTES) } });
const tooManyRows = () => new AppError("payload_too_large", "posts.import.errors.tooManyRows", { values: { max: MAX_IMPORT_ROWS } });
const rowsFailed = (rows: RowProblem[]) => new AppError("validation_failed", "posts.import.errors.rows", { values: { count: rows.length }, rows });

const ISO_WITH_OFFSET = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/;
const LOCAL_TIME = /^(\d{4}-\d{2}-\d{2}) (\d{2}:\d{2})$/;

/** Which of the user's channels a `channels` entry names: its id, its handle (with or without `@`), or the name of one without a handle. */
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

/** Every row checked as scheduling would check it; the rows as they will be made, or every row's fault. */
async function checkRows(
  user: { id: string; timezone: string },
  rows: readonly ImportRow[],
  now: Date,
): Promise<{ checked: CheckedRow[]; problems: RowProblem[] }> {
  const db = getDb();
  const [channelRows, usable, queueSlots] = await Promise.all([
    db.channel.findMany({
      where: { userId: user.id },
      select: { id: true, network: true, displayName: true, handle: true, status: true },
      orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    }),
    usableChannelIds(user.id, now),
    db.queueSlot.count({ where: { userId: user.id } }),
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
    const timing = readWhen(cells.scheduled_at, cells.status, user.timezone, now);
    if ("problem" in timing) {
      fail(timing.problem);
      continue;
    }
    const { when } = timing;
    if (when.kind === "queue" && queueSlots === 0) {
      fail({ messageKey: "posts.import.errors.queueEmpty" });
      continue;
    }
    const targets = named.ids.map((channelId) => ({ channelId, parts }));
    if (when.kind !== "draft") {
      const preview = await previewTargets(
        { id: `import-${line}`, media: [] },
        targets.map((target) => ({ channelId: target.channelId, network: channels.find((c) => c.id === target.channelId)!.network, parts: target.parts })),
      );
      const problem = targetsProblem(preview, usable);
      if (problem) {
        fail({ messageKey: problem.messageKey, values: problem.options.values });
        continue;
      }
    }
    checked.push({ line, targets, when });
  }
  return { checked, problems };
}

async function makeRow(userId: string, row: CheckedRow): Promise<PostRecord> {
  const draft = await createPostWithTargets(userId, row.targets);
  if (row.when.kind === "draft") return draft;
  try {
    return row.when.kind === "at" ? await schedulePost(userId, draft.id, row.when.at) : await addToQueue(userId, draft.id);
  } catch (error) {
    await deletePost(userId, draft.id);
    throw error;
  }
}

/**
 * Imports a posts CSV file's text (already within MAX_IMPORT_BYTES): all its posts, in file order,
 * or none. Faults are a 422 whose `rows` name every row at fault, with its line and reason.
 */
export async function importPostsCsv(user: { id: string; timezone: string }, text: string, now: Date = new Date()): Promise<PostRecord[]> {
  const parsed = parseImportFile(text);
  if (!parsed.ok) throw parsed.tooManyRows ? tooManyRows() : rowsFailed(parsed.problems);
  if (parsed.rows.length === 0 && parsed.problems.length === 0) throw rowsFailed([{ line: 1, messageKey: "posts.import.errors.noRows" }]);
  const { checked, problems } = await checkRows(user, parsed.rows, now);
  const all = [...parsed.problems, ...problems].sort((a, b) => a.line - b.line);
  if (all.length > 0) throw rowsFailed(all);
  const made: PostRecord[] = [];
  try {
    for (const row of checked) {
      try {
        made.push(await makeRow(user.id, row));
      } catch (error) {
        if (!isAppError(error)) throw error;
        // Something only making the post finds (the plan's monthly limit, no free queue slot): that row's fault.
        throw rowsFailed([{ line: row.line, messageKey: error.messageKey, values: error.options.values }]);
      }
    }
  } catch (error) {
    for (const post of [...made].reverse()) {
      await deletePost(user.id, post.id).catch((cleanup: unknown) =>
        logger.error({ err: cleanup, postId: post.id }, "Could not remove a post of a refused import"),
      );
    }
    throw error;
  }
  return made;
}
