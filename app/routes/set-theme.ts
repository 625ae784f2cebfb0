import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { isTheme } from "remix-themes";
import { themeSessionResolver } from "~/modules/theme/theme.server";
import { safeRedirect } from "~/modules/http/redirect";

export async function loader() {
  return redirect("/");
}

/**
 * Two callers: remix-themes posts JSON from the browser ({theme: "light" | "dark" | null}); without
 * JavaScript the switcher posts a form (theme=light|dark|system) and expects the page back.
 */
export async function action({ request }: ActionFunctionArgs) {
  const session = await themeSessionResolver()(request);
  const isForm = (request.headers.get("Content-Type") ?? "").includes("form");
  let theme: unknown;
  let redirectTo: string | null = null;
  if (isForm) {
    const form = await request.formData();
    theme = form.get("theme");
    redirectTo = safeRedirect(form.get("redirectTo"));
  } else {
    theme = await request
      .json()
      .then((body: { theme?: unknown }) => body?.theme)
      .catch(() => undefined);
  }
  let cookie: string;
  if (isTheme(theme)) {
    session.setTheme(theme);
    cookie = await session.commit();
  } else if (theme === null || theme === "system") {
    cookie = await session.destroy();
  } else {
    return redirectTo ? redirect(redirectTo) : Response.json({ success: false }, { status: 400 });
  }
  return redirectTo ? redirect(redirectTo, { headers: { "Set-Cookie": cookie } }) : Response.json({ success: true }, { headers: { "Set-Cookie": cookie } });
}
