import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { clearSessionCookie, destroySession } from "~/modules/auth/session.server";
import { getRequestT } from "~/modules/i18n/i18n.server";
import { redirectWithToast } from "~/modules/toast/toast.server";

export async function loader() {
  return redirect("/");
}

/** Ends the session (in the database too: the cookie is worthless afterwards) and goes home. */
export async function action({ request }: ActionFunctionArgs) {
  await destroySession(request);
  const { t } = await getRequestT(request);
  return redirectWithToast(
    "/",
    { color: "info", icon: "log-out", title: t("auth.signedOut"), actions: [{ label: t("toast.actions.signIn"), href: "/login" }] },
    { headers: { "Set-Cookie": await clearSessionCookie() } },
  );
}
