import { Form } from "@remix-run/react";
import { RefreshCw } from "lucide-react";
import { useTranslation } from "react-i18next";
import { StatusButton } from "~/components/ui/status-button";
import { networkRules } from "~/modules/networks/rules";
import type { PostView } from "~/modules/posts/post-view.server";
import { METRIC_NAMES, type FetchedMetrics } from "~/modules/posts/post-metrics";
import { useFormatDate } from "~/utils/use-format-date";
import { PlatformIcon } from "./platform-icon";

type TargetView = PostView["targets"][number];

/** Targets with something live on their network: the ones that have numbers. */
export function targetsWithNumbers(targets: TargetView[]): TargetView[] {
  return targets.filter((target) => target.parts.some((part) => part.status === "published"));
}

const relativeFormatters = new Map<string, Intl.RelativeTimeFormat>();
function relativeFormatter(language: string): Intl.RelativeTimeFormat {
  let formatter = relativeFormatters.get(language);
  if (!formatter) {
    formatter = new Intl.RelativeTimeFormat(language, { numeric: "auto" });
    relativeFormatters.set(language, formatter);
  }
  return formatter;
}

/** "5 minutes ago", "2 hours ago", "3 days ago" (null under a minute: "just now"). `now` comes from the loader, so server and browser agree. */
function ago(at: string, now: string, language: string): string | null {
  const minutes = Math.floor((new Date(now).getTime() - new Date(at).getTime()) / 60_000);
  if (minutes < 1) return null;
  const format = relativeFormatter(language);
  if (minutes < 60) return format.format(-minutes, "minute");
  if (minutes < 24 * 60) return format.format(-Math.floor(minutes / 60), "hour");
  return format.format(-Math.floor(minutes / (24 * 60)), "day");
}

/**
 * The post's numbers once it is out (docs/decisions/0073-post-metrics.md): per account its totals,
 * per part for a thread or a first comment, "not available" where the network gives nothing (never
 * 0), when they were fetched, and Refresh (a plain form: the page's action fetches and comes back).
 */
export function PostMetrics({ targets, now }: { targets: TargetView[]; now: string }) {
  const { t } = useTranslation();
  const shown = targetsWithNumbers(targets);
  if (shown.length === 0) return null;
  return (
    <section aria-labelledby="metrics-title" className="flex flex-col gap-3">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="flex flex-col gap-1">
          <h2 id="metrics-title" className="text-lg font-semibold">
            {t("metrics.title")}
          </h2>
          <p className="text-sm text-muted-foreground">{t("metrics.description")}</p>
        </div>
        <Form method="post">
          <StatusButton name="intent" value="refreshMetrics" variant="outline" pendingLabel={t("metrics.refreshing")}>
            <RefreshCw aria-hidden />
            {t("metrics.refresh")}
          </StatusButton>
        </Form>
      </div>
      <ul className="flex flex-col gap-3">
        {shown.map((target) => (
          <TargetMetrics key={target.id} target={target} now={now} />
        ))}
      </ul>
    </section>
  );
}

function TargetMetrics({ target, now }: { target: TargetView; now: string }) {
  const { t, i18n } = useTranslation();
  const formatDate = useFormatDate();
  const network = t(`composer.network.${target.network}`);
  const numbers = new Intl.NumberFormat(i18n.language);
  const partName = (position: number) =>
    networkRules(target.network).threadKind === "comment"
      ? t(position === 1 ? "composer.mainPost" : "composer.firstComment")
      : t("posts.detail.targets.part", { part: position });
  const value = (metrics: FetchedMetrics | null, name: (typeof METRIC_NAMES)[number]) => {
    const number = metrics?.[name];
    if (number === null || number === undefined)
      return (
        <span className="text-sm font-normal text-muted-foreground italic" title={t("metrics.notAvailableHint", { network })}>
          {t("metrics.notAvailable")}
        </span>
      );
    return <span className="tabular-nums">{numbers.format(number)}</span>;
  };
  const fetched = target.metrics;
  const live = target.parts.filter((part) => part.status === "published");
  const since = fetched ? ago(fetched.fetchedAt, now, i18n.language) : null;
  return (
    <li className="flex flex-col gap-3 rounded-xl border bg-card p-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span className="flex min-w-0 items-center gap-2 font-medium">
          <PlatformIcon platform={target.network} className="size-4" />
          <span className="truncate">{target.channel?.displayName ?? network}</span>
          <span className="text-xs font-normal text-muted-foreground">{network}</span>
        </span>
        {fetched ? (
          <time dateTime={fetched.fetchedAt} title={formatDate(fetched.fetchedAt)} className="text-xs text-muted-foreground">
            {t("metrics.updated", { ago: since ?? t("metrics.justNow") })}
          </time>
        ) : null}
      </div>
      {fetched ? (
        <dl className="grid grid-cols-2 gap-3 sm:grid-cols-5">
          {METRIC_NAMES.map((name) => (
            <div key={name} className="flex flex-col gap-0.5 rounded-lg bg-muted/50 px-3 py-2">
              <dt className="text-xs text-muted-foreground">{t(`metrics.${name}`)}</dt>
              <dd className="text-lg font-semibold">{value(fetched, name)}</dd>
            </div>
          ))}
        </dl>
      ) : (
        <p className="text-sm text-muted-foreground">{t("metrics.notFetchedYet")}</p>
      )}
      {fetched && live.length > 1 ? (
        <div className="overflow-x-auto">
          <table className="w-full min-w-[28rem] text-sm">
            <caption className="sr-only">{t("metrics.partNumbers", { network })}</caption>
            <thead>
              <tr className="text-left text-xs text-muted-foreground">
                <th scope="col" className="py-1 pr-3 font-medium" />
                {METRIC_NAMES.map((name) => (
                  <th key={name} scope="col" className="py-1 pr-3 font-medium">
                    {t(`metrics.${name}`)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="divide-y">
              {live.map((part) => (
                <tr key={part.position}>
                  <th scope="row" className="py-1.5 pr-3 text-left font-medium">
                    {partName(part.position)}
                  </th>
                  {METRIC_NAMES.map((name) => (
                    <td key={name} className="py-1.5 pr-3">
                      {part.metrics ? value(part.metrics, name) : <span className="text-muted-foreground">—</span>}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      {target.metricsError ? (
        <p className="text-sm text-warning" role="status">
          {t("metrics.fetchFailed", { network, code: target.metricsError.code })}
        </p>
      ) : null}
    </li>
  );
}
