import type { Locale } from "~/modules/i18n/i18n";
import { localDayKey, monthGrid, monthRange, parseMonth, shiftMonth } from "./calendar";
import { countPostsByFilter, listPosts, postsBetween } from "./post.server";
import { toPostView } from "./post-view.server";
import { parsePlatforms } from "./platforms";
import type { PostFilter } from "./schemas";

/** One page of a user's posts (newest first) and the count behind every filter. */
export async function loadPostsPage(userId: string, filter: PostFilter, page: number, pageSize: number) {
  const [counts, first] = await Promise.all([countPostsByFilter(userId), listPosts(userId, filter, page, pageSize)]);
  const pageCount = Math.max(1, Math.ceil(first.total / pageSize));
  // A page past the end (a bookmark, a deleted post) shows the last one instead of nothing.
  const result = page > pageCount ? await listPosts(userId, filter, pageCount, pageSize) : first;
  return { counts, posts: result.posts.map(toPostView), page: Math.min(page, pageCount), pageCount, total: result.total };
}

/** A month of posts, each on its local day in the user's time zone. */
export async function loadPostsCalendar(user: { id: string; timezone: string }, filter: PostFilter, monthParam: string | null, locale: Locale) {
  const month = parseMonth(monthParam, user.timezone);
  const { start, end } = monthRange(month, user.timezone, locale);
  const [counts, rows] = await Promise.all([countPostsByFilter(user.id), postsBetween(user.id, start, end, filter)]);
  const posts = rows.map((row) => {
    const at = (row.publishedAt ?? row.scheduledAt)!;
    return {
      id: row.id,
      status: row.status,
      platforms: parsePlatforms(row.platforms),
      text: (row.linkedinText || row.twitterText).slice(0, 120),
      at: at.toISOString(),
      day: localDayKey(at, user.timezone),
    };
  });
  return {
    counts,
    calendar: { month, grid: monthGrid(month, user.timezone, locale), posts, previous: shiftMonth(month, -1), next: shiftMonth(month, 1) },
  };
}
