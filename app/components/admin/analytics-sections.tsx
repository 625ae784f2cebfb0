import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import type { AnalyticsTotals } from "~/modules/admin/analytics";
import { numberFormatter } from "./analytics-format";

const TOTALS: (keyof AnalyticsTotals)[] = ["users", "verified", "trialing", "paying", "waitlist"];

export function TotalsGrid({ totals }: { totals: AnalyticsTotals }) {
  const { t, i18n } = useTranslation();
  const format = numberFormatter(i18n.language);
  return (
    <section aria-labelledby="analytics-totals">
      <h2 id="analytics-totals" className="sr-only">
        {t("admin.analytics.totals.heading")}
      </h2>
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
        {TOTALS.map((key) => (
          <Card key={key} className="flex flex-col-reverse gap-1 p-4 last:col-span-2 sm:last:col-span-1">
            <dt className="text-sm text-muted-foreground">{t(`admin.analytics.totals.${key}`)}</dt>
            <dd className="text-2xl font-semibold tracking-tight tabular-nums" data-testid={`total-${key}`}>
              {format(totals[key])}
            </dd>
          </Card>
        ))}
      </dl>
    </section>
  );
}

interface ChartCardProps {
  id: string;
  title: string;
  description: string;
  /** What to say instead of the chart when there is nothing to show. */
  empty: string | null;
  legend?: ReactNode;
  /** A note under the chart (how a figure is derived). */
  note?: string;
  table: { columns: string[]; rows: (string | number)[][] };
  children: ReactNode;
}

/** A chart with its title, and its numbers in a table that opens without JavaScript. */
export function ChartCard({ id, title, description, empty, legend, note, table, children }: ChartCardProps) {
  const { t } = useTranslation();
  return (
    <Card aria-labelledby={id} role="region" className="flex flex-col">
      <CardHeader className="p-4 pb-4 sm:p-6 sm:pb-4">
        <CardTitle id={id}>{title}</CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-1 flex-col gap-4 p-4 pt-0 sm:p-6 sm:pt-0">
        {empty ? (
          <p className="rounded-lg border border-dashed bg-muted/30 px-4 py-10 text-center text-sm text-muted-foreground">{empty}</p>
        ) : (
          <>
            {legend}
            {children}
          </>
        )}
        {note ? <p className="text-xs text-muted-foreground">{note}</p> : null}
        {empty ? null : (
          <details className="group mt-auto text-sm">
            <summary className="cursor-pointer text-muted-foreground select-none hover:text-foreground">{t("admin.analytics.table.show")}</summary>
            <div className="mt-3 max-h-72 overflow-auto rounded-lg border">
              <table className="w-full text-left tabular-nums">
                <thead className="sticky top-0 bg-muted text-muted-foreground">
                  <tr>
                    {table.columns.map((column) => (
                      <th key={column} scope="col" className="px-3 py-2 font-medium">
                        {column}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {table.rows.map(([day, ...cells]) => (
                    <tr key={String(day)} className="border-t">
                      <th scope="row" className="px-3 py-1.5 font-normal">
                        {day}
                      </th>
                      {cells.map((cell, i) => (
                        <td key={i} className="px-3 py-1.5">
                          {cell}
                        </td>
                      ))}
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </details>
        )}
      </CardContent>
    </Card>
  );
}
