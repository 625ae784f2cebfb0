import { DateTime } from "luxon";
import { isNetworkId } from "~/core/platforms/platforms";
import { getDb } from "~/modules/db/db.server";
import { isValidTimeZone, MIN_LEAD_MS, startOfLocalDay, utcToLocalParts } from "~/modules/posts/schedule-time";
import { channelSetKey } from "./queue-order";
import { QUEUE_DAYS_MAX, QUEUE_DAYS_STEP, type CalendarFreeSlot, type QueueChannelView, type QueueEntry, type QueueViewData } from "./queue-view";
import { daySlotInstants, isSlotTimeOf, slotsForChannel, type QueueSlotRule } from "./queue-slots";

// What the queue view (/posts?view=queue) and the calendar's free slots show (docs/decisions/0070).

/** Posts holding a time: as the queue counts them (docs/decisions/0066). */
const HOLDING_STATUSES = ["scheduled", "publishing", "published"];
const TEXT_LENGTH = 140;

function localDates(zone: string, now: Date, count: number): string[] {
  const today = DateTime.fromJSDate(now, { zone }).startOf("day");
  return Array.from({ length: count }, (_, day) => today.plus({ days: day }).toISODate()!);
}

function nextDate(date: string): string {
  return DateTime.fromISO(date, { zone: "utc" }).plus({ days: 1 }).toISODate()!;
}

/** The text a line of the queue shows: the first text the post has, on one line, cut. */
function excerpt(texts: readonly (string | null | undefined)[]): string {
  const text = texts.map((one) => (one ?? "").replace(/\s+/g, " ").trim()).find(Boolean) ?? "";
  return text.length > TEXT_LENGTH ? `${text.slice(0, TEXT_LENGTH - 1).trimEnd()}…` : text;
}

/** The user's slots and channels, and the posts due on those channels from `from` to `to`. */
async function readQueue(userId: string, from: Date, to: Date) {
  const db = getDb();
  const slots: QueueSlotRule[] = await db.queueSlot.findMany({ where: { userId }, select: { channelId: true, weekday: true, time: true } });
  if (slots.length === 0) return { slots, channels: [], posts: [] };
  const [channels, posts] = await Promise.all([
    db.channel.findMany({
      where: { userId },
      select: { id: true, network: true, displayName: true, handle: true, status: true },
      orderBy: [{ network: "asc" }, { displayName: "asc" }, { id: "asc" }],
    }),
    db.post.findMany({
      where: { userId, status: { in: HOLDING_STATUSES }, scheduledAt: { gte: from, lt: to }, targets: { some: { channelId: { not: null } } } },
      select: {
        id: true,
        status: true,
        scheduledAt: true,
        linkedinText: true,
        twitterText: true,
        targets: { select: { channelId: true, parts: { select: { text: true }, orderBy: { position: "asc" }, take: 1 } }, orderBy: { position: "asc" } },
        deliveries: { where: { status: "publishing" }, select: { id: true } },
      },
      orderBy: [{ scheduledAt: "asc" }, { id: "asc" }],
    }),
  ]);
  return { slots, channels, posts };
}

/**
 * The coming `days` days of the queue, channel by channel: each slot time at least a minute ahead,
 * free or with the post that holds it, and the posts due at times of their own in their place.
 */
