import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData, useLocation } from "@remix-run/react";
import { BadgeCheck, ShieldCheck } from "lucide-react";
import type { TFunction } from "i18next";
import { useTranslation } from "react-i18next";
import { ManageBillingButton, UpgradeButton } from "~/components/billing/upgrade-forms";
import { Button } from "~/components/ui/button";
import { BillingToggle, ComparisonTable, Faq, PlanCards, type Billing } from "~/components/marketing/pricing";
import { getOptionalUser } from "~/modules/auth/guards.server";
import { billingAccount, type BillingAccount } from "~/modules/billing/account.server";
import { getContent } from "~/modules/content/content.server";
import type { PricingContent } from "~/modules/content/schemas";
import { getLocale } from "~/modules/i18n/i18n.server";
import { searchHref } from "~/utils/search-href";
import type { RouteHandle } from "~/utils/page-title";
import { routeSeoMeta } from "~/utils/seo";
import { useOptionalUser } from "~/utils/use-root-data";

export const handle: RouteHandle = { title: "pages.pricing" };

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await getOptionalUser(request);
  const account = await billingAccount(user?.id ?? null);
  const pricing = getContent(await getLocale(request)).pricing;
  const billing: Billing = new URL(request.url).searchParams.get("billing") === "yearly" ? "yearly" : "monthly";
  // No billing on this server (self-hosted): no plans nor prices, it says what is free here.
  const seo = account.enabled
    ? { title: pricing.seo.title ?? pricing.title, description: pricing.seo.description ?? pricing.description, path: "/pricing" }
    : { title: pricing.selfHosted.title, description: pricing.selfHosted.description, path: "/pricing" };
  // Without billing the plans are not even sent to the page.
  return { pricing: account.enabled ? pricing : null, selfHosted: pricing.selfHosted, billing, account, seo };
}

export const meta: MetaFunction<typeof loader> = routeSeoMeta;

export default function PricingPage() {
  const { t } = useTranslation();
  const { pricing, selfHosted, billing, account } = useLoaderData<typeof loader>();
  const { search } = useLocation();
  const user = useOptionalUser();
  const hrefFor = (next: Billing) => searchHref("/pricing", search, { billing: next === "yearly" ? "yearly" : null });
  if (!pricing) return <SelfHostedPricing content={selfHosted} signedIn={Boolean(user)} />;
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
          plan.id === "pro"
            ? proCta({ signedIn: Boolean(user), account, billing, returnTo: hrefFor(billing), plan: plan.cta, t })
            : // A signed-in user already has the free plan: no account to create.
              plan.id === "free" && user
              ? { to: "/posts", label: t("billing.checkout.freeSignedIn") }
              : plan.cta
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
      {pricing.logos ? (
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
      ) : null}
      <Faq faq={pricing.faq} />
    </div>
  );
}

/** /pricing on a server without billing: what is free here, and no prices. */
function SelfHostedPricing({ content, signedIn }: { content: PricingContent["selfHosted"]; signedIn: boolean }) {
  const { t } = useTranslation();
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-10 px-4 py-16 sm:px-6">
      <header className="flex flex-col items-center gap-4 text-center">
        <h1 className="text-4xl font-bold tracking-tight text-balance">{content.title}</h1>
        <p className="text-lg text-muted-foreground">{content.description}</p>
      </header>
      <ul className="flex flex-col gap-3 rounded-xl border bg-card p-6">
        {content.points.map((point) => (
          <li key={point} className="flex items-start gap-3 text-sm">
            <BadgeCheck aria-hidden className="mt-0.5 size-5 shrink-0 text-primary" />
            {point}
          </li>
        ))}
      </ul>
      <div className="flex justify-center">
        <Button asChild size="lg">
          {signedIn ? <Link to="/posts">{t("billing.checkout.freeSignedIn")}</Link> : <Link to={content.cta.to}>{content.cta.label}</Link>}
        </Button>
      </div>
    </div>
  );
}

/**
 * Pro's button: signed in, the upgrade form (or the billing portal once subscribed); a visitor signs
 * up first and lands on /checkout with the chosen period. Without billing it says so.
 */
function proCta({
  signedIn,
  account,
  billing,
  returnTo,
  plan,
  t,
}: {
  signedIn: boolean;
  account: BillingAccount;
  billing: Billing;
  returnTo: string;
  plan: { to: string; label: string };
  t: TFunction;
}) {
  const interval = billing === "yearly" ? "year" : "month";
  if (!account.enabled) {
    if (!signedIn) return plan;
    return {
      element: (
        <div className="flex flex-col gap-2">
          <Button size="lg" disabled aria-describedby="billing-off">
            {t("marketing.pricing.upgrade")}
          </Button>
          <p id="billing-off" className="text-center text-xs text-muted-foreground">
            {t("billing.checkout.disabled")}
          </p>
        </div>
      ),
    };
  }
  if (!signedIn) return { to: `/signup?${new URLSearchParams({ redirectTo: `/checkout?interval=${interval}` })}`, label: plan.label };
  if (account.subscribed) {
    return {
      element: (
        <ManageBillingButton returnTo={returnTo} size="lg">
          {t("billing.checkout.manage")}
        </ManageBillingButton>
      ),
    };
  }
  return {
    element: (
      <UpgradeButton interval={interval} returnTo={returnTo} size="lg">
        {t("marketing.pricing.upgrade")}
      </UpgradeButton>
    ),
  };
}
