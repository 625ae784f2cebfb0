import { DateTime } from "luxon";
import { dayIndex, localDayStarts } from "~/modules/posts/calendar";
import { isNetworkId } from "~/core/platforms/platforms";
import { getDb } from "~/modules/db/db.server";
import { rawBoolean, rawDate, rawNumber } from "~/modules/db/raw-values";
import { isValidTimeZone, MIN_LEAD_MS, startOfLocalDay, utcToLocalParts } from "~/modules/posts/schedule-time";
import { channelSetKey } from "./queue-order";
import { QUEUE_DAYS_MAX, QUEUE_DAYS_STEP, type CalendarFreeSlot, type QueueChannelView, type QueueEntry, type QueueViewData } from "./queue-view";
import { daySlotInstants, isSlotTimeOf, SEARCH_WEEKS, slotsForChannel, type QueueSlotRule } from "./queue-slots";

// What the queue view (/posts?view=queue) and the calendar's free slots show (docs/decisions/0070).

/** More than a column shows on one line; CSS cuts the rest. */
const TEXT_LENGTH = 90;

function datesFrom(first: string, count: number): string[] {
  const start = DateTime.fromISO(first, { zone: "utc" });
  return Array.from({ length: count }, (_, day) => start.plus({ days: day }).toISODate()!);
}

function plusDays(date: string, days: number): string {
  return DateTime.fromISO(date, { zone: "utc" }).plus({ days }).toISODate()!;
}

/** Which of `dates` (consecutive local days) the instant `ms` falls on, by their first instants. */
function dayFinder(dates: readonly string[], zone: string): (ms: number) => string {
  const bounds = localDayStarts(dates, zone).map((start) => start.getTime());
  return (ms) => dates[dayIndex(bounds, ms)]!;
}

function nextDate(date: string): string {
  return plusDays(date, 1);
}

/** The text a line of the queue shows: on one line, cut. */
function excerpt(raw: string): string {
  const text = raw.replace(/\s+/g, " ").trim();
  return text.length > TEXT_LENGTH ? `${text.slice(0, TEXT_LENGTH - 1).trimEnd()}…` : text;
}

/** A post due in the window, one row per target (its channel, null for a target without one). */
interface DueRow {
  id: string;
  status: string;
  scheduledAt: Date;
  channelId: string | null;
  text: string;
  inFlight: boolean;
}

/**
 * The posts holding a time from `from` to `to` (scheduled, publishing or published), a row per
 * target, with the start of their text and whether a delivery is in flight. One raw statement, as
 * the other /posts views read theirs (decisions 31 and 39): Prisma's nested reads cost four.
 */
async function duePosts(workspaceId: string, from: Date, to: Date): Promise<DueRow[]> {
  const rows = await getDb().$queryRaw<
    { id: string; status: string; scheduledAt: Date | string; channelId: string | null; text: string | null; inFlight: number | bigint | boolean }[]
  >`
    SELECT "Post"."id", "Post"."status", "Post"."scheduledAt", "PostTarget"."channelId",
      COALESCE(NULLIF(SUBSTR("Post"."linkedinText", 1, ${TEXT_LENGTH}), ''), NULLIF(SUBSTR("Post"."twitterText", 1, ${TEXT_LENGTH}), ''),
        (SELECT SUBSTR("PostPart"."text", 1, ${TEXT_LENGTH}) FROM "PostPart" JOIN "PostTarget" "first" ON "first"."id" = "PostPart"."targetId"
          WHERE "first"."postId" = "Post"."id" ORDER BY "first"."position", "PostPart"."position" LIMIT 1)) AS "text",
      EXISTS (SELECT 1 FROM "Delivery" WHERE "Delivery"."postId" = "Post"."id" AND "Delivery"."status" = ${"publishing"}) AS "inFlight"
    FROM "Post" JOIN "PostTarget" ON "PostTarget"."postId" = "Post"."id"
    WHERE "Post"."workspaceId" = ${workspaceId} AND "Post"."status" IN (${"scheduled"}, ${"publishing"}, ${"published"})
      AND "Post"."scheduledAt" >= ${from} AND "Post"."scheduledAt" < ${to}
    ORDER BY "Post"."scheduledAt", "Post"."id", "PostTarget"."position"`;
  return rows.map((row) => ({
    id: row.id,
    status: row.status,
    scheduledAt: rawDate(row.scheduledAt),
    channelId: row.channelId,
    text: row.text ?? "",
    inFlight: rawBoolean(row.inFlight),
  }));
}