export async function loadQueueView(user: { id: string; timezone: string }, days: number, now: Date = new Date()): Promise<QueueViewData> {
  const zone = isValidTimeZone(user.timezone) ? user.timezone : "UTC";
  const dates = localDates(zone, now, days);
  const end = startOfLocalDay(nextDate(dates.at(-1)!), zone);
  const earliest = now.getTime() + MIN_LEAD_MS;
  const { slots, channels, posts } = await readQueue(user.id, now, end);
  const moreDays = days < QUEUE_DAYS_MAX ? days + QUEUE_DAYS_STEP : null;
  if (slots.length === 0) return { hasSlots: false, days, moreDays, channels: [] };

  // Queued posts (decision 70) and, per channel set, the first of them: it has no "Move to top".
  const queued = new Set<string>();
  const firstOfSet = new Map<string, { id: string; at: number }>();
  for (const post of posts) {
    const channelIds = post.targets.map((target) => target.channelId);
    const at = post.scheduledAt!.getTime();
    if (post.status !== "scheduled" || post.deliveries.length > 0 || at < earliest || channelIds.some((id) => id === null)) continue;
    if (!isSlotTimeOf(slots, channelIds as string[], zone, post.scheduledAt!)) continue;
    queued.add(post.id);
    const key = channelSetKey(channelIds as string[]);
    if (!firstOfSet.has(key)) firstOfSet.set(key, { id: post.id, at });
  }

  const views = channels.flatMap((channel): QueueChannelView[] => {
    const own = slotsForChannel(slots, channel.id);
    const held = posts.filter((post) => post.targets.some((target) => target.channelId === channel.id));
    if (own.length === 0 && held.length === 0) return [];
    const slotTimes = new Set(dates.flatMap((date) => daySlotInstants(own, date, zone)));
    const entries: (QueueEntry & { ms: number })[] = [];
    const takenTimes = new Set(held.map((post) => post.scheduledAt!.getTime()));
    for (const ms of slotTimes) {
      if (ms >= earliest && !takenTimes.has(ms)) entries.push({ kind: "free", at: new Date(ms).toISOString(), ms });
    }
    for (const post of held) {
      const ms = post.scheduledAt!.getTime();
      const key = channelSetKey(post.targets.map((target) => target.channelId ?? ""));
      entries.push({
        kind: "post",
        at: post.scheduledAt!.toISOString(),
        ms,
        postId: post.id,
        status: post.status,
        text: excerpt([post.linkedinText, post.twitterText, ...post.targets.map((target) => target.parts[0]?.text)]),
        atSlot: slotTimes.has(ms),
        canMoveToTop: queued.has(post.id) && firstOfSet.get(key)?.id !== post.id,
      });
    }
    entries.sort((a, b) => a.ms - b.ms || (a.kind === "post" ? 0 : 1) - (b.kind === "post" ? 0 : 1));
    const byDay = new Map<string, QueueEntry[]>();
    for (const { ms, ...entry } of entries) {
      const date = utcToLocalParts(new Date(ms), zone).date;
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
  return { hasSlots: true, days, moreDays, channels: views };
}

/**
 * The free slot times of the calendar's days (`dates`, consecutive "YYYY-MM-DD"), by local day:
 * only from a minute ahead on, each time once with the accounts it is free on. Empty without slots
 * (one small read then).
 */
export async function calendarFreeSlots(
  user: { id: string; timezone: string },
  dates: readonly string[],
  now: Date = new Date(),
): Promise<Record<string, CalendarFreeSlot[]>> {
  const zone = isValidTimeZone(user.timezone) ? user.timezone : "UTC";
  const today = utcToLocalParts(now, zone).date;
  const coming = dates.filter((date) => date >= today);
  if (coming.length === 0) return {};
  const end = startOfLocalDay(nextDate(coming.at(-1)!), zone);
  const earliest = now.getTime() + MIN_LEAD_MS;
  const db = getDb();
  const slots: QueueSlotRule[] = await db.queueSlot.findMany({ where: { userId: user.id }, select: { channelId: true, weekday: true, time: true } });
  if (slots.length === 0) return {};
  const [channels, taken] = await Promise.all([
    db.channel.findMany({
      where: { userId: user.id },
      select: { id: true, displayName: true, handle: true, network: true },
      orderBy: [{ network: "asc" }, { id: "asc" }],
    }),
    db.postTarget.findMany({
      where: { channelId: { not: null }, post: { userId: user.id, status: { in: HOLDING_STATUSES }, scheduledAt: { gte: now, lt: end } } },
      select: { channelId: true, post: { select: { scheduledAt: true } } },
    }),
  ]);
  const takenOn = new Set(taken.map((target) => `${target.channelId}|${target.post.scheduledAt!.getTime()}`));
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
  for (const [ms, names] of [...free].sort((a, b) => a[0] - b[0])) {
    const date = utcToLocalParts(new Date(ms), zone).date;
    (byDay[date] ??= []).push({ at: new Date(ms).toISOString(), channels: names });
  }
  return byDay;
}
