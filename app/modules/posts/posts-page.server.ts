import type { Locale } from "~/modules/i18n/i18n";
import { localDayKeys, monthGrid, monthRange, parseMonth, shiftMonth } from "./calendar";
import { countPostsByFilter, listPostCards, postsBetween } from "./post.server";
import { toPostCardView } from "./post-card-view.server";
import { parsePlatforms } from "~/modules/platforms/platforms";
import type { PostFilter } from "./schemas";

/** One page of a user's posts (newest first, as cards show them) and the count behind every filter. */
export async function loadPostsPage(userId: string, filter: PostFilter, page: number, pageSize: number) {
  // The filter's total comes with the counts every tab shows: no count query of its own.
  const [counts, first] = await Promise.all([countPostsByFilter(userId), listPostCards(userId, filter, page, pageSize)]);
  const total = counts[filter];
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  // A page past the end (a bookmark, a deleted post) shows the last one instead of nothing.
  const posts = page > pageCount ? await listPostCards(userId, filter, pageCount, pageSize) : first;
  return { counts, posts: posts.map(toPostCardView), page: Math.min(page, pageCount), pageCount, total };
}

const POSTS_PER_DAY = 4;

/** A month of posts, each on its local day in the user's time zone. */
export async function loadPostsCalendar(user: { id: string; timezone: string }, filter: PostFilter, monthParam: string | null, locale: Locale) {
  const month = parseMonth(monthParam, user.timezone);
  const { start, end } = monthRange(month, user.timezone, locale);
  const [counts, rows] = await Promise.all([countPostsByFilter(user.id), postsBetween(user.id, start, end, filter)]);
  const dayOf = localDayKeys(user.timezone);
  // A busy day shows its first few posts and how many more there are, not hundreds of rows: only
  // those few become page data.
  const perDay = new Map<string, number>();
  const posts = [];
  for (const row of rows) {
    const at = (row.publishedAt ?? row.scheduledAt)!;
    const day = dayOf(at);
    const count = (perDay.get(day) ?? 0) + 1;
    perDay.set(day, count);
    if (count > POSTS_PER_DAY) continue;
    posts.push({
      id: row.id,
      status: row.status,
      platforms: parsePlatforms(row.platforms),
      text: (row.linkedinText || row.twitterText).slice(0, 120),
      at: at.toISOString(),
      day,
    });
  }
  return {
    counts,
    calendar: {
      month,
      grid: monthGrid(month, user.timezone, locale),
      posts,
      dayTotals: Object.fromEntries(perDay),
      previous: shiftMonth(month, -1),
      next: shiftMonth(month, 1),
    },
  };
}
