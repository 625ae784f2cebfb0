import { Heart, MessageCircle, Repeat2 } from "lucide-react";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import type { ListMetrics } from "~/modules/posts/post-card-view.server";

/** The words and number format of a list's metrics lines, asked once per list (no hook per row: docs/decisions/0039). */
export interface MetricsLineLabels {
  likes: string;
  reposts: string;
  replies: string;
  notAvailable: string;
  format: (value: number) => string;
}

export function useMetricsLineLabels(): MetricsLineLabels {
  const { t, i18n } = useTranslation();
  return useMemo(() => {
    const numbers = new Intl.NumberFormat(i18n.language, { notation: "compact", maximumFractionDigits: 1 });
    return {
      likes: t("metrics.likes"),
      reposts: t("metrics.reposts"),
      replies: t("metrics.replies"),
      notAvailable: t("metrics.notAvailable"),
      format: (value) => numbers.format(value),
    };
  }, [t, i18n.language]);
}

const ICONS = { likes: Heart, reposts: Repeat2, replies: MessageCircle } as const;

/**
 * ♥ likes · ↻ reposts · 💬 replies of a published post, its parts summed: nothing before the first
 * fetch, "—" (read "not available") for a number its networks do not give, never 0.
 */
export function PostMetricsLine({ metrics, labels }: { metrics: ListMetrics | null | undefined; labels: MetricsLineLabels }) {
  if (!metrics) return null;
  return (
    <span className="inline-flex items-center gap-3 text-xs text-muted-foreground tabular-nums">
      {(["likes", "reposts", "replies"] as const).map((name) => {
        const Icon = ICONS[name];
        const value = metrics[name];
        return (
          <span key={name} className="inline-flex items-center gap-1">
            <Icon aria-hidden className="size-3.5" />
            <span className="sr-only">{labels[name]}:</span>
            {value === null ? (
              <>
                <span aria-hidden>—</span>
                <span className="sr-only">{labels.notAvailable}</span>
              </>
            ) : (
              labels.format(value)
            )}
          </span>
        );
      })}
    </span>
  );
}
