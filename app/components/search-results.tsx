import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { PostStatusBadge, postMoment } from "~/components/posts/post-status";
import { cn } from "~/utils/cn";
import type { KeysUnder } from "~/modules/i18n/keys";
import { useFormatDate } from "~/utils/use-format-date";

interface Result {
  path: string;
  title: string;
  description: string;
  kind: KeysUnder<"search.kinds">;
}

/** One of the signed-in user's posts, as the search gives it (post-search.server.ts). */
export interface PostResult {
  id: string;
  status: string;
  excerpt: string;
  scheduledAt: string | null;
  publishedAt: string | null;
  createdAt: string;
}

/** Where each result leads, posts first: the order of the list, and of the dialog's arrow keys. */
export function resultPaths(posts: readonly PostResult[], results: readonly Result[]): string[] {
  return [...posts.map((post) => `/posts/${post.id}`), ...results.map((result) => result.path)];
}

/**
 * Search results, shared by /search (lists of links) and the Meta+K dialog (a listbox driven by the
 * combobox input, each option being the link itself): the user's own posts ("Your posts"), then
 * docs, blog and pages.
 */
export function SearchResults({
  results,
  posts = [],
  activeIndex,
  onNavigate,
  listbox = false,
}: {
  results: Result[];
  posts?: PostResult[];
  activeIndex?: number;
  onNavigate?: () => void;
  listbox?: boolean;
}) {
  const { t } = useTranslation();
  const formatDate = useFormatDate();
  const option = (index: number) =>
    listbox ? ({ role: "option", id: `search-result-${index}`, "aria-selected": index === activeIndex, tabIndex: -1 } as const) : ({} as const);
  const item = (index: number) => cn("flex flex-col gap-0.5 rounded-lg px-3 py-2 hover:bg-muted", listbox && index === activeIndex && "bg-accent");
  const GroupLabel = listbox ? "div" : "h2";
  const postList = posts.length ? (
    <section aria-labelledby="search-posts-heading" role={listbox ? "group" : undefined}>
      {/* In the listbox, a group's label is presentational (a heading there is not allowed ARIA). */}
      <GroupLabel
        id="search-posts-heading"
        role={listbox ? "presentation" : undefined}
        className="px-3 pt-1 pb-1 text-xs font-semibold tracking-wide text-muted-foreground uppercase"
      >
        {t("search.posts")}
      </GroupLabel>
      <ul role={listbox ? "presentation" : undefined} className="flex flex-col gap-1">
        {posts.map((post, index) => {
          const moment = postMoment(post);
          return (
            <li key={post.id} role={listbox ? "presentation" : undefined}>
              <Link to={`/posts/${post.id}`} onClick={onNavigate} {...option(index)} className={item(index)}>
                <span className="line-clamp-2 font-medium break-words">{post.excerpt || t("posts.untitled")}</span>
                <span className="flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
                  <PostStatusBadge status={post.status} />
                  <span>{t(`posts.moment.${moment.kind}`, { date: formatDate(moment.at) })}</span>
                </span>
              </Link>
            </li>
          );
        })}
      </ul>
    </section>
  ) : null;
  const contentList = (
    <ul role={listbox ? "presentation" : undefined} aria-label={listbox ? undefined : t("search.results")} className="flex flex-col gap-1">
      {results.map((result, at) => {
        const index = posts.length + at;
        return (
          <li key={result.path} role={listbox ? "presentation" : undefined}>
            <Link to={result.path} onClick={onNavigate} {...option(index)} className={item(index)}>
              <span className="flex items-center gap-2">
                <span className="rounded bg-muted px-1.5 py-0.5 text-[0.65rem] font-semibold tracking-wide text-muted-foreground uppercase">
                  {t(`search.kinds.${result.kind}`)}
                </span>
                <span className="font-medium">{result.title}</span>
              </span>
              <span className="line-clamp-1 text-sm text-muted-foreground">{result.description}</span>
            </Link>
          </li>
        );
      })}
    </ul>
  );
  return (
    <div
      id={listbox ? "search-results" : undefined}
      role={listbox ? "listbox" : undefined}
      aria-label={listbox ? t("search.results") : undefined}
      className="flex flex-col gap-3"
    >
      {postList}
      {contentList}
    </div>
  );
}
