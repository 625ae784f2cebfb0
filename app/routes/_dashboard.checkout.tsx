import type { LoaderFunctionArgs } from "@remix-run/node";
import { useTranslation } from "react-i18next";
import { PageHeader } from "~/components/layout/shells";
import { PlannedContent } from "~/components/planned-content";
import { requireUser } from "~/modules/auth/guards.server";
import type { RouteHandle } from "~/utils/page-title";

export const handle: RouteHandle = { title: "pages.checkout" };

export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request);
  return null;
}

/** Where the pricing page sends signed-in users; the billing issue completes it with Stripe. */
export default function CheckoutPage() {
  const { t } = useTranslation();
  return (
    <div className="mx-auto w-full max-w-3xl">
      <PageHeader title={t("pages.checkout")} />
      <PlannedContent page="checkout" />
    </div>
  );
}