interface DuePost {
  id: string;
  status: string;
  scheduledAt: Date;
  channelIds: (string | null)[];
  text: string;
  inFlight: boolean;
}

function byPost(rows: readonly DueRow[]): DuePost[] {
  const posts = new Map<string, DuePost>();
  for (const row of rows) {
    const post = posts.get(row.id);
    if (post) post.channelIds.push(row.channelId);
    else posts.set(row.id, { ...row, channelIds: [row.channelId] });
  }
  return [...posts.values()];
}

/** The workspace's slot rules. Raw, as the reads beside them: each Prisma query costs four statements. */
async function slotRules(workspaceId: string): Promise<QueueSlotRule[]> {
  const rows = await getDb().$queryRaw<{ channelId: string | null; weekday: number | bigint; time: string }[]>`
    SELECT "channelId", "weekday", "time" FROM "QueueSlot" WHERE "workspaceId" = ${workspaceId}`;
  return rows.map((row) => ({ channelId: row.channelId, weekday: rawNumber(row.weekday), time: row.time }));
}

/** The workspace's channels as the queue names them, by network, then name. */
function queueChannels(workspaceId: string) {
  return getDb().$queryRaw<{ id: string; network: string; displayName: string; handle: string | null; status: string }[]>`
    SELECT "id", "network", "displayName", "handle", "status" FROM "Channel" WHERE "workspaceId" = ${workspaceId}
    ORDER BY "network", "displayName", "id"`;
}

/** The workspace's slots, channels, and the posts due from `from` to `to` (nothing more without slots). */
async function readQueue(workspaceId: string, from: Date, to: Date) {
  const [slots, channels, rows] = await Promise.all([slotRules(workspaceId), queueChannels(workspaceId), duePosts(workspaceId, from, to)]);
  return { slots, channels, posts: byPost(rows) };
}

/**
 * `days` days of the queue from the day `from` (today when null; never before today, nor past the
 * 53 weeks the queue looks ahead), channel by channel: each slot time at least a minute ahead, free
 * or with the post that holds it, and the posts due at times of their own in their place.
 */
export async function loadQueueView(
  scope: { workspaceId: string; timezone: string },
  { days, from }: { days: number; from?: string | null },
  now: Date = new Date(),
): Promise<QueueViewData> {
  const zone = isValidTimeZone(scope.timezone) ? scope.timezone : "UTC";
  const today = utcToLocalParts(now, zone).date;
  const last = plusDays(today, SEARCH_WEEKS * 7 - days);
  const first = !from || from < today ? today : from > last ? last : from;
  const dates = datesFrom(first, days);
  const start = first === today ? now : startOfLocalDay(first, zone);
  const end = startOfLocalDay(nextDate(dates.at(-1)!), zone);
  const earliest = now.getTime() + MIN_LEAD_MS;
  const { slots, channels, posts } = await readQueue(scope.workspaceId, start, end);
  const paging = {
    from: first,
    earlierFrom: first > today ? (plusDays(first, -days) < today ? today : plusDays(first, -days)) : null,
    laterFrom: first < last ? plusDays(first, days) : null,
    days,
    moreDays: days < QUEUE_DAYS_MAX ? days + QUEUE_DAYS_STEP : null,
  };
  if (slots.length === 0) return { hasSlots: false, ...paging, channels: [] };

  // Queued posts (decision 70) and, per channel set, the first of them: it has no "Move to top".
  const queued = new Set<string>();
  const firstOfSet = new Map<string, { id: string; at: number }>();
  for (const post of posts) {
    const { channelIds } = post;
    const at = post.scheduledAt.getTime();
    if (post.status !== "scheduled" || post.inFlight || at < earliest || channelIds.some((id) => id === null)) continue;
    if (!isSlotTimeOf(slots, channelIds as string[], zone, post.scheduledAt)) continue;
    queued.add(post.id);
    const key = channelSetKey(channelIds as string[]);
    if (!firstOfSet.has(key)) firstOfSet.set(key, { id: post.id, at });
  }

  const dayOf = dayFinder(dates, zone);
  const views = channels.flatMap((channel): QueueChannelView[] => {
    const own = slotsForChannel(slots, channel.id);
    const held = posts.filter((post) => post.channelIds.includes(channel.id));
    if (own.length === 0 && held.length === 0) return [];
    const slotTimes = new Set(dates.flatMap((date) => daySlotInstants(own, date, zone)));
    const entries: (QueueEntry & { ms: number })[] = [];
    const takenTimes = new Set(held.map((post) => post.scheduledAt.getTime()));
    for (const ms of slotTimes) {
      if (ms >= earliest && !takenTimes.has(ms)) entries.push({ kind: "free", at: new Date(ms).toISOString(), ms });
    }
    for (const post of held) {
      const ms = post.scheduledAt.getTime();
      const key = channelSetKey(post.channelIds.map((id) => id ?? ""));
      entries.push({
        kind: "post",
        at: post.scheduledAt.toISOString(),
        ms,
        postId: post.id,
        status: post.status,
        text: excerpt(post.text),
        atSlot: slotTimes.has(ms),
        // From today, the first of its channel set is the top already; from a later day, an earlier
        // one may be out of sight, so the button stays (on the top post it changes nothing).
        canMoveToTop: queued.has(post.id) && (first !== today || firstOfSet.get(key)?.id !== post.id),
      });
    }
    entries.sort((a, b) => a.ms - b.ms || (a.kind === "post" ? 0 : 1) - (b.kind === "post" ? 0 : 1));
    const byDay = new Map<string, QueueEntry[]>();
    for (const { ms, ...entry } of entries) {
      const date = dayOf(ms);
      byDay.set(date, [...(byDay.get(date) ?? []), entry]);
    }
    return [
      {
        id: channel.id,
        network: isNetworkId(channel.network) ? channel.network : "linkedin",
        name: channel.displayName || channel.handle || channel.network,
        needsReconnect: channel.status !== "active",
        days: [...byDay].map(([date, dayEntries]) => ({ date, entries: dayEntries })),
      },
    ];
  });
  return { hasSlots: true, ...paging, channels: views };
}

