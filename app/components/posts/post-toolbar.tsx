import { Link } from "@remix-run/react";
import { CalendarDays, LayoutGrid, List, ListOrdered } from "lucide-react";
import { useTranslation } from "react-i18next";
import { POST_FILTERS, type PostFilter } from "~/modules/posts/schemas";
import { cn } from "~/utils/cn";

export const POSTS_LAYOUTS = ["gallery", "list", "calendar", "queue"] as const;
export type PostsLayout = (typeof POSTS_LAYOUTS)[number];

/** Filters as links (they work without JavaScript and can be bookmarked), each with its count. */
export function FilterTabs({ current, counts, hrefFor }: { current: PostFilter; counts: Record<PostFilter, number>; hrefFor: (filter: PostFilter) => string }) {
  const { t } = useTranslation();
  return (
    // Wrapped, never scrolled out of sight on a phone.
    <nav aria-label={t("posts.filters.label")} className="-mx-1">
      <ul className="flex flex-wrap gap-1 px-1">
        {POST_FILTERS.map((filter) => {
          const active = filter === current;
          return (
            <li key={filter}>
              <Link
                to={hrefFor(filter)}
                aria-current={active ? "page" : undefined}
                preventScrollReset
                className={cn(
                  "flex items-center gap-2 rounded-md px-3 py-1.5 text-sm font-medium whitespace-nowrap text-muted-foreground hover:bg-muted hover:text-foreground",
                  active && "bg-accent text-accent-foreground",
                )}
              >
                {t(`posts.filters.${filter}`)}
                <span className="rounded-full bg-muted px-1.5 text-xs tabular-nums">{counts[filter]}</span>
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

const viewIcons = { gallery: LayoutGrid, list: List, calendar: CalendarDays, queue: ListOrdered } as const;

export function ViewSwitcher({ current, hrefFor }: { current: PostsLayout; hrefFor: (view: PostsLayout) => string }) {
  const { t } = useTranslation();
  return (
    <nav aria-label={t("posts.views.label")}>
      <ul className="flex rounded-md border p-0.5">
        {POSTS_LAYOUTS.map((view) => {
          const Icon = viewIcons[view];
          return (
            <li key={view}>
              <Link
                to={hrefFor(view)}
                aria-current={view === current ? "page" : undefined}
                preventScrollReset
                className={cn(
                  "flex items-center gap-1.5 rounded px-2.5 py-1 text-sm text-muted-foreground hover:text-foreground",
                  view === current && "bg-muted text-foreground",
                )}
              >
                <Icon aria-hidden className="size-4" />
                <span className="hidden sm:inline">{t(`posts.views.${view}`)}</span>
                <span className="sr-only sm:hidden">{t(`posts.views.${view}`)}</span>
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

export function Pagination({ page, pageCount, hrefFor }: { page: number; pageCount: number; hrefFor: (page: number) => string }) {
  const { t } = useTranslation();
  if (pageCount <= 1) return null;
  const pages = [...new Set([1, page - 1, page, page + 1, pageCount])].filter((p) => p >= 1 && p <= pageCount).sort((a, b) => a - b);
  const item = "grid h-9 min-w-9 place-items-center rounded-md px-3 text-sm hover:bg-muted";
  return (
    <nav aria-label={t("posts.pagination.label")} className="flex justify-center">
      <ul className="flex flex-wrap items-center gap-1">
        <li>
          {page > 1 ? (
            <Link to={hrefFor(page - 1)} className={item} rel="prev">
              {t("posts.pagination.previous")}
            </Link>
          ) : (
            <span className={cn(item, "pointer-events-none text-muted-foreground opacity-50")} aria-disabled="true">
              {t("posts.pagination.previous")}
            </span>
          )}
        </li>
        {pages.map((p, index) => (
          <li key={p} className="flex items-center gap-1">
            {index > 0 && p - pages[index - 1]! > 1 ? (
              <span aria-hidden className="px-1 text-muted-foreground">
                …
              </span>
            ) : null}
            <Link
              to={hrefFor(p)}
              aria-current={p === page ? "page" : undefined}
              className={cn(item, p === page && "bg-accent font-semibold text-accent-foreground")}
              aria-label={t("posts.pagination.page", { page: p })}
            >
              {p}
            </Link>
          </li>
        ))}
        <li>
          {page < pageCount ? (
            <Link to={hrefFor(page + 1)} className={item} rel="next">
              {t("posts.pagination.next")}
            </Link>
          ) : (
            <span className={cn(item, "pointer-events-none text-muted-foreground opacity-50")} aria-disabled="true">
              {t("posts.pagination.next")}
            </span>
          )}
        </li>
      </ul>
    </nav>
  );
}
