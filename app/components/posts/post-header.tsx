import { AlertTriangle, Sparkles } from "lucide-react";
import { useTranslation } from "react-i18next";
import type { PostView } from "~/modules/posts/post-view.server";
import { deliveryReasonLine } from "~/modules/publishing/reasons";
import { useFormatDate } from "~/utils/use-format-date";
import { PlatformIcons } from "./post-card";
import { PostStatusBadge } from "./post-status";
import { ConnectForm } from "~/components/profile/connections-section";
import { isPlatform } from "~/core/platforms/platforms";

/** Status, platforms and the post's times, and why it failed when it did. */
export function PostHeader({ post }: { post: PostView }) {
  const { t } = useTranslation();
  const formatDate = useFormatDate();
  const firstLine = post.text.split("\n")[0]?.trim();
  const failedDeliveries = post.deliveries.flatMap((d) => {
    const line = d.status === "failed" ? deliveryReasonLine(t, d) : null;
    return line ? [{ platform: d.platform, line }] : [];
  });
  return (
    <header className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center gap-3">
        <PostStatusBadge status={post.status} />
        <PlatformIcons platforms={post.platforms} />
        {post.source === "ai" ? (
          <span className="flex items-center gap-1 text-xs text-muted-foreground">
            <Sparkles aria-hidden className="size-3.5" />
            {t("posts.detail.aiDrafted")}
          </span>
        ) : null}
      </div>
      <h1 className="line-clamp-2 text-2xl font-semibold tracking-tight sm:text-3xl">{firstLine || t("posts.untitled")}</h1>
      <dl className="flex flex-wrap gap-x-6 gap-y-1 text-sm text-muted-foreground">
        {post.publishedAt ? (
          <div className="flex gap-1">
            <dt>{t("posts.detail.publishedAt")}</dt>
            <dd className="text-foreground">{formatDate(post.publishedAt, "long")}</dd>
          </div>
        ) : post.scheduledAt && post.status !== "draft" ? (
          <div className="flex gap-1">
            <dt>{t("posts.detail.scheduledAt")}</dt>
            <dd className="text-foreground">{formatDate(post.scheduledAt, "long")}</dd>
          </div>
        ) : null}
        <div className="flex gap-1">
          <dt>{t("posts.detail.createdAt")}</dt>
          <dd>{formatDate(post.createdAt)}</dd>
        </div>
      </dl>
      {post.source === "ai" && post.aiPrompt ? (
        <details className="text-sm">
          <summary className="cursor-pointer text-muted-foreground">{t("posts.detail.prompt")}</summary>
          <p className="mt-2 rounded-md bg-muted p-3 whitespace-pre-wrap">{post.aiPrompt}</p>
        </details>
      ) : null}
      {post.error?.code === "platform_disconnected" && post.status === "scheduled" && isPlatform(post.error.message) ? (
        <div role="status" className="flex flex-col gap-3 rounded-xl border border-warning/40 bg-warning/10 p-4 text-sm sm:flex-row sm:items-center">
          <AlertTriangle aria-hidden className="size-4 shrink-0 text-warning" />
          <p className="flex-1">{t("posts.detail.disconnected", { platform: t(`platforms.${post.error.message}`) })}</p>
          <ConnectForm provider={post.error.message} label={t("profile.connections.connect", { platform: t(`platforms.${post.error.message}`) })} />
        </div>
      ) : null}
      {post.status === "failed" ? (
        <div role="alert" className="flex gap-3 rounded-xl border border-error/30 bg-error/10 p-4 text-sm">
          <AlertTriangle aria-hidden className="mt-0.5 size-4 shrink-0 text-error" />
          <div className="flex flex-col gap-1">
            <p className="font-medium">{t("posts.detail.failedTitle")}</p>
            {failedDeliveries.map((d) => (
              <p key={d.platform}>{d.line}</p>
            ))}
            <p className="text-muted-foreground">{t("posts.detail.failedHelp")}</p>
          </div>
        </div>
      ) : null}
    </header>
  );
}
