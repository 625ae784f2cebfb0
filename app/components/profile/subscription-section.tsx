import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Button } from "~/components/ui/button";
import type { UserProfile } from "~/modules/users/user.server";
import { Badge } from "~/components/ui/badge";
import { ProfileSection } from "./section";

const DAY_MS = 24 * 60 * 60 * 1000;

export function SubscriptionSection({ subscription }: { subscription: UserProfile["subscription"] }) {
  const { t, i18n } = useTranslation();
  const formatDate = (iso: string) => new Intl.DateTimeFormat(i18n.language, { dateStyle: "long" }).format(new Date(iso));
  const trialing = subscription.status === "trialing" && subscription.trialEndsAt;
  const daysLeft = trialing ? Math.max(0, Math.ceil((new Date(subscription.trialEndsAt!).getTime() - Date.now()) / DAY_MS)) : 0;
  const tone = subscription.status === "active" ? "success" : subscription.status === "trialing" ? "info" : "neutral";
  return (
    <ProfileSection id="subscription" title={t("profile.subscription.title")}>
      <dl className="flex flex-col gap-3 text-sm">
        <div className="flex items-center justify-between gap-2">
          <dt className="text-muted-foreground">{t("profile.subscription.plan")}</dt>
          <dd className="font-semibold">{t(`plans.${subscription.plan}`)}</dd>
        </div>
        <div className="flex items-center justify-between gap-2">
          <dt className="text-muted-foreground">{t("profile.subscription.status")}</dt>
          <dd>
            <Badge tone={tone}>{t(`subscriptionStatus.${subscription.status}`)}</Badge>
          </dd>
        </div>
        {trialing ? (
          <div className="flex items-center justify-between gap-2">
            <dt className="text-muted-foreground">{t("profile.subscription.trialEnds")}</dt>
            <dd className="text-right">
              {formatDate(subscription.trialEndsAt!)}
              <span className="block text-xs text-muted-foreground">{t("profile.subscription.daysLeft", { count: daysLeft })}</span>
            </dd>
          </div>
        ) : null}
        <div className="flex items-center justify-between gap-2">
          <dt className="text-muted-foreground">{t("profile.subscription.nextBilling")}</dt>
          <dd>{subscription.currentPeriodEnd ? formatDate(subscription.currentPeriodEnd) : t("profile.subscription.none")}</dd>
        </div>
        <div className="flex items-center justify-between gap-2">
          <dt className="text-muted-foreground">{t("profile.subscription.paymentMethod")}</dt>
          <dd>{t("profile.subscription.noCard")}</dd>
        </div>
      </dl>
      <Button asChild variant="outline" className="mt-5 w-full">
        <Link to="/pricing">{t("profile.subscription.comparePlans")}</Link>
      </Button>
    </ProfileSection>
  );
}
