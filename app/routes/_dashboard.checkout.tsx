import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { BadgeCheck, CreditCard } from "lucide-react";
import { useTranslation } from "react-i18next";
import { PageHeader } from "~/components/layout/shells";
import { Button } from "~/components/ui/button";
import { Card, CardContent } from "~/components/ui/card";
import { FormErrors } from "~/components/ui/field";
import { StatusButton } from "~/components/ui/status-button";
import { requireUser } from "~/modules/auth/guards.server";
import { checkoutOffer } from "~/modules/billing/account.server";
import { openBillingPortal, startCheckout } from "~/modules/billing/checkout.server";
import { intervalFrom } from "~/modules/billing/schemas";
import { getContent } from "~/modules/content/content.server";
import { AppError, rethrowUnlessAppError } from "~/modules/errors/app-error";
import { replyWithError } from "~/modules/forms/reply.server";
import { formErrorsOf } from "~/modules/forms/reply";
import { getLocale, getRequestT } from "~/modules/i18n/i18n.server";
import { redirectWithToast } from "~/modules/toast/toast.server";
import { cn } from "~/utils/cn";
import type { RouteHandle } from "~/utils/page-title";
import { safeRedirect } from "~/modules/http/redirect";

export const handle: RouteHandle = { title: "billing.checkout.title" };

// Where every upgrade goes: the pricing page's and the profile's forms post here (303 to Stripe's
// page), and a visitor who signed up from the pricing page lands here to continue with one click.

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const interval = intervalFrom(new URL(request.url).searchParams.get("interval")) ?? "month";
  const { account, trialEndsAt } = await checkoutOffer(user.id);
  const { plans, currency } = getContent(await getLocale(request)).pricing;
  const pro = plans.find((plan) => plan.id === "pro");
  return {
    interval,
    account,
    price: { monthly: pro?.price.monthly ?? null, yearly: pro?.price.yearly ?? null, currency },
    trialEndsAt: trialEndsAt?.toISOString() ?? null,
  };
}

/**
 * `interval` (month or year) opens Stripe Checkout, `intent=portal` the billing portal: a 303 to
 * Stripe's page. A failure is this page's form error, or an error toast back on `returnTo` when
 * the form was on another page (pricing, profile).
 */
export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const form = await request.formData();
  const interval = intervalFrom(String(form.get("interval") ?? ""));
  const returnTo = form.get("returnTo");
  try {
    if (form.get("intent") === "portal") return redirect(await openBillingPortal(user), 303);
    if (!interval) throw new AppError("validation_failed", "errors.validationFailed");
    return redirect(await startCheckout(user, interval), 303);
  } catch (error) {
    rethrowUnlessAppError(error);
    if (typeof returnTo !== "string" || !returnTo) return replyWithError(request, null, error);
    const { t } = await getRequestT(request);
    return redirectWithToast(safeRedirect(returnTo, "/checkout"), { color: "error", title: t(error.messageKey, error.options.values) });
  }
}

function formatPrice(amount: number, currency: string, locale: string) {
  return new Intl.NumberFormat(locale, { style: "currency", currency, maximumFractionDigits: amount % 1 === 0 ? 0 : 2 }).format(amount);
}

export default function CheckoutPage() {
  const { t, i18n } = useTranslation();
  const { interval, account, price, trialEndsAt } = useLoaderData<typeof loader>();
  const errors = formErrorsOf(useActionData<typeof action>());
  const perMonth = interval === "year" ? price.yearly : price.monthly;
  const dateOf = (iso: string) => new Intl.DateTimeFormat(i18n.language, { dateStyle: "long" }).format(new Date(iso));
  return (
    <div className="mx-auto w-full max-w-xl">
      <PageHeader title={t("billing.checkout.title")} description={t("billing.checkout.description")} />
      <Card>
        <CardContent className="flex flex-col gap-6 pt-6">
          <nav aria-label={t("billing.checkout.interval")} className="inline-flex self-center rounded-full border bg-muted/40 p-1">
            {(["month", "year"] as const).map((option) => (
              <Link
                key={option}
                to={`?interval=${option}`}
                replace
                preventScrollReset
                aria-current={interval === option ? "true" : undefined}
                className={cn(
                  "rounded-full px-4 py-1.5 text-sm font-medium text-muted-foreground hover:text-foreground",
                  interval === option && "bg-background text-foreground shadow-sm",
                )}
              >
                {t(option === "year" ? "billing.checkout.yearly" : "billing.checkout.monthly")}
              </Link>
            ))}
          </nav>
          {perMonth !== null ? (
            <div className="text-center">
              <p className="text-4xl font-bold tracking-tight">
                {t("billing.checkout.pricePerMonth", { price: formatPrice(perMonth, price.currency, i18n.language) })}
              </p>
              <p className="mt-1 text-sm text-muted-foreground">
                {interval === "year"
                  ? t("billing.checkout.billedYearly", { price: formatPrice(perMonth * 12, price.currency, i18n.language) })
                  : t("billing.checkout.billedMonthly")}
              </p>
            </div>
          ) : null}
          <ul className="flex flex-col gap-2 text-sm">
            {trialEndsAt ? (
              <li className="flex gap-2">
                <BadgeCheck aria-hidden className="mt-0.5 size-4 shrink-0 text-success" />
                {t("billing.checkout.trialCarries", { date: dateOf(trialEndsAt) })}
              </li>
            ) : null}
            <li className="flex gap-2">
              <BadgeCheck aria-hidden className="mt-0.5 size-4 shrink-0 text-success" />
              {t("billing.checkout.waitlistNote")}
            </li>
          </ul>
          <FormErrors errors={errors} />
          <CheckoutButtons interval={interval} account={account} />
          <Button asChild variant="ghost" className="self-center">
            <Link to="/pricing">{t("billing.checkout.backToPricing")}</Link>
          </Button>
        </CardContent>
      </Card>
    </div>
  );
}

function CheckoutButtons({ interval, account }: { interval: "month" | "year"; account: { enabled: boolean; subscribed: boolean } }) {
  const { t } = useTranslation();
  if (!account.enabled) {
    return <p className="rounded-md bg-muted p-3 text-center text-sm text-muted-foreground">{t("billing.checkout.disabled")}</p>;
  }
  if (account.subscribed) {
    return (
      <Form method="post" className="flex flex-col gap-3">
        <p className="text-center text-sm text-muted-foreground">{t("billing.checkout.alreadyPro")}</p>
        <StatusButton name="intent" value="portal" size="lg" pendingLabel={t("billing.checkout.redirecting")}>
          {t("billing.checkout.manage")}
        </StatusButton>
      </Form>
    );
  }
  return (
    <Form method="post" className="flex flex-col">
      <StatusButton name="interval" value={interval} size="lg" pendingLabel={t("billing.checkout.redirecting")}>
        <CreditCard aria-hidden className="size-4" />
        {t("billing.checkout.continue")}
      </StatusButton>
    </Form>
  );
}
