import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData, useLocation } from "@remix-run/react";
import { BadgeCheck, ShieldCheck } from "lucide-react";
import { useTranslation } from "react-i18next";
import { BillingToggle, ComparisonTable, Faq, PlanCards, type Billing } from "~/components/marketing/pricing";
import { getContent } from "~/modules/content/content.server";
import { getLocale } from "~/modules/i18n/i18n.server";
import type { RouteHandle } from "~/utils/page-title";
import { routeSeoMeta } from "~/utils/seo";
import { useOptionalUser } from "~/utils/use-root-data";

export const handle: RouteHandle = { title: "pages.pricing" };

export async function loader({ request }: LoaderFunctionArgs) {
  const pricing = getContent(await getLocale(request)).pricing;
  const billing: Billing = new URL(request.url).searchParams.get("billing") === "yearly" ? "yearly" : "monthly";
  return {
    pricing,
    billing,
    seo: { title: pricing.seo.title ?? pricing.title, description: pricing.seo.description ?? pricing.description, path: "/pricing" },
  };
}

export const meta: MetaFunction<typeof loader> = routeSeoMeta;

export default function PricingPage() {
  const { t } = useTranslation();
  const { pricing, billing } = useLoaderData<typeof loader>();
  const { search } = useLocation();
  const user = useOptionalUser();
  const hrefFor = (next: Billing) => {
    const params = new URLSearchParams(search);
    if (next === "yearly") params.set("billing", "yearly");
    else params.delete("billing");
    const query = params.toString();
    return query ? `/pricing?${query}` : "/pricing";
  };
  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-16 px-4 py-16 sm:px-6">
      <header className="mx-auto flex max-w-2xl flex-col items-center gap-4 text-center">
        <h1 className="text-4xl font-bold tracking-tight">{pricing.title}</h1>
        <p className="text-lg text-muted-foreground">{pricing.description}</p>
        <BillingToggle billing={billing} labels={pricing.billing} hrefFor={hrefFor} />
      </header>
      <PlanCards
        pricing={pricing}
        billing={billing}
        ctaFor={(plan) =>
          // Signed in, a paid plan goes to checkout (which the billing issue completes).
          user && plan.id === "pro" ? { to: `/checkout?plan=pro&billing=${billing}`, label: t("marketing.pricing.upgrade") } : plan.cta
        }
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <p className="flex items-start gap-3 rounded-xl border bg-muted/30 p-4 text-sm">
          <BadgeCheck aria-hidden className="mt-0.5 size-5 shrink-0 text-primary" />
          {pricing.trial}
        </p>
        <p className="flex items-start gap-3 rounded-xl border bg-muted/30 p-4 text-sm">
          <ShieldCheck aria-hidden className="mt-0.5 size-5 shrink-0 text-primary" />
          {pricing.guarantee}
        </p>
      </div>
      <ComparisonTable pricing={pricing} />
      <section aria-labelledby="logos-title" className="text-center">
        <h2 id="logos-title" className="mb-6 text-sm font-medium text-muted-foreground">
          {pricing.logos.title}
        </h2>
        <ul className="flex flex-wrap justify-center gap-x-10 gap-y-4">
          {pricing.logos.items.map((logo) => (
            <li key={logo.name} className="text-lg font-semibold tracking-tight text-muted-foreground">
              {logo.name}
            </li>
          ))}
        </ul>
      </section>
      <Faq faq={pricing.faq} />
    </div>
  );
}
