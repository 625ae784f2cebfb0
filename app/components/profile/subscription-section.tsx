import { Link } from "@remix-run/react";
import { CreditCard } from "lucide-react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { ManageBillingButton, UpgradeButton } from "~/components/billing/upgrade-forms";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import type { BillingAccount } from "~/modules/billing/account.server";
import type { UserProfile } from "~/modules/users/user.server";
import { ProfileSection } from "./section";

const DAY_MS = 24 * 60 * 60 * 1000;
const RETURN_TO = "/profile#subscription";

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex items-center justify-between gap-2">
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="text-right">{children}</dd>
    </div>
  );
}

export function SubscriptionSection({ subscription, billing }: { subscription: UserProfile["subscription"]; billing: BillingAccount }) {
  const { t, i18n } = useTranslation();
  const formatDate = (iso: string) => new Intl.DateTimeFormat(i18n.language, { dateStyle: "long" }).format(new Date(iso));
  const trialing = subscription.status === "trialing" && subscription.trialEndsAt;
  const daysLeft = trialing ? Math.max(0, Math.ceil((new Date(subscription.trialEndsAt!).getTime() - Date.now()) / DAY_MS)) : 0;
  const tone =
    subscription.status === "active" ? "success" : subscription.status === "trialing" ? "info" : subscription.status === "pending" ? "warning" : "neutral";
  return (
    <ProfileSection id="subscription" title={t("profile.subscription.title")}>
      <dl className="flex flex-col gap-3 text-sm">
        <Row label={t("profile.subscription.plan")}>
          <span className="font-semibold">{t(`plans.${subscription.plan}`)}</span>
        </Row>
        <Row label={t("profile.subscription.status")}>
          <Badge tone={tone}>{t(`subscriptionStatus.${subscription.status}`)}</Badge>
        </Row>
        {trialing ? (
          <Row label={t("profile.subscription.trialEnds")}>
            {formatDate(subscription.trialEndsAt!)}
            <span className="block text-xs text-muted-foreground">{t("profile.subscription.daysLeft", { count: daysLeft })}</span>
          </Row>
        ) : null}
        <Row label={t("profile.subscription.nextBilling")}>
          {subscription.currentPeriodEnd ? formatDate(subscription.currentPeriodEnd) : t("profile.subscription.none")}
        </Row>
        <Row label={t("profile.subscription.paymentMethod")}>
          {subscription.cardConfigured ? (
            <span className="inline-flex items-center gap-1.5">
              <CreditCard aria-hidden className="size-4 text-success" />
              {t("profile.subscription.cardConfigured")}
            </span>
          ) : (
            t("profile.subscription.noCard")
          )}
        </Row>
      </dl>
      <div className="mt-5 flex flex-col gap-2">
        <BillingActions billing={billing} />
        <Button asChild variant="ghost" className="w-full">
          <Link to="/pricing">{t("profile.subscription.comparePlans")}</Link>
        </Button>
      </div>
    </ProfileSection>
  );
}

/** Upgrade (monthly or yearly) until a Stripe subscription is live, then Manage billing. */
function BillingActions({ billing }: { billing: BillingAccount }) {
  const { t } = useTranslation();
  if (!billing.enabled) return <p className="rounded-md bg-muted p-3 text-xs text-muted-foreground">{t("profile.subscription.billingOff")}</p>;
  const manage = (
    <ManageBillingButton returnTo={RETURN_TO} variant={billing.subscribed ? "default" : "outline"} className="w-full">
      {t("billing.checkout.manage")}
    </ManageBillingButton>
  );
  if (billing.subscribed) return manage;
  return (
    <>
      <div className="grid gap-2 sm:grid-cols-2 lg:grid-cols-1 xl:grid-cols-2">
        <UpgradeButton interval="month" returnTo={RETURN_TO} className="w-full">
          {t("billing.checkout.upgradeMonthly")}
        </UpgradeButton>
        <UpgradeButton interval="year" returnTo={RETURN_TO} variant="outline" className="w-full">
          {t("billing.checkout.upgradeYearly")}
        </UpgradeButton>
      </div>
      {billing.hasCustomer ? manage : null}
    </>
  );
}
