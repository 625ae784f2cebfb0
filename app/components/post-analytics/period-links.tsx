import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ANALYTICS_PERIODS, type AnalyticsPeriod } from "~/modules/metrics/analytics";
import { cn } from "~/utils/cn";

/** The period as plain links (?days=), so it works without JavaScript; the chosen one is marked current. */
export function PeriodLinks({ days }: { days: AnalyticsPeriod }) {
  const { t } = useTranslation();
  return (
    <nav aria-label={t("analyticsPage.period.label")}>
      <ul className="inline-flex rounded-lg border bg-muted p-1">
        {ANALYTICS_PERIODS.map((period) => (
          <li key={period}>
            <Link
              to={`/analytics?days=${period}`}
              aria-current={period === days ? "page" : undefined}
              preventScrollReset
              className={cn(
                "block rounded-md px-3 py-1.5 text-sm font-medium text-muted-foreground transition-colors hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none",
                period === days && "bg-background text-foreground shadow-sm",
              )}
            >
              {t("analyticsPage.period.days", { count: period })}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
