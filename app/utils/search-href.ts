/**
 * A link to `pathname` keeping the current query string (`search`) with some parameters changed;
 * null removes one. The page stays a plain link, so filters, sorts and pages work without JavaScript.
 */
export function searchHref(pathname: string, search: string, changes: Record<string, string | null>): string {
  const params = new URLSearchParams(search);
  for (const [key, value] of Object.entries(changes)) {
    if (value === null) params.delete(key);
    else params.set(key, value);
  }
  const query = params.toString();
  return query ? `${pathname}?${query}` : pathname;
}
