import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData, useLocation } from "@remix-run/react";
import { CheckCircle2, Clock, XCircle } from "lucide-react";
import { useTranslation } from "react-i18next";
import { StandalonePage } from "~/components/standalone-page";
import { Button } from "~/components/ui/button";
import { requireUser } from "~/modules/auth/guards.server";
import { checkoutOutcome } from "~/modules/billing/checkout.server";
import { isAppError } from "~/modules/errors/app-error";
import { notFoundPage, rethrowAsResponse } from "~/modules/http/route-errors.server";
import type { RouteHandle } from "~/utils/page-title";
import { useWritePostHref } from "~/utils/use-write-post-href";

// Light like Stripe's own checkout page, which the user comes back from: no dark-light-dark flash.
export const handle: RouteHandle = { title: "payment.success.title", forcedColorMode: "light" };

/** While the webhook has not come, the page looks again every few seconds (without JavaScript too). */
const RECHECK_SECONDS = 4;

// Stripe comes back here after payment. The session is read back from Stripe (only the user's own:
// anyone else's, or an unknown id, is a 404); our plan changes when Stripe's webhook arrives.
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const sessionId = new URL(request.url).searchParams.get("session_id");
  if (!sessionId) notFoundPage();
  let outcome;
  try {
    outcome = await checkoutOutcome(user.id, sessionId);
  } catch (error) {
    // Billing turned off since: there is no payment to confirm here. Stripe failing is a 502.
    if (isAppError(error) && error.code === "billing_disabled") notFoundPage();
    rethrowAsResponse(error);
  }
  if (!outcome) notFoundPage();
  const state = !outcome.paid ? "unpaid" : outcome.activated ? "confirmed" : "activating";
  return { state, plan: outcome.plan, status: outcome.status } as const;
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { name: "robots", content: "noindex" },
  ...(data?.state === "activating" ? [{ httpEquiv: "refresh", content: String(RECHECK_SECONDS) }] : []),
];

export default function PaymentSuccessPage() {
  const { t } = useTranslation();
  const writePost = useWritePostHref();
  const { state, plan, status } = useLoaderData<typeof loader>();
  const { pathname, search } = useLocation();
  return (
    <StandalonePage>
      {state === "confirmed" ? (
        <>
          <CheckCircle2 aria-hidden className="mx-auto mb-4 size-12 text-success" />
          <h1 className="text-2xl font-semibold tracking-tight">{t("billing.checkout.success.confirmedHeading")}</h1>
          <p className="mt-3 text-muted-foreground">
            {t("billing.checkout.success.confirmedText", { plan: t(`plans.${plan}`), status: t(`subscriptionStatus.${status}`) })}
          </p>
        </>
      ) : state === "activating" ? (
        <>
          <Clock aria-hidden className="mx-auto mb-4 size-12 animate-pulse text-info" />
          <div role="status">
            <h1 className="text-2xl font-semibold tracking-tight">{t("billing.checkout.success.activatingHeading")}</h1>
            <p className="mt-3 text-muted-foreground">{t("billing.checkout.success.activatingText")}</p>
          </div>
        </>
      ) : (
        <>
          <XCircle aria-hidden className="mx-auto mb-4 size-12 text-warning" />
          <h1 className="text-2xl font-semibold tracking-tight">{t("billing.checkout.success.unpaidHeading")}</h1>
          <p className="mt-3 text-muted-foreground">{t("billing.checkout.success.unpaidText")}</p>
        </>
      )}
      <div className="mt-8 flex flex-col gap-2 sm:flex-row sm:flex-wrap sm:justify-center">
        {state === "activating" ? (
          <Button asChild>
            <Link to={pathname + search} replace reloadDocument>
              {t("billing.checkout.success.checkAgain")}
            </Link>
          </Button>
        ) : null}
        {state === "confirmed" ? (
          <Button asChild>
            <Link to={writePost}>{t("billing.checkout.success.startCreating")}</Link>
          </Button>
        ) : null}
        {state === "unpaid" ? (
          <Button asChild>
            <Link to="/pricing">{t("payment.cancel.tryAgain")}</Link>
          </Button>
        ) : null}
        <Button asChild variant="outline">
          <Link to="/profile">{t("payment.backToProfile")}</Link>
        </Button>
      </div>
    </StandalonePage>
  );
}
