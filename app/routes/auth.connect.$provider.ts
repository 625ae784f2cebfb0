import { redirect, redirectDocument, type ActionFunctionArgs } from "@remix-run/node";
import { requireMember } from "~/modules/auth/guards.server";
import { startConnect } from "~/modules/connections/oauth.server";
import { rethrowUnlessAppError } from "~/modules/errors/app-error";
import { getPageParams } from "~/modules/http/route-errors.server";
import { providerParams } from "~/modules/http/params.server";
import { getRequestT } from "~/modules/i18n/i18n.server";
import { redirectWithToast } from "~/modules/toast/toast.server";
import { safeRedirect } from "~/modules/http/redirect";

export async function loader() {
  return redirect("/profile#connections");
}

/** The "Connect" buttons post here (no JavaScript needed) and go on to the provider's consent page. */
export async function action({ request, params }: ActionFunctionArgs) {
  const { user, sessionId, workspace } = await requireMember(request);
  const form = await request.formData();
  const returnTo = safeRedirect(form.get("returnTo"), "/profile");
  const { provider } = getPageParams(params, providerParams);
  try {
    const url = await startConnect(user, sessionId, provider, {
      returnTo,
      prompt: form.get("prompt") === "login" ? "login" : undefined,
      workspaceId: workspace.id,
    });
    return redirectDocument(url);
  } catch (error) {
    rethrowUnlessAppError(error);
    const { t } = await getRequestT(request);
    return redirectWithToast(returnTo, { color: "error", title: t(error.messageKey, error.options.values) });
  }
}
