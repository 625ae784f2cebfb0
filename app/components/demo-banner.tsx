import { FlaskConical } from "lucide-react";
import { useTranslation } from "react-i18next";

/**
 * On every page under `npm run demo` (docs/decisions/0062-demo-mode.md): demonstration data must never
 * pass for real. It cannot be dismissed; only its explanation folds. The inbox is a plain link: it is
 * served beside the app, not by it.
 */
export function DemoBanner() {
  const { t } = useTranslation();
  return (
    <section aria-label={t("demo.label")} className="border-b border-warning/40 bg-warning/10 px-4 py-2 text-sm text-foreground" data-demo-banner>
      <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-4 gap-y-1">
        <p className="flex items-start gap-2 font-semibold">
          <FlaskConical aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-warning" />
          <span>{t("demo.summary")}</span>
        </p>
        <p>
          <a
            href="/demo/inbox"
            className="rounded-sm font-medium text-foreground underline underline-offset-2 focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
          >
            {t("demo.inbox")}
          </a>{" "}
          <span className="text-muted-foreground">{t("demo.inboxHint")}</span>
        </p>
        <details className="w-full">
          <summary className="w-fit cursor-pointer rounded-sm text-muted-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none">
            {t("demo.more")}
          </summary>
          <p className="mt-1 text-muted-foreground">{t("demo.details")}</p>
        </details>
      </div>
    </section>
  );
}
