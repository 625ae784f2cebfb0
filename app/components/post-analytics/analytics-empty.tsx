import { Link } from "@remix-run/react";
import { ChartColumn } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Button } from "~/components/ui/button";
import type { AnalyticsPeriod } from "~/modules/metrics/analytics";

/** Nothing published in the period, or published but no numbers fetched yet (the first come about an hour after). */
export function AnalyticsEmpty({ reason, days }: { reason: "nothingPublished" | "noNumbers"; days: AnalyticsPeriod }) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="analytics-empty-title" className="flex flex-col items-center gap-4 rounded-xl border border-dashed px-6 py-16 text-center">
      <span className="flex size-12 items-center justify-center rounded-full bg-muted">
        <ChartColumn aria-hidden className="size-6 text-muted-foreground" />
      </span>
      <h2 id="analytics-empty-title" className="text-lg font-semibold">
        {t(`analyticsPage.empty.${reason}.title`, { count: days })}
      </h2>
      <p className="max-w-md text-muted-foreground">{t(`analyticsPage.empty.${reason}.body`)}</p>
      <Button asChild>
        <Link to="/posts">{t("analyticsPage.empty.toPosts")}</Link>
      </Button>
    </section>
  );
}
