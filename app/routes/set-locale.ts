import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { getOptionalUser } from "~/modules/auth/guards.server";
import { isLocale } from "~/modules/i18n/i18n";
import { localeCookie } from "~/modules/i18n/i18n.server";
import { updateLocale } from "~/modules/users/user.server";
import { safeRedirect } from "~/modules/http/redirect";

export async function loader() {
  return redirect("/");
}

/** Keeps the chosen language in a cookie (and on the account, for its e-mails), then goes back. */
export async function action({ request }: ActionFunctionArgs) {
  const form = await request.formData();
  const locale = form.get("locale");
  // A ?lang= in the address would outvote the choice just made: drop it.
  const target = new URL(safeRedirect(form.get("redirectTo")), "http://plume.invalid");
  target.searchParams.delete("lang");
  const redirectTo = target.pathname + target.search + target.hash;
  if (!isLocale(locale)) return redirect(redirectTo);
  const user = await getOptionalUser(request);
  if (user) await updateLocale(user.id, locale);
  return redirect(redirectTo, { headers: { "Set-Cookie": await localeCookie().serialize(locale) } });
}
