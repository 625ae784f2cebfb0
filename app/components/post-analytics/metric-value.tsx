import { useTranslation } from "react-i18next";

/** A number in the reader's language, or "—" read out as "not available" (never 0 for a number the network does not give). */
export function MetricValue({ value }: { value: number | null }) {
  const { t, i18n } = useTranslation();
  if (value === null)
    return (
      <>
        <span aria-hidden className="text-muted-foreground">
          —
        </span>
        <span className="sr-only">{t("metrics.notAvailable")}</span>
      </>
    );
  return <>{new Intl.NumberFormat(i18n.language).format(value)}</>;
}
