import { createCookieSessionStorage } from "@remix-run/node";
import { createThemeSessionResolver, type ThemeSessionResolver } from "remix-themes";
import { baseCookieOptions } from "~/modules/http/cookie-options.server";

let resolver: ThemeSessionResolver | undefined;

/** The colour mode kept per browser in a cookie, so the server renders the right one (no flash). */
export function themeSessionResolver(): ThemeSessionResolver {
  resolver ??= createThemeSessionResolver(
    createCookieSessionStorage({
      cookie: { name: "plume_theme", ...baseCookieOptions(), maxAge: 60 * 60 * 24 * 365 },
    }),
  );
  return resolver;
}
