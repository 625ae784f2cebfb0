import { type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { PageHeader } from "~/components/layout/shells";
import { AnalyticsEmpty } from "~/components/post-analytics/analytics-empty";
import { BestHours } from "~/components/post-analytics/best-hours";
import { BestPosts } from "~/components/post-analytics/best-posts";
import { ChannelTotalsList } from "~/components/post-analytics/channel-totals";
import { EngagementOverTime } from "~/components/post-analytics/engagement-over-time";
import { PeriodLinks } from "~/components/post-analytics/period-links";
import { requireMember } from "~/modules/auth/guards.server";
import { getPostAnalytics, parseAnalyticsPeriod } from "~/modules/metrics/analytics.server";
import type { RouteHandle } from "~/utils/page-title";

// The user's analytics (docs/decisions/0074-analytics-page.md): their own published posts' numbers
// over the last 7, 30 or 90 days (?days=, plain links).

export const handle: RouteHandle = { title: "analyticsPage.title" };

export async function loader({ request }: LoaderFunctionArgs) {
  const { user, workspace } = await requireMember(request);
  const days = parseAnalyticsPeriod(new URL(request.url).searchParams.get("days"));
  const analytics = await getPostAnalytics(workspace.id, { days, timeZone: user.timezone });
  return { analytics };
}

export default function AnalyticsPage() {
  const { t } = useTranslation();
  const { analytics } = useLoaderData<typeof loader>();
  const published = analytics.channels.some((channel) => channel.posts > 0);
  const fetched = analytics.channels.some((channel) => channel.fetched);
  return (
    <div className="flex flex-col gap-8">
      <PageHeader
        title={t("analyticsPage.title")}
        description={t("analyticsPage.description")}
        className="mb-0"
        actions={<PeriodLinks days={analytics.days} />}
      />
      {!published || !fetched ? (
        <AnalyticsEmpty reason={published ? "noNumbers" : "nothingPublished"} days={analytics.days} />
      ) : (
        <>
          <ChannelTotalsList channels={analytics.channels} />
          <EngagementOverTime analytics={analytics} />
          <div className="grid gap-8 lg:grid-cols-2">
            <BestPosts posts={analytics.bestPosts} />
            <BestHours bestHours={analytics.bestHours} timeZone={analytics.timeZone} />
          </div>
          {analytics.truncated ? <p className="text-sm text-muted-foreground">{t("analyticsPage.truncated")}</p> : null}
        </>
      )}
    </div>
  );
}
