import type { Locale } from "~/modules/i18n/i18n";
import { localDayStarts, monthGrid, parseMonth, shiftMonth } from "./calendar";
import { calendarPosts, countPostsByFilter, listPostCards } from "./post-lists.server";
import { toPostCardView } from "./post-card-view.server";
import { parseNetworks } from "~/core/platforms/platforms";
import type { PostFilter } from "./schemas";

/** One page of a workspace's posts (newest first, as cards show them) and the count behind every filter. */
export async function loadPostsPage(workspaceId: string, filter: PostFilter, page: number, pageSize: number) {
  // The filter's total comes with the counts every tab shows: no count query of its own.
  const [counts, first] = await Promise.all([countPostsByFilter(workspaceId), listPostCards(workspaceId, filter, page, pageSize)]);
  const total = counts[filter];
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  // A page past the end (a bookmark, a deleted post) shows the last one instead of nothing.
  const posts = page > pageCount ? await listPostCards(workspaceId, filter, pageCount, pageSize) : first;
  return { counts, posts: posts.map(toPostCardView), page: Math.min(page, pageCount), pageCount, total };
}

/** A calendar day shows this many posts, then "+n more" (as PostCalendar draws it). */
const POSTS_PER_DAY = 3;
/** More than a day cell (about 20 characters) or a phone row (about 40) shows; CSS truncates the rest. */
const CALENDAR_TEXT_LENGTH = 64;

/** A month of a workspace's posts, each on its local day in the user's time zone. */
export async function loadPostsCalendar(workspaceId: string, user: { timezone: string }, filter: PostFilter, monthParam: string | null, locale: Locale) {
  const month = parseMonth(monthParam, user.timezone);
  const grid = monthGrid(month, user.timezone, locale);
  const days = grid.weeks.flat().map((day) => day.date);
  const [counts, rows] = await Promise.all([
    countPostsByFilter(workspaceId),
    calendarPosts(workspaceId, localDayStarts(days, user.timezone), filter, POSTS_PER_DAY, CALENDAR_TEXT_LENGTH),
  ]);
  // A busy day shows its first few posts and how many more there are: only those few are read.
  const dayTotals: Record<string, number> = {};
  const posts = rows.map((row) => {
    const day = days[row.day]!;
    dayTotals[day] = row.dayTotal;
    return { id: row.id, status: row.status, platforms: parseNetworks(row.platforms), text: row.text, at: row.at.toISOString(), day };
  });
  return {
    counts,
    calendar: { month, grid, posts, dayTotals, previous: shiftMonth(month, -1), next: shiftMonth(month, 1) },
  };
}
