import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { PageHeader } from "~/components/layout/shells";
import { AddWebhookForm, SecretOnce, WebhookList } from "~/components/webhooks/webhook-views";
import { requireMember } from "~/modules/auth/guards.server";
import { rethrowUnlessAppError } from "~/modules/errors/app-error";
import { replyInvalid, replyMessages, replyWithError } from "~/modules/forms/reply.server";
import type { FormReply } from "~/modules/forms/reply";
import { combineHeaders } from "~/modules/http/headers.server";
import { getRequestT } from "~/modules/i18n/i18n.server";
import { createToastHeaders, redirectWithToast } from "~/modules/toast/toast.server";
import { secretFlashHeader, takeSecretFlash } from "~/modules/http/secret-flash.server";
import { createWebhook, listWebhooks, pingWebhook, webhookInput } from "~/modules/webhooks/webhooks.server";
import type { RouteHandle } from "~/utils/page-title";

// The webhooks page (docs/decisions/0076-webhooks.md): add one (its secret shown once, after the
// redirect), list them, send a test ping; each webhook's deliveries and its deletion have their own page.

export const handle: RouteHandle = { title: "webhooks.title" };

export async function loader({ request }: LoaderFunctionArgs) {
  const { actor } = await requireMember(request, "manage");
  const [webhooks, flash] = await Promise.all([listWebhooks(actor), takeSecretFlash(request, "webhook")]);
  const secret = flash.secret && webhooks.some((hook) => hook.id === flash.secret?.id) ? flash.secret.value : null;
  return data({ webhooks, secret }, flash.header ? { headers: { "Set-Cookie": flash.header } } : undefined);
}

export async function action({ request }: ActionFunctionArgs) {
  const { actor } = await requireMember(request, "manage");
  const formData = await request.formData();
  const intent = formData.get("intent");
  const { t } = await getRequestT(request);
  switch (intent) {
    case "add": {
      const submission = parseWithZod(formData, { schema: webhookInput });
      if (submission.status !== "success") return replyInvalid(submission, { intent });
      try {
        const hook = await createWebhook(actor, submission.value);
        const headers = combineHeaders(
          await createToastHeaders({ color: "success", title: t("webhooks.add.added") }),
          new Headers({ "Set-Cookie": await secretFlashHeader("webhook", hook.id, hook.secret) }),
        );
        return redirect("/webhooks", { headers });
      } catch (error) {
        rethrowUnlessAppError(error);
        return replyWithError(request, submission, error, { intent });
      }
    }
    case "test": {
      const webhookId = String(formData.get("webhookId") ?? "");
      try {
        const attempt = await pingWebhook(actor, webhookId);
        return redirectWithToast(
          "/webhooks",
          attempt.status === "delivered"
            ? { color: "success", title: t("webhooks.test.delivered", { status: attempt.responseStatus ?? "" }) }
            : { color: "error", title: t("webhooks.test.failed", { error: attempt.error ?? "" }) },
        );
      } catch (error) {
        rethrowUnlessAppError(error);
        return redirectWithToast("/webhooks", { color: "error", title: t(error.messageKey, error.options.values) });
      }
    }
    default:
      return replyMessages([t("errors.validationFailed")], 400);
  }
}

export default function WebhooksPage() {
  const { t } = useTranslation();
  const { webhooks, secret } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>() as FormReply | undefined;
  return (
    <>
      <PageHeader title={t("webhooks.title")} description={t("webhooks.description")} />
      <div className="grid gap-6 lg:grid-cols-3 lg:items-start">
        <div className="flex min-w-0 flex-col gap-6 lg:col-span-2">
          {secret ? <SecretOnce secret={secret} /> : null}
          <WebhookList webhooks={webhooks} />
        </div>
        <AddWebhookForm key={webhooks.length} reply={reply} />
      </div>
    </>
  );
}
