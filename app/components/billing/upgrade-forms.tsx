import { Form } from "@remix-run/react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { ButtonProps } from "~/components/ui/button";
import { StatusButton } from "~/components/ui/status-button";

// The upgrade and billing buttons of the pricing page and the profile: small forms posted to
// /checkout, which answers 303 to Stripe's page (so they work without JavaScript) or, on failure,
// comes back to `returnTo` with an error toast.

interface BillingButtonProps {
  returnTo: string;
  children: ReactNode;
  variant?: ButtonProps["variant"];
  size?: ButtonProps["size"];
  className?: string;
}

export function UpgradeButton({ interval, returnTo, children, variant, size, className }: BillingButtonProps & { interval: "month" | "year" }) {
  const { t } = useTranslation();
  return (
    <Form method="post" action="/checkout" className="flex flex-col">
      <input type="hidden" name="returnTo" value={returnTo} />
      <StatusButton name="interval" value={interval} variant={variant} size={size} className={className} pendingLabel={t("billing.checkout.redirecting")}>
        {children}
      </StatusButton>
    </Form>
  );
}

export function ManageBillingButton({ returnTo, children, variant, size, className }: BillingButtonProps) {
  const { t } = useTranslation();
  return (
    <Form method="post" action="/checkout" className="flex flex-col">
      <input type="hidden" name="returnTo" value={returnTo} />
      <StatusButton name="intent" value="portal" variant={variant} size={size} className={className} pendingLabel={t("billing.checkout.redirecting")}>
        {children}
      </StatusButton>
    </Form>
  );
}
