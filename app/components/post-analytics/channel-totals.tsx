import { useTranslation } from "react-i18next";
import { Card } from "~/components/ui/card";
import type { ChannelTotals } from "~/modules/metrics/analytics";
import { ChannelName } from "./channel-name";
import { MetricValue } from "./metric-value";

const SHOWN = ["likes", "reposts", "replies", "quotes", "impressions"] as const;

/** One card per channel: the period's totals, "not available" where its network gives none. */
export function ChannelTotalsList({ channels }: { channels: ChannelTotals[] }) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="analytics-totals-title" className="flex flex-col gap-3">
      <h2 id="analytics-totals-title" className="text-lg font-semibold">
        {t("analyticsPage.totals.title")}
      </h2>
      <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
        {channels.map((channel) => (
          <li key={channel.key}>
            <Card className="flex h-full flex-col gap-4 p-5">
              <div className="flex items-center justify-between gap-3">
                <ChannelName channel={channel} />
                <span className="shrink-0 text-sm text-muted-foreground">{t("analyticsPage.totals.posts", { count: channel.posts })}</span>
              </div>
              {channel.fetched ? (
                <dl className="grid grid-cols-3 gap-x-4 gap-y-3">
                  {SHOWN.map((name) => (
                    <div key={name} className="flex flex-col">
                      <dt className="text-xs text-muted-foreground">{t(`metrics.${name}`)}</dt>
                      <dd className="text-xl font-semibold tabular-nums">
                        <MetricValue value={channel[name]} />
                      </dd>
                    </div>
                  ))}
                </dl>
              ) : (
                <p className="text-sm text-muted-foreground">{t("metrics.notFetchedYet")}</p>
              )}
              {channel.fetched && SHOWN.some((name) => channel[name] === null) ? (
                <p className="text-xs text-muted-foreground">
                  {t("analyticsPage.totals.notGiven", { network: t(`composer.network.${channel.network}` as "composer.network.twitter") })}
                </p>
              ) : null}
            </Card>
          </li>
        ))}
      </ul>
    </section>
  );
}
