import type { LoaderFunctionArgs } from "@remix-run/node";
import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { DefaultShell } from "~/components/layout/shells";
import { PlannedContent } from "~/components/planned-content";
import { Button } from "~/components/ui/button";
import { requireUser } from "~/modules/auth/guards.server";
import type { RouteHandle } from "~/utils/page-title";

const providers = new Set(["linkedin", "twitter"]);

export const handle: RouteHandle = { title: "pages.callback" };

/** Where LinkedIn and X send the user back after consent (the connection flows land later). */
export async function loader({ params, request }: LoaderFunctionArgs) {
  if (!providers.has(params.provider ?? "")) {
    throw new Response(`Page not found: ${new URL(request.url).pathname}`, { status: 404 });
  }
  await requireUser(request);
  return null;
}

export default function ProviderCallbackPage() {
  const { t } = useTranslation();
  return (
    <DefaultShell>
      <div className="mx-auto w-full max-w-3xl px-4 py-12 sm:px-6">
        <h1 className="mb-8 text-3xl font-semibold tracking-tight">{t("pages.callback")}</h1>
        <PlannedContent page="callback">
          <div>
            <Button asChild variant="outline">
              <Link to="/profile">{t("payment.backToProfile")}</Link>
            </Button>
          </div>
        </PlannedContent>
      </div>
    </DefaultShell>
  );
}
