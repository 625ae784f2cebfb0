import type { LoaderFunctionArgs } from "@remix-run/node";
import { verifyEmail } from "~/modules/auth/auth.server";
import { getOptionalUser } from "~/modules/auth/guards.server";
import { rethrowUnlessAppError } from "~/modules/errors/app-error";
import { getRequestT } from "~/modules/i18n/i18n.server";
import { redirectWithToast } from "~/modules/toast/toast.server";

/**
 * The link in the verification e-mail: confirms the address and says so, or, for an ADMIN_EMAILS
 * address, leads its owner to choose a new password first (decision 41).
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const { t } = await getRequestT(request);
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const next = (await getOptionalUser(request)) ? "/profile" : "/login";
  try {
    const { choosePasswordToken, alreadyVerified } = await verifyEmail(token);
    if (alreadyVerified) return redirectWithToast(next, { color: "info", title: t("auth.verify.alreadyTitle"), description: t("auth.verify.already") });
    if (choosePasswordToken) {
      return redirectWithToast(`/reset-password?${new URLSearchParams({ token: choosePasswordToken })}`, {
        color: "info",
        title: t("auth.verify.adminTitle"),
        description: t("auth.verify.adminChoosePassword"),
      });
    }
    return redirectWithToast(next, { color: "success", title: t("auth.verify.doneTitle"), description: t("auth.verify.done") });
  } catch (error) {
    rethrowUnlessAppError(error);
    return redirectWithToast(next, { color: "error", title: t("auth.verify.failedTitle"), description: t(error.messageKey) });
  }
}
