import { Image as ImageIcon } from "lucide-react";
import { useTranslation } from "react-i18next";
import { ResponsiveImage } from "~/components/ui/responsive-image";
import { NETWORK_IDS, type NetworkId } from "~/core/platforms/platforms";
import { useFormatDate } from "~/utils/use-format-date";
import type { ListMetrics } from "~/modules/posts/post-card-view.server";
import { PlatformIcon, PlatformIconRef } from "./platform-icon";
import { PostMetricsLine, useMetricsLineLabels } from "./post-metrics-line";
import { PostStatusBadge, postMoment } from "./post-status";
import { ListQueueButton, queueActionOf } from "./queue-button";

/** "Add to queue" in a list: where to come back, the button's words (asked once), the action being sent. */
export interface ListQueue {
  redirectTo: string;
  label: string;
  busyAction: string | null;
}

/** A draft or failed post that names its accounts can go into the queue. */
export const queueable = (post: PostListItem) => (post.status === "draft" || post.status === "failed") && post.platforms.length > 0;

/** A post as the gallery and the list show it (toPostCardView): its text is already cut to what shows. */
export interface PostListItem {
  id: string;
  status: string;
  platforms: NetworkId[];
  text: string;
  scheduledAt: string | null;
  publishedAt: string | null;
  createdAt: string;
  composeStep: string | null;
  image: { url: string; altText: string; width?: number; height?: number } | null;
  imageCount: number;
  /** A published post's summed numbers, once fetched (see PostMetricsLine). */
  metrics?: ListMetrics | null;
}

/** The platforms' names in the page's language: lists with many rows ask once and pass them down. */
export function usePlatformNames(): Record<NetworkId, string> {
  const { t } = useTranslation();
  return Object.fromEntries(NETWORK_IDS.map((platform) => [platform, t(`platforms.${platform}`)])) as Record<NetworkId, string>;
}

/**
 * A post's platforms. `shared`: the page holds a PlatformIconSprite, so each mark is a short reference
 * (pages listing many posts); otherwise the marks are drawn in full.
 */
export function PlatformIcons({ platforms, shared = false }: { platforms: NetworkId[]; shared?: boolean }) {
  const names = usePlatformNames();
  return <PlatformMarks platforms={platforms} shared={shared} names={names} />;
}

/**
 * PlatformIcons for lists of many posts: the names come from the list (usePlatformNames, asked once),
 * so a row renders no hook of its own.
 */
export function PlatformMarks({ platforms, shared = false, names }: { platforms: NetworkId[]; shared?: boolean; names: Record<NetworkId, string> }) {
  const Icon = shared ? PlatformIconRef : PlatformIcon;
  return (
    <span className="flex items-center gap-1.5 text-muted-foreground">
      {platforms.map((p) => (
        <span key={p} title={names[p]}>
          <Icon platform={p} className="size-3.5" />
          <span className="sr-only">{names[p]}</span>
        </span>
      ))}
    </span>
  );
}

/**
 * A post in the gallery: its first image or its text, status, platforms and its moment (the page holds
 * a PlatformIconSprite; the gallery makes its link a client navigation, useListNavigation).
 */
export function PostCard({ post, queue }: { post: PostListItem; queue?: ListQueue }) {
  const { t } = useTranslation();
  const formatDate = useFormatDate();
  const moment = postMoment(post);
  const { image, text } = post;
  return (
    <article className="group relative flex flex-col overflow-hidden rounded-xl border bg-card shadow-xs transition-shadow focus-within:outline-2 focus-within:outline-ring hover:shadow-md">
      {image ? (
        <div className="relative aspect-[16/9] bg-muted">
          <ResponsiveImage
            src={image.url}
            alt={image.altText}
            // One column below 640 px, two below 1024 px, then three in a 1280 px page.
            displayWidth={640}
            sizes="(min-width: 1024px) 400px, (min-width: 640px) 50vw, 100vw"
            width={image.width}
            height={image.height}
            className="size-full object-cover"
          />
          {post.imageCount > 1 ? (
            <span className="absolute right-2 bottom-2 flex items-center gap-1 rounded bg-slate-950/70 px-1.5 py-0.5 text-xs text-white">
              <ImageIcon aria-hidden className="size-3" />
              {post.imageCount}
            </span>
          ) : null}
        </div>
      ) : null}
      <div className="flex flex-1 flex-col gap-3 p-4">
        <div className="flex items-center justify-between gap-2">
          <PostStatusBadge status={post.status} />
          <PlatformIcons platforms={post.platforms} shared />
        </div>
        <h3 className={`text-sm ${image ? "line-clamp-2" : "line-clamp-5"}`}>
          <a href={`/posts/${post.id}`} data-discover="true" className="after:absolute after:inset-0 focus-visible:outline-none">
            {text || <span className="text-muted-foreground italic">{t("posts.untitled")}</span>}
          </a>
        </h3>
        <div className="mt-auto flex flex-wrap items-center justify-between gap-2">
          <p className="text-xs text-muted-foreground">
            {t(`posts.moment.${moment.kind}`, { date: formatDate(moment.at) })}
            {post.composeStep ? ` · ${t("posts.inProgress")}` : ""}
          </p>
          {post.metrics ? <CardMetricsLine metrics={post.metrics} /> : null}
          {queue && queueable(post) ? (
            <ListQueueButton postId={post.id} redirectTo={queue.redirectTo} label={queue.label} busy={queue.busyAction === queueActionOf(post.id)} />
          ) : null}
        </div>
      </div>
    </article>
  );
}

/** A published card's numbers: its own component, so only cards that have numbers ask for the labels. */
function CardMetricsLine({ metrics }: { metrics: ListMetrics }) {
  const labels = useMetricsLineLabels();
  return <PostMetricsLine metrics={metrics} labels={labels} />;
}
