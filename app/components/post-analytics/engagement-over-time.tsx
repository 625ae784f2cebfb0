import { useTranslation } from "react-i18next";
import { Card } from "~/components/ui/card";
import type { PostAnalytics } from "~/modules/metrics/analytics";
import { useHydrated } from "~/utils/use-hydrated";
import { ChannelName } from "./channel-name";
import { EngagementChart, channelColor } from "./engagement-chart";
import { bucketLabel } from "./labels";
import { MetricValue } from "./metric-value";

/**
 * Engagement per channel by day (by week over 90 days) of publishing. The chart needs the browser
 * (recharts measures its box), so it is drawn once hydrated; the table holds the same numbers and is
 * always there: shown as is without JavaScript, behind "Show the numbers" under the chart.
 */
export function EngagementOverTime({ analytics }: { analytics: PostAnalytics }) {
  const { t, i18n } = useTranslation();
  const hydrated = useHydrated();
  const channels = analytics.channels.filter((channel) => channel.fetched);
  const rows = analytics.buckets.filter((bucket) => bucket.posts > 0);
  const table = (
    // Focusable, so a keyboard can scroll it sideways on a narrow screen.
    <div
      className="overflow-x-auto rounded-md focus-visible:outline-2 focus-visible:outline-ring"
      tabIndex={0}
      role="group"
      aria-label={t(`analyticsPage.chart.caption.${analytics.bucketSize}`)}
    >
      <table className="w-full text-sm">
        <caption className="sr-only">{t(`analyticsPage.chart.caption.${analytics.bucketSize}`)}</caption>
        <thead className="text-left text-xs text-muted-foreground">
          <tr>
            <th scope="col" className="py-2 pr-4 font-medium">
              {t(`analyticsPage.chart.${analytics.bucketSize}`)}
            </th>
            {channels.map((channel) => (
              <th key={channel.key} scope="col" className="py-2 pr-4 text-right font-medium">
                <ChannelName channel={channel} />
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y">
          {rows.map((bucket) => (
            <tr key={bucket.start}>
              <th scope="row" className="py-2 pr-4 text-left font-medium whitespace-nowrap">
                {bucketLabel(bucket.start, i18n.language)}
              </th>
              {channels.map((channel) => (
                <td key={channel.key} className="py-2 pr-4 text-right tabular-nums">
                  {channel.key in bucket.engagement ? (
                    <MetricValue value={bucket.engagement[channel.key] ?? null} />
                  ) : (
                    <span className="text-muted-foreground">0</span>
                  )}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
  return (
    <section aria-labelledby="analytics-chart-title" className="flex flex-col gap-3">
      <div className="flex flex-col gap-1">
        <h2 id="analytics-chart-title" className="text-lg font-semibold">
          {t("analyticsPage.chart.title")}
        </h2>
        <p className="text-sm text-muted-foreground">{t(`analyticsPage.chart.description.${analytics.bucketSize}`)}</p>
      </div>
      <Card className="flex flex-col gap-4 p-5">
        {hydrated ? (
          <>
            <EngagementChart analytics={analytics} channels={channels} />
            <ul className="flex flex-wrap gap-x-4 gap-y-1 text-sm" aria-hidden>
              {channels.map((channel, index) => (
                <li key={channel.key} className="flex items-center gap-2">
                  <span className="size-3 rounded-sm" style={{ background: channelColor(index) }} />
                  <ChannelName channel={channel} />
                </li>
              ))}
            </ul>
            <details className="text-sm">
              <summary className="cursor-pointer text-muted-foreground hover:text-foreground">{t("analyticsPage.chart.showNumbers")}</summary>
              <div className="pt-2">{table}</div>
            </details>
          </>
        ) : (
          table
        )}
      </Card>
    </section>
  );
}
