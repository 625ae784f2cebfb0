import { type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { Trash2 } from "lucide-react";
import { useTranslation } from "react-i18next";
import { ScopeBadges } from "~/components/profile/api-tokens";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader } from "~/components/ui/card";
import { StatusButton } from "~/components/ui/status-button";
import { findApiToken, revokeApiToken } from "~/modules/api-tokens/api-tokens.server";
import { requireUser } from "~/modules/auth/guards.server";
import { rethrowUnlessAppError } from "~/modules/errors/app-error";
import { tokenParams } from "~/modules/http/params.server";
import { getPageParams, notFoundPage } from "~/modules/http/route-errors.server";
import { getRequestT } from "~/modules/i18n/i18n.server";
import { redirectWithToast } from "~/modules/toast/toast.server";
import type { RouteHandle } from "~/utils/page-title";

export const handle: RouteHandle = { title: "apiTokens.page.revoke" };

const BACK = "/profile/api";

/** The confirmation without JavaScript (with it, the page's dialog posts straight to the action). */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const { tokenId } = getPageParams(params, tokenParams);
  const token = await findApiToken(user.id, tokenId);
  if (!token) notFoundPage();
  return { token };
}

/** Revokes the token at once: its next request is a 401. */
export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const { tokenId } = getPageParams(params, tokenParams);
  const { t } = await getRequestT(request);
  const token = await findApiToken(user.id, tokenId);
  // Gone already (revoked in another tab): say so rather than fail.
  if (!token) return redirectWithToast(BACK, { color: "error", title: t("apiTokens.errors.notFound") });
  try {
    await revokeApiToken(user.id, tokenId);
  } catch (error) {
    rethrowUnlessAppError(error);
    return redirectWithToast(BACK, { color: "error", title: t(error.messageKey) });
  }
  return redirectWithToast(BACK, { color: "success", title: t("apiTokens.page.revoked", { name: token.name }) });
}

export default function RevokeTokenPage() {
  const { t } = useTranslation();
  const { token } = useLoaderData<typeof loader>();
  return (
    <Card className="mx-auto w-full max-w-xl">
      <CardHeader>
        <h1 className="text-lg leading-tight font-semibold">{t("apiTokens.page.revokeTitle", { name: token.name })}</h1>
        <CardDescription>{t("apiTokens.page.revokeBody")}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <div className="flex flex-col gap-2">
          <code className="text-sm text-muted-foreground">{token.prefix}…</code>
          <ScopeBadges scopes={token.scopes} />
        </div>
        <Form method="post" className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button asChild variant="ghost">
            <Link to={BACK}>{t("common.cancel")}</Link>
          </Button>
          <StatusButton variant="destructive">
            <Trash2 aria-hidden />
            {t("apiTokens.page.revoke")}
          </StatusButton>
        </Form>
      </CardContent>
    </Card>
  );
}
