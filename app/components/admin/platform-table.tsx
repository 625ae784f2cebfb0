import { useTranslation } from "react-i18next";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import type { PlatformSummary } from "~/modules/admin/analytics";
import { durationFormatter, numberFormatter, percentFormatter } from "./analytics-format";

const FIGURES = ["successRate", "published", "failed", "p50", "p95"] as const;

/** Success rate and lateness per platform: a table, or one block per platform on a phone. */
export function PlatformTable({ platforms }: { platforms: PlatformSummary[] }) {
  const { t, i18n } = useTranslation();
  const [count, percent, duration] = [numberFormatter(i18n.language), percentFormatter(i18n.language), durationFormatter(i18n.language)];
  const none = t("admin.analytics.platforms.none");
  const orNone = (value: number | null) => (value === null ? none : duration(value));
  const rows = platforms.map((p) => ({
    platform: p.platform,
    name: t(`platforms.${p.platform}`),
    figures: [p.published + p.failed > 0 ? percent(p.successRate) : none, count(p.published), count(p.failed), orNone(p.latenessP50), orNone(p.latenessP95)],
  }));
  const finished = platforms.some((p) => p.published + p.failed > 0);
  const label = (figure: (typeof FIGURES)[number]) => t(`admin.analytics.platforms.${figure}`);
  return (
    <Card aria-labelledby="analytics-platforms" role="region">
      <CardHeader className="p-4 pb-4 sm:p-6 sm:pb-4">
        <CardTitle id="analytics-platforms">{t("admin.analytics.platforms.title")}</CardTitle>
        <CardDescription>{t("admin.analytics.platforms.description")}</CardDescription>
      </CardHeader>
      <CardContent className="p-4 pt-0 sm:p-6 sm:pt-0">
        {!finished ? (
          <p className="rounded-lg border border-dashed bg-muted/30 px-4 py-10 text-center text-sm text-muted-foreground">
            {t("admin.analytics.platforms.empty")}
          </p>
        ) : (
          <>
            <div className="hidden overflow-x-auto rounded-lg border sm:block">
              <table className="w-full text-sm tabular-nums">
                <thead className="bg-muted/60 text-muted-foreground">
                  <tr>
                    <th scope="col" className="px-3 py-2 text-left font-medium">
                      {t("admin.analytics.platforms.platform")}
                    </th>
                    {FIGURES.map((figure) => (
                      <th key={figure} scope="col" className="px-3 py-2 text-right font-medium">
                        {label(figure)}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {rows.map((row) => (
                    <tr key={row.platform} className="border-t">
                      <th scope="row" className="px-3 py-2.5 text-left font-medium whitespace-nowrap">
                        {row.name}
                      </th>
                      {row.figures.map((text, i) => (
                        <td key={FIGURES[i]} className="px-3 py-2.5 text-right">
                          {text}
                        </td>
                      ))}
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            <ul className="flex flex-col gap-3 sm:hidden">
              {rows.map((row) => (
                <li key={row.platform} className="rounded-lg border p-3">
                  <h3 className="mb-2 font-medium">{row.name}</h3>
                  <dl className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 text-sm tabular-nums">
                    {FIGURES.map((figure, i) => (
                      <div key={figure} className="contents">
                        <dt className="text-muted-foreground">{label(figure)}</dt>
                        <dd className="text-right">{row.figures[i]}</dd>
                      </div>
                    ))}
                  </dl>
                </li>
              ))}
            </ul>
          </>
        )}
      </CardContent>
    </Card>
  );
}
