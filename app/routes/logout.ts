import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { clearSessionCookie, destroySession } from "~/modules/auth/session.server";
import { getRequestT } from "~/modules/i18n/i18n.server";
import { redirectWithToast } from "~/modules/toast/toast.server";
import { safeRedirect } from "~/modules/http/redirect";

export async function loader() {
  return redirect("/");
}

/**
 * Ends the session (in the database too: the cookie is worthless afterwards) and goes home. After
 * a 401 in the browser (reason=expired, app/utils/api-fetch.ts) it goes to sign in instead, saying
 * why, and comes back to the page afterwards; the session may already be gone, which changes nothing.
 */
export async function action({ request }: ActionFunctionArgs) {
  // Only the forms above post here; any other body is a plain sign-out.
  const form = await request.formData().catch(() => new FormData());
  await destroySession(request);
  const { t } = await getRequestT(request);
  const init = { headers: { "Set-Cookie": await clearSessionCookie() } };
  if (form.get("reason") === "expired") {
    const redirectTo = safeRedirect(form.get("redirectTo"), "/");
    const login = redirectTo === "/" ? "/login" : `/login?${new URLSearchParams({ redirectTo })}`;
    return redirectWithToast(login, { color: "info", title: t("auth.sessionExpired") }, init);
  }
  return redirectWithToast(
    "/",
    { color: "info", icon: "log-out", title: t("auth.signedOut"), actions: [{ label: t("toast.actions.signIn"), href: "/login" }] },
    init,
  );
}
