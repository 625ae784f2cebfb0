import { Link } from "@remix-run/react";
import { Heart, MessageCircle, Repeat2 } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Card } from "~/components/ui/card";
import type { BestPost } from "~/modules/metrics/analytics";
import { useFormatDate } from "~/utils/use-format-date";
import { MetricValue } from "./metric-value";

/** The period's five posts with the most engagement (likes + reposts + replies + quotes), each a link to its page. */
export function BestPosts({ posts }: { posts: BestPost[] }) {
  const { t, i18n } = useTranslation();
  const formatDate = useFormatDate();
  return (
    <section aria-labelledby="analytics-best-posts-title" className="flex flex-col gap-3">
      <div className="flex flex-col gap-1">
        <h2 id="analytics-best-posts-title" className="text-lg font-semibold">
          {t("analyticsPage.bestPosts.title")}
        </h2>
        <p className="text-sm text-muted-foreground">{t("analyticsPage.bestPosts.description")}</p>
      </div>
      <Card className="p-2">
        {posts.length === 0 ? (
          <p className="p-4 text-sm text-muted-foreground">{t("analyticsPage.bestPosts.none")}</p>
        ) : (
          <ol className="divide-y">
            {posts.map((post, index) => (
              <li key={post.id}>
                <Link
                  to={`/posts/${post.id}`}
                  className="flex gap-3 rounded-lg p-3 hover:bg-muted focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
                >
                  <span aria-hidden className="w-5 shrink-0 pt-0.5 text-sm font-semibold text-muted-foreground tabular-nums">
                    {index + 1}
                  </span>
                  <span className="flex min-w-0 flex-1 flex-col gap-1">
                    <span className="line-clamp-2 text-sm">{post.text || t("analyticsPage.bestPosts.noText")}</span>
                    <span className="flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-muted-foreground">
                      <time dateTime={post.publishedAt}>{formatDate(post.publishedAt, "dateTime")}</time>
                      <MetricIcons likes={post.likes} reposts={post.reposts} replies={post.replies} />
                    </span>
                  </span>
                  <span className="shrink-0 text-right">
                    <span className="block text-lg font-semibold tabular-nums">{new Intl.NumberFormat(i18n.language).format(post.engagement)}</span>
                    <span className="block text-xs text-muted-foreground">{t("analyticsPage.engagement")}</span>
                  </span>
                </Link>
              </li>
            ))}
          </ol>
        )}
      </Card>
    </section>
  );
}

/** ♥ likes · ↻ reposts · 💬 replies, each icon named for screen readers. */
export function MetricIcons({ likes, reposts, replies }: { likes: number | null; reposts: number | null; replies: number | null }) {
  const { t } = useTranslation();
  const items = [
    { name: "likes", value: likes, Icon: Heart },
    { name: "reposts", value: reposts, Icon: Repeat2 },
    { name: "replies", value: replies, Icon: MessageCircle },
  ] as const;
  return (
    <span className="inline-flex items-center gap-3 tabular-nums">
      {items.map(({ name, value, Icon }) => (
        <span key={name} className="inline-flex items-center gap-1">
          <Icon aria-hidden className="size-3.5" />
          <span className="sr-only">{t(`metrics.${name}`)}:</span>
          <MetricValue value={value} />
        </span>
      ))}
    </span>
  );
}
