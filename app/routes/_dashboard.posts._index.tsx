import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData, useLocation } from "@remix-run/react";
import { Download, PenSquare, Upload } from "lucide-react";
import { useTranslation } from "react-i18next";
import { PageHeader } from "~/components/layout/shells";
import { PostCalendar } from "~/components/posts/post-calendar";
import { PlatformIconSprite } from "~/components/posts/platform-icon";
import { PostCard } from "~/components/posts/post-card";
import { PostQueue } from "~/components/posts/post-queue";
import { PostTable } from "~/components/posts/post-table";
import { FilterTabs, Pagination, POSTS_LAYOUTS, ViewSwitcher, type PostsLayout } from "~/components/posts/post-toolbar";
import { PostsEmptyState } from "~/components/posts/posts-empty-state";
import { Button } from "~/components/ui/button";
import { requireMember } from "~/modules/auth/guards.server";
import { getLocale, getRequestT } from "~/modules/i18n/i18n.server";
import { countPostsByFilter } from "~/modules/posts/post-lists.server";
import { loadPostsCalendar, loadPostsPage } from "~/modules/posts/posts-page.server";
import { networksToConnectFirst } from "~/modules/posts/quick-compose.server";
import { listQuerySchema, type PostFilter } from "~/modules/posts/schemas";
import { queueSlotCount, queueTimezone } from "~/modules/queue/queue.server";
import { moveToTopOfQueue, shuffleQueue } from "~/modules/queue/queue-order.server";
import { monthDates, parseQueueDays, parseQueueFrom } from "~/modules/queue/queue-view";
import { parseMonth } from "~/modules/posts/calendar";
import { calendarFreeSlots, loadQueueView } from "~/modules/queue/queue-view.server";
import { isAppError } from "~/modules/errors/app-error";
import { redirectWithToast } from "~/modules/toast/toast.server";
import { useListNavigation, useListSubmit } from "~/utils/list-navigation";
import { searchHref } from "~/utils/search-href";
import type { RouteHandle } from "~/utils/page-title";
import { useWritePostHref } from "~/utils/use-write-post-href";
import { useCan } from "~/utils/use-root-data";

export const handle: RouteHandle = { title: "nav.posts" };

const PAGE_SIZE = { gallery: 12, list: 20 } as const;

export async function loader({ request }: LoaderFunctionArgs) {
  const { user, workspace } = await requireMember(request);
  // What the views show is the current workspace's. Queue slots are in the time zone of the
  // workspace's owner (the reader's own for their personal workspace): the slot views use it.
  const slotsIn = async () => ({ workspaceId: workspace.id, timezone: workspace.personal ? user.timezone : await queueTimezone(workspace.id) });
  const params = new URL(request.url).searchParams;
  const view: PostsLayout = (POSTS_LAYOUTS as readonly string[]).includes(params.get("view") ?? "") ? (params.get("view") as PostsLayout) : "gallery";
  const { status, page } = listQuerySchema.parse({ status: params.get("status") ?? undefined, page: params.get("page") ?? undefined });
  if (view === "queue") {
    const [counts, queue] = await Promise.all([
      countPostsByFilter(workspace.id),
      loadQueueView(await slotsIn(), { days: parseQueueDays(params.get("days")), from: parseQueueFrom(params.get("from")) }),
    ]);
    return { view, status, counts, queue, list: null, calendar: null, freeSlots: null, connectFirst: null, queueReady: false };
  }
  if (view === "calendar") {
    // Free queue slots on the coming days, where scheduling is what the page is read for; read
    // beside the month's posts (the month as the calendar reads it).
    const showFree = status === "all" || status === "pending";
    const [calendar, freeSlots] = await Promise.all([
      loadPostsCalendar(workspace.id, user, status, params.get("month"), await getLocale(request)),
      showFree ? calendarFreeSlots(await slotsIn(), monthDates(parseMonth(params.get("month"), user.timezone))) : {},
    ]);
    return {
      view,
      status,
      ...calendar,
      freeSlots,
      queue: null,
      list: null,
      connectFirst: calendar.counts.all === 0 ? await networksToConnectFirst(workspace.id) : null,
      queueReady: false,
    };
  }
  const [list, slotCount] = await Promise.all([loadPostsPage(workspace.id, status, page, PAGE_SIZE[view]), queueSlotCount(workspace.id)]);
  // A first visit with nothing connected: connecting is the first step, offered right here.
  const connectFirst = list.counts.all === 0 ? await networksToConnectFirst(workspace.id) : null;
  return { view, status, counts: list.counts, list, calendar: null, freeSlots: null, queue: null, connectFirst, queueReady: slotCount > 0 };
}

