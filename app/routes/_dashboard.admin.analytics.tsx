import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import type { TFunction } from "i18next";
import { useTranslation } from "react-i18next";
import { dayFormatter, numberFormatter } from "~/components/admin/analytics-format";
import { ChartCard, TotalsGrid } from "~/components/admin/analytics-sections";
import { PlatformTable } from "~/components/admin/platform-table";
import { BarChart, ChartLegend, LineChart, type ChartSeries } from "~/components/admin/charts";
import { busiestDay, sum } from "~/modules/admin/analytics";
import { getAnalytics } from "~/modules/admin/analytics.server";
import { requireAdmin } from "~/modules/auth/guards.server";
import type { RouteHandle } from "~/utils/page-title";

export const handle: RouteHandle = { title: "nav.analytics" };

export async function loader({ request }: LoaderFunctionArgs) {
  const admin = await requireAdmin(request);
  return getAnalytics(admin.timezone);
}

type SeriesLabelKey = "admin.analytics.signUps.label" | "admin.analytics.aiDrafts.label";
type Formatters = { count: (n: number) => string; longDay: (day: string) => string };

/** "… 42 in total, most on November 12 (7)": what a one-series chart shows, for its aria-label. */
function seriesLabel(t: TFunction, key: SeriesLabelKey, days: string[], values: number[], f: Formatters) {
  const top = busiestDay(days, values);
  return t(key, { total: f.count(sum(values)), day: top ? f.longDay(top.day) : "", most: f.count(top?.count ?? 0) });
}

export default function Page() {
  const { t, i18n } = useTranslation();
  const data = useLoaderData<typeof loader>();
  const f: Formatters = { count: numberFormatter(i18n.language), longDay: dayFormatter(i18n.language, "long") };
  const shortDay = dayFormatter(i18n.language, "short");
  const axis = { dayLabel: (i: number) => shortDay(data.days[i]!), formatNumber: f.count };
  const dayRows = (...series: number[][]) => data.days.map((day, i) => [f.longDay(day), ...series.map((values) => f.count(values[i]!))]);

  const postSeries: ChartSeries[] = [
    { name: t("admin.analytics.posts.scheduled"), values: data.posts.scheduled, stroke: "stroke-primary", swatch: "bg-primary" },
    { name: t("admin.analytics.posts.published"), values: data.posts.published, stroke: "stroke-success", swatch: "bg-success" },
    { name: t("admin.analytics.posts.failed"), values: data.posts.failed, stroke: "stroke-error", swatch: "bg-error", dashed: true },
  ];
  const topScheduled = busiestDay(data.days, data.posts.scheduled);
  const postsLabel = t("admin.analytics.posts.label", {
    scheduled: f.count(sum(data.posts.scheduled)),
    published: f.count(sum(data.posts.published)),
    failed: f.count(sum(data.posts.failed)),
    day: topScheduled ? f.longDay(topScheduled.day) : "",
    most: f.count(topScheduled?.count ?? 0),
  });
  const noPosts = postSeries.every((s) => sum(s.values) === 0);

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col gap-1">
        <h2 className="text-xl font-semibold tracking-tight">{t("nav.analytics")}</h2>
        <p className="text-sm text-muted-foreground">{t("admin.analytics.intro", { timeZone: data.timeZone })}</p>
      </div>
      <TotalsGrid totals={data.totals} />
      <div className="grid gap-6 lg:grid-cols-2">
        <ChartCard
          id="analytics-sign-ups"
          title={t("admin.analytics.signUps.title")}
          description={t("admin.analytics.signUps.description")}
          empty={sum(data.signUps) === 0 ? t("admin.analytics.signUps.empty") : null}
          table={{ columns: [t("admin.analytics.table.day"), t("admin.analytics.signUps.series")], rows: dayRows(data.signUps) }}
        >
          <BarChart label={seriesLabel(t, "admin.analytics.signUps.label", data.days, data.signUps, f)} values={data.signUps} {...axis} />
        </ChartCard>
        <ChartCard
          id="analytics-ai-drafts"
          title={t("admin.analytics.aiDrafts.title")}
          description={t("admin.analytics.aiDrafts.description")}
          note={t("admin.analytics.aiDrafts.note")}
          empty={sum(data.aiDrafts) === 0 ? t("admin.analytics.aiDrafts.empty") : null}
          table={{ columns: [t("admin.analytics.table.day"), t("admin.analytics.aiDrafts.series")], rows: dayRows(data.aiDrafts) }}
        >
          <BarChart
            label={seriesLabel(t, "admin.analytics.aiDrafts.label", data.days, data.aiDrafts, f)}
            values={data.aiDrafts}
            className="fill-secondary"
            {...axis}
          />
        </ChartCard>
      </div>
      <ChartCard
        id="analytics-posts"
        title={t("admin.analytics.posts.title")}
        description={t("admin.analytics.posts.description")}
        empty={noPosts ? t("admin.analytics.posts.empty") : null}
        legend={<ChartLegend series={postSeries} />}
        table={{ columns: [t("admin.analytics.table.day"), ...postSeries.map((s) => s.name)], rows: dayRows(...postSeries.map((s) => s.values)) }}
      >
        <LineChart label={postsLabel} series={postSeries} {...axis} />
      </ChartCard>
      <PlatformTable platforms={data.platforms} />
    </div>
  );
}
