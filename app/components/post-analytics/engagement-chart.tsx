import { useTranslation } from "react-i18next";
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import type { ChannelTotals, PostAnalytics } from "~/modules/metrics/analytics";
import { bucketLabel } from "./labels";

// A chart palette apart from the status colours (green is not "success" here), readable on light and dark cards.
const COLORS = ["#8b5cf6", "#0ea5e9", "#f59e0b", "#10b981", "#f43f5e", "#64748b"];

export function channelColor(index: number): string {
  return COLORS[index % COLORS.length]!;
}

/** The stacked bars (browser only: see EngagementOverTime). Hidden from screen readers, which read the table. */
export function EngagementChart({ analytics, channels }: { analytics: PostAnalytics; channels: ChannelTotals[] }) {
  const { t, i18n } = useTranslation();
  const data = analytics.buckets.map((bucket) => ({
    label: bucketLabel(bucket.start, i18n.language),
    ...Object.fromEntries(channels.map((channel) => [channel.key, bucket.engagement[channel.key] ?? 0])),
  }));
  const names = Object.fromEntries(
    channels.map((channel) => [channel.key, channel.name || t(`composer.network.${channel.network}` as "composer.network.twitter")]),
  );
  return (
    <div aria-hidden className="h-64 w-full">
      <ResponsiveContainer width="100%" height="100%">
        <BarChart accessibilityLayer={false} data={data} margin={{ top: 8, right: 8, bottom: 0, left: -16 }}>
          <CartesianGrid vertical={false} stroke="var(--border)" />
          <XAxis dataKey="label" tickLine={false} axisLine={false} tick={{ fill: "var(--muted-foreground)", fontSize: 12 }} minTickGap={16} />
          <YAxis allowDecimals={false} tickLine={false} axisLine={false} tick={{ fill: "var(--muted-foreground)", fontSize: 12 }} />
          <Tooltip
            cursor={{ fill: "var(--muted)" }}
            contentStyle={{ background: "var(--card)", border: "1px solid var(--border)", borderRadius: 8, color: "var(--card-foreground)" }}
            formatter={(value, key) => [new Intl.NumberFormat(i18n.language).format(Number(value)), names[String(key)] ?? String(key)]}
          />
          {channels.map((channel, index) => (
            <Bar
              key={channel.key}
              dataKey={channel.key}
              stackId="engagement"
              isAnimationActive={false}
              fill={channelColor(index)}
              radius={index === channels.length - 1 ? [3, 3, 0, 0] : 0}
            />
          ))}
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}