/**
 * The free slot times of the calendar's days (`dates`, consecutive "YYYY-MM-DD"), by local day:
 * only from a minute ahead on, each time once with the accounts it is free on. Empty without slots
 * (one small read then).
 */
export async function calendarFreeSlots(
  scope: { workspaceId: string; timezone: string },
  dates: readonly string[],
  now: Date = new Date(),
): Promise<Record<string, CalendarFreeSlot[]>> {
  const zone = isValidTimeZone(scope.timezone) ? scope.timezone : "UTC";
  const today = utcToLocalParts(now, zone).date;
  const coming = dates.filter((date) => date >= today);
  if (coming.length === 0) return {};
  const end = startOfLocalDay(nextDate(coming.at(-1)!), zone);
  const earliest = now.getTime() + MIN_LEAD_MS;
  const db = getDb();
  // All at once: most users of the calendar have slots, and each read is small.
  const [slots, channels, taken] = await Promise.all([
    slotRules(scope.workspaceId),
    queueChannels(scope.workspaceId),
    db.$queryRaw<{ channelId: string; scheduledAt: Date | string }[]>`
      SELECT "PostTarget"."channelId", "Post"."scheduledAt" FROM "Post" JOIN "PostTarget" ON "PostTarget"."postId" = "Post"."id"
      WHERE "Post"."workspaceId" = ${scope.workspaceId} AND "Post"."status" IN (${"scheduled"}, ${"publishing"}, ${"published"})
        AND "Post"."scheduledAt" >= ${now} AND "Post"."scheduledAt" < ${end} AND "PostTarget"."channelId" IS NOT NULL`,
  ]);
  if (slots.length === 0) return {};
  const takenOn = new Set(taken.map((row) => `${row.channelId}|${rawDate(row.scheduledAt).getTime()}`));
  const free = new Map<number, string[]>();
  for (const channel of channels) {
    const own = slotsForChannel(slots, channel.id);
    if (own.length === 0) continue;
    for (const date of coming) {
      for (const ms of daySlotInstants(own, date, zone)) {
        if (ms < earliest || takenOn.has(`${channel.id}|${ms}`)) continue;
        free.set(ms, [...(free.get(ms) ?? []), channel.displayName || channel.handle || channel.network]);
      }
    }
  }
  const byDay: Record<string, CalendarFreeSlot[]> = {};
  const dayOf = dayFinder(coming, zone);
  for (const [ms, names] of [...free].sort((a, b) => a[0] - b[0])) {
    const date = dayOf(ms);
    (byDay[date] ??= []).push({ at: new Date(ms).toISOString(), channels: names });
  }
  return byDay;
}
