import { type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { Trash2 } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader } from "~/components/ui/card";
import { StatusButton } from "~/components/ui/status-button";
import { requireMember } from "~/modules/auth/guards.server";
import { isAppError } from "~/modules/errors/app-error";
import { webhookParams } from "~/modules/http/params.server";
import { getPageParams, notFoundPage } from "~/modules/http/route-errors.server";
import { getRequestT } from "~/modules/i18n/i18n.server";
import { redirectWithToast } from "~/modules/toast/toast.server";
import { deleteWebhook, listWebhooks } from "~/modules/webhooks/webhooks.server";
import type { RouteHandle } from "~/utils/page-title";

export const handle: RouteHandle = { title: "webhooks.delete.title" };

/** The confirmation, a page of its own (with or without JavaScript). */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { actor } = await requireMember(request, "manage");
  const { webhookId } = getPageParams(params, webhookParams);
  const webhook = (await listWebhooks(actor)).find((hook) => hook.id === webhookId);
  if (!webhook) notFoundPage();
  return { webhook };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { actor } = await requireMember(request, "manage");
  const { webhookId } = getPageParams(params, webhookParams);
  const { t } = await getRequestT(request);
  try {
    await deleteWebhook(actor, webhookId);
    return redirectWithToast("/webhooks", { color: "success", icon: "trash", title: t("webhooks.delete.deleted") });
  } catch (error) {
    if (!isAppError(error)) throw error;
    // Gone already (deleted in another tab): say so rather than fail.
    return redirectWithToast("/webhooks", { color: "error", title: t(error.messageKey) });
  }
}

export default function DeleteWebhookPage() {
  const { t } = useTranslation();
  const { webhook } = useLoaderData<typeof loader>();
  return (
    <Card className="mx-auto w-full max-w-xl">
      <CardHeader>
        <h1 className="text-lg leading-tight font-semibold">{t("webhooks.delete.title")}</h1>
        <CardDescription className="wrap-anywhere">{t("webhooks.delete.description", { url: webhook.url })}</CardDescription>
      </CardHeader>
      <CardContent>
        <Form method="post" className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button asChild variant="ghost">
            <Link to="/webhooks">{t("common.cancel")}</Link>
          </Button>
          <StatusButton variant="destructive" autoFocus>
            <Trash2 aria-hidden />
            {t("webhooks.delete.confirm")}
          </StatusButton>
        </Form>
      </CardContent>
    </Card>
  );
}
