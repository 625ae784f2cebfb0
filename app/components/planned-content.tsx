import { CircleDashed } from "lucide-react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";

/**
 * For a page whose content arrives with a later part of the product: it says plainly what will be
 * here (from `planned.<page>` in the translations), so nobody mistakes it for a broken page.
 */
export function PlannedContent({ page, children }: { page: string; children?: ReactNode }) {
  const { t } = useTranslation();
  const items = t(`planned.${page}.items`, { returnObjects: true });
  return (
    <section className="rounded-xl border border-dashed bg-muted/30 p-6" aria-labelledby={`planned-${page}`}>
      <div className="flex items-start gap-3">
        <CircleDashed aria-hidden className="mt-0.5 size-5 shrink-0 text-primary" />
        <div className="flex flex-col gap-3">
          <h2 id={`planned-${page}`} className="font-semibold">
            {t("planned.heading")}
          </h2>
          <p className="text-sm text-muted-foreground">{t(`planned.${page}.description`)}</p>
          {Array.isArray(items) ? (
            <ul className="list-disc space-y-1 pl-5 text-sm">
              {items.map((item) => (
                <li key={String(item)}>{String(item)}</li>
              ))}
            </ul>
          ) : null}
          {children}
        </div>
      </div>
    </section>
  );
}

/** A whole marketing-layout page that is only planned content for now. */
export function PlannedPage({ page, title }: { page: string; title: string }) {
  const { t } = useTranslation();
  return (
    <div className="mx-auto w-full max-w-4xl px-4 py-12 sm:px-6">
      <h1 className="mb-8 text-3xl font-semibold tracking-tight">{t(title)}</h1>
      <PlannedContent page={page} />
    </div>
  );
}
