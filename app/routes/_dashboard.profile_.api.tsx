import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { ArrowLeft } from "lucide-react";
import { useTranslation } from "react-i18next";
import { PageHeader } from "~/components/layout/shells";
import { CreateTokenForm, NewTokenNotice, TokenList } from "~/components/profile/api-tokens";
import { Button } from "~/components/ui/button";
import { createApiToken, listApiTokens, MAX_API_TOKENS, type ApiTokenView } from "~/modules/api-tokens/api-tokens.server";
import { createApiTokenSchema } from "~/modules/api-tokens/schemas";
import { requireMember } from "~/modules/auth/guards.server";
import { rethrowUnlessAppError } from "~/modules/errors/app-error";
import type { FormReply } from "~/modules/forms/reply";
import { resultFor } from "~/modules/forms/reply";
import { replyInvalid, replyMessages, replyWithError } from "~/modules/forms/reply.server";
import { getRequestT } from "~/modules/i18n/i18n.server";
import { secretFlashHeader, takeSecretFlash } from "~/modules/http/secret-flash.server";
import type { RouteHandle } from "~/utils/page-title";

// Profile → API access: the user's personal access tokens (docs/decisions/0075). A new token goes
// from the form's redirect to this page sealed in a one-time cookie (secret-flash), shown once:
// never in a URL nor the session, and a reload no longer has it.

export const handle: RouteHandle = { title: "apiTokens.page.title" };

export async function loader({ request }: LoaderFunctionArgs) {
  const { actor } = await requireMember(request);
  const [tokens, flash] = await Promise.all([listApiTokens(actor), takeSecretFlash(request, "apiToken")]);
  const shown = flash.secret && tokens.find((token) => token.id === flash.secret?.id);
  const created: (ApiTokenView & { token: string }) | null = shown && flash.secret ? { ...shown, token: flash.secret.value } : null;
  // The secret is in this answer only: no cache may keep it.
  const headers = new Headers({ "Cache-Control": "no-store" });
  if (flash.header) headers.set("Set-Cookie", flash.header);
  return data({ tokens, created, now: new Date().toISOString(), max: MAX_API_TOKENS }, { headers });
}

export async function action({ request }: ActionFunctionArgs) {
  const { actor } = await requireMember(request);
  const formData = await request.formData();
  const intent = formData.get("intent");
  const { t } = await getRequestT(request);
  if (intent !== "create") return replyMessages([t("errors.validationFailed")], 400);
  const submission = parseWithZod(formData, { schema: createApiTokenSchema });
  if (submission.status !== "success") return replyInvalid(submission, { intent });
  try {
    const created = await createApiToken(actor, submission.value);
    // No toast: the page opens on the new token's notice, which says it all.
    return redirect("/profile/api", { headers: { "Set-Cookie": await secretFlashHeader("apiToken", created.id, created.token) } });
  } catch (error) {
    rethrowUnlessAppError(error);
    return replyWithError(request, submission, error, { intent });
  }
}

export default function ApiTokensPage() {
  const { t } = useTranslation();
  const { tokens, created, now, max } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>() as FormReply | undefined;
  return (
    <>
      <PageHeader
        title={t("apiTokens.page.title")}
        description={t("apiTokens.page.description")}
        actions={
          <Button asChild variant="ghost" size="sm">
            <Link to="/profile">
              <ArrowLeft aria-hidden />
              {t("apiTokens.page.back")}
            </Link>
          </Button>
        }
      />
      <div className="grid gap-6 lg:grid-cols-5">
        <div className="flex min-w-0 flex-col gap-6 lg:col-span-3">
          {created ? <NewTokenNotice token={created} /> : null}
          <TokenList tokens={tokens} now={now} />
        </div>
        <div className="flex min-w-0 flex-col gap-6 lg:col-span-2">
          <CreateTokenForm lastResult={resultFor(reply, "create")} max={max} createdId={created?.id} />
        </div>
      </div>
    </>
  );
}
