import { type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useLoaderData, useNavigation } from "@remix-run/react";
import { ArrowLeft, RotateCw, Send } from "lucide-react";
import { useTranslation } from "react-i18next";
import { PageHeader } from "~/components/layout/shells";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardContent } from "~/components/ui/card";
import { StatusButton } from "~/components/ui/status-button";
import { StatusBadge, useEventLabel } from "~/components/webhooks/webhook-views";
import { requireMember } from "~/modules/auth/guards.server";
import { isAppError } from "~/modules/errors/app-error";
import { webhookParams } from "~/modules/http/params.server";
import { getPageParams, rethrowAsResponse } from "~/modules/http/route-errors.server";
import { getRequestT } from "~/modules/i18n/i18n.server";
import { redirectWithToast } from "~/modules/toast/toast.server";
import { listAttempts, listWebhooks, pingWebhook, resendEvent } from "~/modules/webhooks/webhooks.server";
import { useFormatDate } from "~/utils/use-format-date";
import type { RouteHandle } from "~/utils/page-title";

// One webhook's recent deliveries (the last 50 attempts), each failed or delivered event with a
// Resend button that queues it again with the same event id.

export const handle: RouteHandle = { title: "webhooks.list.attempts" };

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { actor } = await requireMember(request, "manage");
  const { webhookId } = getPageParams(params, webhookParams);
  try {
    const attempts = await listAttempts(actor, webhookId);
    const webhook = (await listWebhooks(actor)).find((hook) => hook.id === webhookId)!;
    return { webhook, attempts };
  } catch (error) {
    rethrowAsResponse(error);
  }
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { actor } = await requireMember(request, "manage");
  const { webhookId } = getPageParams(params, webhookParams);
  const { t } = await getRequestT(request);
  const formData = await request.formData();
  const back = `/webhooks/${webhookId}`;
  try {
    if (formData.get("intent") === "test") {
      const attempt = await pingWebhook(actor, webhookId);
      return redirectWithToast(
        back,
        attempt.status === "delivered"
          ? { color: "success", title: t("webhooks.test.delivered", { status: attempt.responseStatus ?? "" }) }
          : { color: "error", title: t("webhooks.test.failed", { error: attempt.error ?? "" }) },
      );
    }
    await resendEvent(actor, webhookId, String(formData.get("eventId") ?? ""));
    return redirectWithToast(back, { color: "success", title: t("webhooks.attempts.resent") });
  } catch (error) {
    if (!isAppError(error)) throw error;
    return redirectWithToast(error.messageKey === "webhooks.errors.notFound" ? "/webhooks" : back, {
      color: "error",
      title: t(error.messageKey, error.options.values),
    });
  }
}

export default function WebhookAttemptsPage() {
  const { t } = useTranslation();
  const { webhook, attempts } = useLoaderData<typeof loader>();
  const label = useEventLabel();
  const formatDate = useFormatDate();
  const navigation = useNavigation();
  const busyWith = navigation.state !== "idle" ? (navigation.formData?.get("eventId") ?? navigation.formData?.get("intent")) : null;
  return (
    <>
      <PageHeader
        title={t("webhooks.attempts.title", { url: webhook.url })}
        description={t("webhooks.attempts.description")}
        className="[&_h1]:wrap-anywhere"
        actions={
          <div className="flex flex-wrap gap-2">
            <Button asChild variant="ghost">
              <Link to="/webhooks">
                <ArrowLeft aria-hidden />
                {t("webhooks.attempts.back")}
              </Link>
            </Button>
            <Form method="post">
              <StatusButton name="intent" value="test" variant="outline" pending={busyWith === "test" || undefined}>
                <Send aria-hidden />
                {t("webhooks.list.test")}
              </StatusButton>
            </Form>
          </div>
        }
      />
      <Card className="max-w-full min-w-0">
        <CardContent className="min-w-0 pt-6">
          {attempts.length === 0 ? (
            <p className="text-sm text-muted-foreground">{t("webhooks.attempts.empty")}</p>
          ) : (
            // `relative`: the sr-only header below is positioned absolutely; without a positioned
            // scroller it escapes it and widens the whole page on a phone. On a phone each attempt
            // is a small card (event and status, then the answer, then the time and Resend), so
            // nothing scrolls sideways; from sm up, a table.
            <div className="relative max-w-full overflow-x-auto">
              <table className="w-full text-left text-sm sm:min-w-[36rem]">
                <thead className="text-xs text-muted-foreground max-sm:sr-only">
                  <tr>
                    <th scope="col" className="py-2 pr-4 font-medium">
                      {t("webhooks.attempts.event")}
                    </th>
                    <th scope="col" className="py-2 pr-4 font-medium">
                      {t("webhooks.attempts.status")}
                    </th>
                    <th scope="col" className="py-2 pr-4 font-medium">
                      {t("webhooks.attempts.response")}
                    </th>
                    <th scope="col" className="py-2 pr-4 font-medium">
                      {t("webhooks.attempts.at")}
                    </th>
                    <th scope="col" className="py-2 font-medium">
                      <span className="sr-only">{t("webhooks.attempts.resend")}</span>
                    </th>
                  </tr>
                </thead>
                <tbody className="divide-y max-sm:block">
                  {attempts.map((attempt) => (
                    <tr
                      key={attempt.id}
                      data-testid="attempt"
                      className="max-sm:grid max-sm:grid-cols-[minmax(0,1fr)_auto] max-sm:gap-x-3 max-sm:gap-y-2 max-sm:py-3"
                    >
                      <td className="py-2 pr-4 align-top max-sm:p-0">
                        <div className="font-medium">{label(attempt.type)}</div>
                        <div className="font-mono text-xs break-all text-muted-foreground">{attempt.eventId}</div>
                      </td>
                      <td className="py-2 pr-4 align-top max-sm:justify-self-end max-sm:p-0">
                        <StatusBadge status={attempt.status} />
                      </td>
                      <td className="py-2 pr-4 align-top max-sm:col-span-2 max-sm:p-0">
                        {attempt.responseStatus ? <Badge tone="neutral">HTTP {attempt.responseStatus}</Badge> : t("webhooks.attempts.noAnswer")}
                        {attempt.error ? <div className="mt-1 max-w-64 text-xs break-words text-muted-foreground">{attempt.error}</div> : null}
                      </td>
                      <td className="py-2 pr-4 align-top whitespace-nowrap max-sm:self-center max-sm:p-0 max-sm:text-muted-foreground">
                        {formatDate(attempt.at)}
                      </td>
                      <td className="py-2 text-right align-top max-sm:p-0">
                        <Form method="post">
                          <input type="hidden" name="eventId" value={attempt.eventId} />
                          <StatusButton
                            variant="outline"
                            size="sm"
                            pending={busyWith === attempt.eventId || undefined}
                            aria-label={`${t("webhooks.attempts.resend")} ${attempt.eventId}`}
                          >
                            <RotateCw aria-hidden />
                            {t("webhooks.attempts.resend")}
                          </StatusButton>
                        </Form>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </CardContent>
      </Card>
    </>
  );
}
