import { useTranslation } from "react-i18next";
import { Card } from "~/components/ui/card";
import type { PostAnalytics } from "~/modules/metrics/analytics";

/** "09:00" or "9 AM", as the reader's language writes an hour. */
function hourLabel(hour: number, language: string): string {
  return new Intl.DateTimeFormat(language, { hour: "numeric", minute: "2-digit", timeZone: "UTC" }).format(new Date(Date.UTC(2000, 0, 1, hour)));
}

/** Average engagement per post by the hour it went out (the user's zone): a table with bars, the best hour first in words. */
export function BestHours({ bestHours, timeZone }: { bestHours: PostAnalytics["bestHours"]; timeZone: string }) {
  const { t, i18n } = useTranslation();
  const numbers = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 1 });
  const top = Math.max(1, ...bestHours.hours.map((hour) => hour.average));
  const best = bestHours.best;
  return (
    <section aria-labelledby="analytics-hours-title" className="flex flex-col gap-3">
      <div className="flex flex-col gap-1">
        <h2 id="analytics-hours-title" className="text-lg font-semibold">
          {t("analyticsPage.bestHours.title")}
        </h2>
        <p className="text-sm text-muted-foreground">{t("analyticsPage.bestHours.description", { zone: timeZone })}</p>
      </div>
      <Card className="flex flex-col gap-4 p-5">
        {best ? (
          <p className="text-sm">{t("analyticsPage.bestHours.best", { hour: hourLabel(best.hour, i18n.language), average: numbers.format(best.average) })}</p>
        ) : (
          <p className="text-sm text-muted-foreground">
            {bestHours.enough ? t("analyticsPage.bestHours.noRepeatedHour") : t("analyticsPage.bestHours.tooLittle", { count: bestHours.posts })}
          </p>
        )}
        {bestHours.hours.length > 0 ? (
          <table className="w-full text-sm">
            <caption className="sr-only">{t("analyticsPage.bestHours.caption")}</caption>
            <thead className="text-left text-xs text-muted-foreground">
              <tr>
                <th scope="col" className="pb-2 font-medium">
                  {t("analyticsPage.bestHours.hour")}
                </th>
                <th scope="col" className="pb-2 font-medium">
                  {t("analyticsPage.bestHours.average")}
                </th>
                <th scope="col" className="pb-2 text-right font-medium">
                  {t("analyticsPage.bestHours.posts")}
                </th>
              </tr>
            </thead>
            <tbody>
              {bestHours.hours.map((hour) => (
                <tr key={hour.hour}>
                  <th scope="row" className="w-20 py-1 pr-3 text-left font-medium tabular-nums">
                    {hourLabel(hour.hour, i18n.language)}
                  </th>
                  <td className="py-1 pr-3">
                    <span className="flex items-center gap-2">
                      <span aria-hidden className="h-2 rounded-full bg-primary" style={{ width: `${Math.max(4, (hour.average / top) * 100)}%` }} />
                      <span className="tabular-nums">{numbers.format(hour.average)}</span>
                    </span>
                  </td>
                  <td className="py-1 text-right text-muted-foreground tabular-nums">{hour.posts}</td>
                </tr>
              ))}
            </tbody>
          </table>
        ) : null}
      </Card>
    </section>
  );
}
