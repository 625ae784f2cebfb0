import type { LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData, useLocation } from "@remix-run/react";
import { Download, PenSquare, Upload } from "lucide-react";
import { useTranslation } from "react-i18next";
import { PageHeader } from "~/components/layout/shells";
import { PostCalendar } from "~/components/posts/post-calendar";
import { PlatformIconSprite } from "~/components/posts/platform-icon";
import { PostCard } from "~/components/posts/post-card";
import { PostTable } from "~/components/posts/post-table";
import { FilterTabs, Pagination, POSTS_LAYOUTS, ViewSwitcher, type PostsLayout } from "~/components/posts/post-toolbar";
import { PostsEmptyState } from "~/components/posts/posts-empty-state";
import { Button } from "~/components/ui/button";
import { requireUser } from "~/modules/auth/guards.server";
import { getLocale } from "~/modules/i18n/i18n.server";
import { loadPostsCalendar, loadPostsPage } from "~/modules/posts/posts-page.server";
import { networksToConnectFirst } from "~/modules/posts/quick-compose.server";
import { listQuerySchema, type PostFilter } from "~/modules/posts/schemas";
import { queueSlotCount } from "~/modules/queue/queue.server";
import { useListNavigation, useListSubmit } from "~/utils/list-navigation";
import { searchHref } from "~/utils/search-href";
import type { RouteHandle } from "~/utils/page-title";
import { useWritePostHref } from "~/utils/use-write-post-href";

export const handle: RouteHandle = { title: "nav.posts" };

const PAGE_SIZE = { gallery: 12, list: 20 } as const;

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const params = new URL(request.url).searchParams;
  const view: PostsLayout = (POSTS_LAYOUTS as readonly string[]).includes(params.get("view") ?? "") ? (params.get("view") as PostsLayout) : "gallery";
  const { status, page } = listQuerySchema.parse({ status: params.get("status") ?? undefined, page: params.get("page") ?? undefined });
  if (view === "calendar") {
    const calendar = await loadPostsCalendar(user, status, params.get("month"), await getLocale(request));
    return { view, status, ...calendar, list: null, connectFirst: calendar.counts.all === 0 ? await networksToConnectFirst(user.id) : null, queueReady: false };
  }
  const [list, slotCount] = await Promise.all([loadPostsPage(user.id, status, page, PAGE_SIZE[view]), queueSlotCount(user.id)]);
  // A first visit with nothing connected: connecting is the first step, offered right here.
  const connectFirst = list.counts.all === 0 ? await networksToConnectFirst(user.id) : null;
  return { view, status, counts: list.counts, list, calendar: null, connectFirst, queueReady: slotCount > 0 };
}

export default function PostsPage() {
  const { t } = useTranslation();
  const writePost = useWritePostHref();
  const data = useLoaderData<typeof loader>();
  const onListClick = useListNavigation();
  const { onSubmit: onListSubmit, busyAction } = useListSubmit();
  const { search } = useLocation();
  const href = (changes: Record<string, string | null>) => searchHref("/posts", search, changes);
  const filterHref = (status: PostFilter) => href({ status: status === "all" ? null : status, page: null });
  const empty = data.counts.all === 0;
  // Drafts and failed posts offer "Add to queue" once the user has slots; it comes back here.
  const queue = data.queueReady ? { redirectTo: `/posts${search}`, label: t("queue.add.button"), busyAction } : undefined;
  const exportHref = `/api/posts/export.csv${data.status === "all" ? "" : `?status=${data.status}`}`;
  return (
    <>
      <PageHeader
        title={t("nav.posts")}
        description={t("posts.description")}
        actions={
          <div className="flex flex-wrap items-center gap-2">
            {empty ? null : (
              // A plain link to a file: it downloads without JavaScript, and Remix never renders it as a page.
              <Button asChild variant="outline">
                <Link to={exportHref} reloadDocument download title={t("posts.exportCsvTitle")}>
                  <Download aria-hidden />
                  {t("posts.exportCsv")}
                </Link>
              </Button>
            )}
            <Button asChild variant="outline">
              <Link to="/posts/import" title={t("posts.import.linkTitle")}>
                <Upload aria-hidden />
                {t("posts.import.link")}
              </Link>
            </Button>
            <Button asChild>
              <Link to={writePost}>
                <PenSquare aria-hidden />
                {t("posts.write")}
              </Link>
            </Button>
          </div>
        }
      />
      {empty ? (
        <PostsEmptyState filter="all" connectFirst={data.connectFirst} />
      ) : (
        <div className="flex flex-col gap-6">
          <PlatformIconSprite />
          <div className="flex flex-col-reverse gap-3 sm:flex-row sm:items-center sm:justify-between">
            <FilterTabs current={data.status} counts={data.counts} hrefFor={filterHref} />
            <ViewSwitcher current={data.view} hrefFor={(view) => href({ view: view === "gallery" ? null : view, page: null })} />
          </div>
          {data.calendar ? (
            <PostCalendar
              grid={data.calendar.grid}
              posts={data.calendar.posts}
              dayTotals={data.calendar.dayTotals}
              listHref={href({ view: "list", month: null, page: null })}
              prevHref={href({ month: data.calendar.previous })}
              nextHref={href({ month: data.calendar.next })}
              todayHref={href({ month: null })}
            />
          ) : data.list && data.list.posts.length === 0 ? (
            <PostsEmptyState filter={data.status} />
          ) : data.list ? (
            <>
              {data.view === "list" ? (
                <div onSubmit={onListSubmit}>
                  <PostTable posts={data.list.posts} queue={queue} />
                </div>
              ) : (
                <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" onClick={onListClick} onSubmit={onListSubmit}>
                  {data.list.posts.map((post) => (
                    <li key={post.id} className="flex">
                      <div className="flex-1">
                        <PostCard post={post} queue={queue} />
                      </div>
                    </li>
                  ))}
                </ul>
              )}
              <Pagination page={data.list.page} pageCount={data.list.pageCount} hrefFor={(page) => href({ page: page === 1 ? null : String(page) })} />
            </>
          ) : null}
        </div>
      )}
    </>
  );
}
