import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { PlannedContent } from "~/components/planned-content";
import { StandalonePage } from "~/components/standalone-page";
import { Button } from "~/components/ui/button";
import type { RouteHandle } from "~/utils/page-title";

export const handle: RouteHandle = { title: "payment.success.title" };

export default function PaymentSuccessPage() {
  const { t } = useTranslation();
  return (
    <StandalonePage>
      <h1 className="mb-6 text-2xl font-semibold tracking-tight">{t("payment.success.title")}</h1>
      <div className="text-left">
        <PlannedContent page="paymentSuccess" />
      </div>
      <div className="mt-8 flex flex-col gap-2 sm:flex-row sm:justify-center">
        <Button asChild>
          <Link to="/profile">{t("payment.backToProfile")}</Link>
        </Button>
        <Button asChild variant="outline">
          <Link to="/">{t("payment.backToHome")}</Link>
        </Button>
      </div>
    </StandalonePage>
  );
}
