import { ExternalLink } from "lucide-react";
import { useTranslation } from "react-i18next";
import { isPlatform } from "~/core/platforms/platforms";
import { accountLabel } from "~/modules/connections/account-label";
import type { PostView } from "~/modules/posts/post-view.server";
import { deliveryReason } from "~/modules/publishing/reasons";
import { useFormatDate } from "~/utils/use-format-date";
import { PlatformIcon } from "./platform-icon";
import { PostStatusBadge } from "./post-status";

/**
 * Per account: where the delivery stands, the link once published, the network's own error. The
 * account is named when a network has several in the post.
 */
export function DeliveryList({ deliveries, targets }: { deliveries: PostView["deliveries"]; targets: PostView["targets"] }) {
  const { t } = useTranslation();
  const channelOf = (delivery: PostView["deliveries"][number]) => {
    const shared = deliveries.filter((other) => other.platform === delivery.platform).length > 1;
    const channel = shared ? targets.find((target) => target.id === delivery.targetId)?.channel : null;
    return channel ? accountLabel({ network: delivery.platform, ...channel }) : null;
  };
  const formatDate = useFormatDate();
  return (
    <section aria-labelledby="deliveries-title" className="flex flex-col gap-3">
      <h2 id="deliveries-title" className="text-lg font-semibold">
        {t("posts.detail.deliveries")}
      </h2>
      <ul className="divide-y rounded-xl border bg-card">
        {deliveries.map((delivery) => (
          <li key={delivery.targetId} className="flex flex-col gap-2 p-4 sm:flex-row sm:items-center sm:gap-4">
            <span className="flex items-center gap-2 font-medium sm:w-56">
              {isPlatform(delivery.platform) ? <PlatformIcon platform={delivery.platform} /> : null}
              <span className="flex min-w-0 flex-col">
                {t(`platforms.${delivery.platform}`)}
                {channelOf(delivery) ? <span className="truncate text-xs font-normal text-muted-foreground">{channelOf(delivery)}</span> : null}
              </span>
            </span>
            <span className="sm:w-28">
              <PostStatusBadge status={delivery.status === "pending" ? "scheduled" : delivery.status} />
            </span>
            <span className="flex flex-1 flex-wrap gap-x-2 text-sm text-muted-foreground">
              <Reason delivery={delivery} />
              {delivery.publishedAt ? <span>{t("posts.moment.published", { date: formatDate(delivery.publishedAt) })}</span> : null}
              {delivery.attempts > 1 ? <span>{t("posts.detail.attempts", { count: delivery.attempts })}</span> : null}
            </span>
            {delivery.url ? (
              <a
                href={delivery.url}
                target="_blank"
                rel="noreferrer noopener"
                className="flex items-center gap-1 text-sm font-medium text-primary hover:underline"
              >
                {t("posts.detail.viewOn", { platform: t(`platforms.${delivery.platform}`) })}
                <ExternalLink aria-hidden className="size-3.5" />
              </a>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}

/** Why it waits or failed: our own reasons in the user's language, a platform's refusal as it came. */
function Reason({ delivery }: { delivery: PostView["deliveries"][number] }) {
  const { t } = useTranslation();
  const reason = deliveryReason(t, delivery);
  return reason ? <span className={delivery.status === "failed" ? "text-error" : undefined}>{reason}</span> : null;
}
