import { Link } from "@remix-run/react";
import { Check, Minus } from "lucide-react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import type { PricingContent } from "~/modules/content/schemas";
import { cn } from "~/utils/cn";

export type Billing = "monthly" | "yearly";

/** Monthly or yearly: two links (they work without JavaScript), the current one pressed. */
export function BillingToggle({ billing, labels, hrefFor }: { billing: Billing; labels: PricingContent["billing"]; hrefFor: (b: Billing) => string }) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col items-center gap-2">
      <nav aria-label={t("marketing.pricing.billing")} className="inline-flex rounded-full border bg-muted/40 p-1">
        {(["monthly", "yearly"] as const).map((option) => (
          <Link
            key={option}
            to={hrefFor(option)}
            preventScrollReset
            replace
            aria-current={billing === option ? "true" : undefined}
            className={cn(
              "rounded-full px-4 py-1.5 text-sm font-medium text-muted-foreground hover:text-foreground",
              billing === option && "bg-background text-foreground shadow-sm",
            )}
          >
            {labels[option]}
          </Link>
        ))}
      </nav>
      <p className="text-sm text-muted-foreground">{labels.yearlyNote}</p>
    </div>
  );
}

function formatPrice(amount: number, currency: string, locale: string) {
  return new Intl.NumberFormat(locale, { style: "currency", currency, maximumFractionDigits: amount % 1 === 0 ? 0 : 2 }).format(amount);
}

export function PlanCards({
  pricing,
  billing,
  ctaFor,
}: {
  pricing: PricingContent;
  billing: Billing;
  /** A link, or an element of its own (the upgrade form, a disabled button). */
  ctaFor: (plan: PricingContent["plans"][number]) => { to: string; label: string } | { element: ReactNode };
}) {
  const { t, i18n } = useTranslation();
  return (
    <ul className="grid gap-6 lg:grid-cols-3">
      {pricing.plans.map((plan) => {
        const amount = plan.price[billing];
        const cta = ctaFor(plan);
        return (
          <li
            key={plan.id}
            className={cn(
              "relative flex flex-col gap-6 rounded-2xl border bg-card p-6 shadow-xs",
              plan.highlight && "border-primary shadow-md ring-1 ring-primary",
            )}
          >
            <div className="flex items-center justify-between gap-2">
              <h2 className="text-lg font-semibold">{plan.name}</h2>
              {plan.badge ? <Badge tone="primary">{plan.badge}</Badge> : null}
            </div>
            <p className="text-sm text-muted-foreground">{plan.description}</p>
            <p className="flex items-baseline gap-1">
              {amount === null ? (
                <span className="text-4xl font-bold tracking-tight">{plan.customPrice ?? "—"}</span>
              ) : (
                <>
                  <span className="text-4xl font-bold tracking-tight">{formatPrice(amount, pricing.currency, i18n.language)}</span>
                  <span className="text-sm text-muted-foreground">{t("marketing.pricing.perMonth")}</span>
                </>
              )}
            </p>
            {"element" in cta ? (
              cta.element
            ) : (
              <Button asChild variant={plan.highlight ? "default" : "outline"} size="lg">
                <Link to={cta.to}>{cta.label}</Link>
              </Button>
            )}
            <ul className="flex flex-col gap-2 text-sm">
              {plan.features.map((feature) => (
                <li key={feature} className="flex gap-2">
                  <Check aria-hidden className="mt-0.5 size-4 shrink-0 text-success" />
                  {feature}
                </li>
              ))}
            </ul>
          </li>
        );
      })}
    </ul>
  );
}

function Cell({ value }: { value: boolean | string }) {
  const { t } = useTranslation();
  if (value === true) return <Check aria-label={t("marketing.pricing.included")} className="mx-auto size-4 text-success" />;
  if (value === false) return <Minus aria-label={t("marketing.pricing.notIncluded")} className="mx-auto size-4 text-muted-foreground" />;
  return <span>{value}</span>;
}

export function ComparisonTable({ pricing }: { pricing: PricingContent }) {
  const names = Object.fromEntries(pricing.plans.map((p) => [p.id, p.name]));
  return (
    <section aria-labelledby="comparison-title">
      <h2 id="comparison-title" className="mb-6 text-center text-2xl font-semibold tracking-tight">
        {pricing.comparison.title}
      </h2>
      {/* Fits a phone's width: cells wrap rather than the table scrolling sideways out of sight. */}
      <div className="rounded-xl border">
        <table className="w-full table-fixed text-xs break-words sm:text-sm">
          <colgroup>
            <col className="w-[34%]" />
            <col span={3} className="w-[22%]" />
          </colgroup>
          <thead className="bg-muted/40">
            <tr>
              <td className="p-2 sm:p-3" />
              {(["free", "pro", "enterprise"] as const).map((id) => (
                <th key={id} scope="col" className="p-2 text-center font-semibold sm:p-3">
                  {names[id]}
                </th>
              ))}
            </tr>
          </thead>
          {pricing.comparison.groups.map((group) => (
            <tbody key={group.title} className="divide-y border-t">
              <tr>
                <th scope="colgroup" colSpan={4} className="bg-muted/20 p-3 text-left text-xs font-semibold tracking-wide text-muted-foreground uppercase">
                  {group.title}
                </th>
              </tr>
              {group.rows.map((row) => (
                <tr key={row.label}>
                  <th scope="row" className="p-2 text-left font-normal sm:p-3">
                    {row.label}
                  </th>
                  {(["free", "pro", "enterprise"] as const).map((id) => (
                    <td key={id} className="p-2 text-center sm:p-3">
                      <Cell value={row[id]} />
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          ))}
        </table>
      </div>
    </section>
  );
}

export function Faq({ faq }: { faq: PricingContent["faq"] }) {
  return (
    <section aria-labelledby="faq-title" className="mx-auto w-full max-w-3xl">
      <h2 id="faq-title" className="mb-6 text-center text-2xl font-semibold tracking-tight">
        {faq.title}
      </h2>
      <div className="divide-y rounded-xl border bg-card">
        {faq.items.map((item) => (
          <details key={item.question} className="group p-4">
            <summary className="cursor-pointer list-none font-medium marker:hidden [&::-webkit-details-marker]:hidden">
              <span className="flex items-center justify-between gap-4">
                {item.question}
                <span aria-hidden className="text-muted-foreground transition-transform group-open:rotate-45">
                  +
                </span>
              </span>
            </summary>
            <p className="mt-3 text-sm text-muted-foreground">{item.answer}</p>
          </details>
        ))}
      </div>
    </section>
  );
}
