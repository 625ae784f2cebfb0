import { Link } from "@remix-run/react";
import { XCircle } from "lucide-react";
import { useTranslation } from "react-i18next";
import { StandalonePage } from "~/components/standalone-page";
import { Button } from "~/components/ui/button";
import type { RouteHandle } from "~/utils/page-title";

// Light like Stripe's own checkout page, which the user comes back from: no dark-light-dark flash.
export const handle: RouteHandle = { title: "payment.cancel.title", forcedColorMode: "light" };

export default function PaymentCanceledPage() {
  const { t } = useTranslation();
  return (
    <StandalonePage>
      <XCircle aria-hidden className="mx-auto mb-4 size-12 text-warning" />
      <h1 className="text-2xl font-semibold tracking-tight">{t("payment.cancel.heading")}</h1>
      <p className="mt-3 text-muted-foreground">{t("payment.cancel.text")}</p>
      <div className="mt-8 flex flex-col gap-2 sm:flex-row sm:flex-wrap sm:justify-center">
        <Button asChild>
          <Link to="/pricing">{t("payment.cancel.tryAgain")}</Link>
        </Button>
        <Button asChild variant="outline">
          <Link to="/profile">{t("payment.backToProfile")}</Link>
        </Button>
        <Button asChild variant="outline">
          <Link to="/">{t("payment.backToHome")}</Link>
        </Button>
        <Button asChild variant="ghost">
          <Link to="/contact">{t("payment.contactSupport")}</Link>
        </Button>
      </div>
    </StandalonePage>
  );
}