/** The queue view's buttons: "Shuffle" and "Move to top", back to the queue with a toast (no-JS PRG). */
export async function action({ request }: ActionFunctionArgs) {
  const { actor } = await requireMember(request);
  const form = await request.formData();
  const { t } = await getRequestT(request);
  // Back to the days that were shown.
  const shown = new URL(request.url).searchParams;
  const from = parseQueueFrom(shown.get("from"));
  const days = shown.get("days");
  const back = `/posts?view=queue${from ? `&from=${from}` : ""}${days ? `&days=${parseQueueDays(days)}` : ""}`;
  try {
    if (form.get("intent") === "shuffle") {
      const { moved } = await shuffleQueue(actor);
      return redirectWithToast(
        back,
        moved > 0 ? { color: "success", title: t("queue.view.shuffled", { count: moved }) } : { color: "info", title: t("queue.view.nothingToShuffle") },
      );
    }
    const top = form.get("top");
    if (typeof top === "string") {
      await moveToTopOfQueue(actor, top);
      return redirectWithToast(back, { color: "success", title: t("queue.view.movedToTop") });
    }
  } catch (error) {
    if (!isAppError(error)) throw error;
    return redirectWithToast(back, { color: "error", title: t(error.messageKey, error.options.values) });
  }
  return redirectWithToast(back, { color: "error", title: t("errors.validationFailed") });
}

export default function PostsPage() {
  const { t } = useTranslation();
  const writePost = useWritePostHref();
  const canWrite = useCan("write");
  const canPublish = useCan("publish");
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
            {canPublish ? (
              <Button asChild variant="outline">
                <Link to="/posts/import" title={t("posts.import.linkTitle")}>
                  <Upload aria-hidden />
                  {t("posts.import.link")}
                </Link>
              </Button>
            ) : null}
            {canWrite ? (
              <Button asChild>
                <Link to={writePost}>
                  <PenSquare aria-hidden />
                  {t("posts.write")}
                </Link>
              </Button>
            ) : null}
          </div>
        }
      />
      {empty && !data.queue ? (
        <PostsEmptyState filter="all" connectFirst={data.connectFirst} />
      ) : (
        <div className="flex flex-col gap-6">
          <PlatformIconSprite />
          <div className="flex flex-col-reverse gap-3 sm:flex-row sm:items-center sm:justify-between">
            {/* The queue is every coming slot: no status filter applies to it. */}
            {data.queue ? <span /> : <FilterTabs current={data.status} counts={data.counts} hrefFor={filterHref} />}
            <ViewSwitcher current={data.view} hrefFor={(view) => href({ view: view === "gallery" ? null : view, page: null, days: null, from: null })} />
          </div>
          {data.queue ? (
            <PostQueue
              queue={data.queue}
              moreHref={data.queue.moreDays ? href({ days: String(data.queue.moreDays) }) : null}
              earlierHref={data.queue.earlierFrom ? href({ from: data.queue.earlierFrom }) : null}
              laterHref={data.queue.laterFrom ? href({ from: data.queue.laterFrom }) : null}
            />
          ) : data.calendar ? (
            <PostCalendar
              grid={data.calendar.grid}
              posts={data.calendar.posts}
              dayTotals={data.calendar.dayTotals}
              freeSlots={data.freeSlots ?? {}}
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
