import { useTranslation } from "react-i18next";
import { useListNavigation } from "~/utils/list-navigation";
import { useFormatDate } from "~/utils/use-format-date";
import { PlatformMarks, queueable, usePlatformNames, type ListQueue, type PostListItem } from "./post-card";
import { PostMetricsLine, useMetricsLineLabels } from "./post-metrics-line";
import { PostStatusBadge, postMoment } from "./post-status";
import { ListQueueButton, queueActionOf } from "./queue-button";

/** The list view: one row per post, the text first; on phones the rows stack. The page holds a PlatformIconSprite. */
export function PostTable({ posts, queue }: { posts: PostListItem[]; queue?: ListQueue }) {
  const { t } = useTranslation();
  const formatDate = useFormatDate();
  const platformNames = usePlatformNames();
  const metricsLabels = useMetricsLineLabels();
  const onListClick = useListNavigation();
  return (
    <div className="overflow-hidden rounded-xl border bg-card" onClick={onListClick}>
      <table className="w-full text-sm">
        <caption className="sr-only">{t("posts.views.list")}</caption>
        <thead className="hidden border-b bg-muted/40 text-left text-xs text-muted-foreground uppercase sm:table-header-group">
          <tr>
            <th scope="col" className="px-4 py-2 font-medium">
              {t("posts.table.post")}
            </th>
            <th scope="col" className="px-4 py-2 font-medium">
              {t("posts.table.platforms")}
            </th>
            <th scope="col" className="px-4 py-2 font-medium">
              {t("posts.table.status")}
            </th>
            <th scope="col" className="px-4 py-2 font-medium">
              {t("posts.table.when")}
            </th>
          </tr>
        </thead>
        <tbody className="divide-y">
          {posts.map((post) => {
            const moment = postMoment(post);
            return (
              <tr key={post.id} className="flex flex-col gap-2 p-4 hover:bg-muted/30 sm:table-row sm:p-0">
                <td className="max-w-md sm:px-4 sm:py-3">
                  <a href={`/posts/${post.id}`} data-discover="true" className="line-clamp-2 font-medium hover:underline">
                    {post.text || <span className="text-muted-foreground italic">{t("posts.untitled")}</span>}
                  </a>
                </td>
                <td className="sm:px-4 sm:py-3">
                  <PlatformMarks platforms={post.platforms} shared names={platformNames} />
                </td>
                <td className="sm:px-4 sm:py-3">
                  <PostStatusBadge status={post.status} />
                </td>
                <td className="text-xs text-muted-foreground sm:px-4 sm:py-3 sm:whitespace-nowrap">
                  {t(`posts.moment.${moment.kind}`, { date: formatDate(moment.at) })}
                  {post.metrics ? (
                    <div className="mt-1">
                      <PostMetricsLine metrics={post.metrics} labels={metricsLabels} />
                    </div>
                  ) : null}
                  {queue && queueable(post) ? (
                    <div className="mt-2">
                      <ListQueueButton postId={post.id} redirectTo={queue.redirectTo} label={queue.label} busy={queue.busyAction === queueActionOf(post.id)} />
                    </div>
                  ) : null}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
