import { data, type LinksFunction, type LoaderFunctionArgs } from "@remix-run/node";
import { Links, Meta, Outlet, Scripts, ScrollRestoration, useFetcher, useLoaderData, useLocation, useMatches, useRouteError } from "@remix-run/react";
import { useEffect, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { useChangeLanguage } from "remix-i18next/react";
import { PreventFlashOnWrongTheme, ThemeProvider, useTheme } from "remix-themes";
import { Analytics } from "~/components/analytics";
import { DemoBanner } from "~/components/demo-banner";
import { ErrorPage } from "~/components/error-page";
import { DefaultShell } from "~/components/layout/shells";
import { LoadingBar } from "~/components/loading-bar";
import { useNonce } from "~/components/nonce";
import { NewBuildNotice } from "~/components/new-build-notice";
import { ReconnectModal } from "~/components/reconnect-modal";
import { Toaster } from "~/components/toaster";
import { clearSessionCookie, getSessionState } from "~/modules/auth/session.server";
import { reconnectNeed } from "~/modules/connections/reconnect.server";
import { getEnv } from "~/core/env/env.server";
import { unreadNotices } from "~/modules/publishing/notify.server";
import { isLocale } from "~/modules/i18n/i18n";
import { getLocale, hasLocaleChoice } from "~/modules/i18n/i18n.server";
import { combineHeaders } from "~/modules/http/headers.server";
import { forcedColorModeOf, resolveColorMode } from "~/modules/theme/color-mode";
import { themeSessionResolver } from "~/modules/theme/theme.server";
import { getToast } from "~/modules/toast/toast.server";
import { isChunkLoadError, reloadForChunkFailure } from "~/utils/chunk-reload";
import { cn } from "~/utils/cn";
import { titleFromMatches, type RouteHandle } from "~/utils/page-title";
import { useHydrated } from "~/utils/use-hydrated";
import { useRootData } from "~/utils/use-root-data";
import stylesheet from "./tailwind.css?url";
import { TooltipProvider } from "~/components/ui/tooltip";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: stylesheet },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

export async function loader({ request }: LoaderFunctionArgs) {
  const [locale, localeChosen, themeSession, toast, session] = await Promise.all([
    getLocale(request),
    hasLocaleChoice(request),
    themeSessionResolver()(request),
    getToast(request),
    getSessionState(request),
  ]);
  const signedIn = session.status === "valid" ? session : null;
  const user = signedIn?.user ?? null;
  // The accounts to reconnect are the current workspace's; the notices are the user's own.
  const [reconnect, notices] = signedIn ? await Promise.all([reconnectNeed(signedIn.workspace.id), unreadNotices(signedIn.user.id)]) : [null, []];
  // A session that has gone is ended here on every page, signed-in pages also redirect to sign in.
  const clearSession = session.status === "invalid" ? { "Set-Cookie": await clearSessionCookie() } : null;
  return data(
    {
      locale,
      localeChosen,
      theme: themeSession.getTheme(),
      toast: toast.toast,
      siteName: getEnv().SITE_NAME,
      siteUrl: getEnv().APP_URL,
      demo: getEnv().DEMO_MODE,
      analytics: browserAnalytics(request),
      reconnect,
      notices: notices.map((n) => ({ ...n, createdAt: n.createdAt.toISOString() })),
      user: user ? { id: user.id, email: user.email, isAdmin: user.isAdmin, emailVerified: user.emailVerified, timezone: user.timezone } : null,
      // The shell's switcher names it; the list of the others is loaded when the switcher opens.
      workspace: signedIn
        ? { id: signedIn.workspace.id, name: signedIn.workspace.name, personal: signedIn.workspace.personal, role: signedIn.workspace.role }
        : null,
    },
    { headers: combineHeaders(toast.headers, clearSession) },
  );
}

/** PostHog's public key and host for the browser; none without a key or when the browser asks for privacy (GPC). */
function browserAnalytics(request: Request) {
  const { POSTHOG_KEY: key, POSTHOG_HOST: host } = getEnv();
  return key && request.headers.get("Sec-GPC") !== "1" ? { key, host } : null;
}

function PageTitle() {
  const { t } = useTranslation();
  const matches = useMatches();
  const siteName = useRootData()?.siteName ?? "Plume";
  return <title>{titleFromMatches(matches, t, siteName)}</title>;
}

/** Analytics for a page sent without the app's JavaScript: public/enhance.js loads the module it names. */
function StandaloneAnalytics() {
  const rootData = useRootData();
  const matches = useMatches();
  if (!rootData) return null;
  const page = { config: rootData.analytics, user: rootData.user, locale: rootData.locale, route: matches[matches.length - 1]?.id ?? "" };
  const src = import.meta.env.DEV ? "/app/analytics-standalone.ts" : "/analytics/standalone.js";
  return <meta name="plume-analytics" content={JSON.stringify(page)} data-src={src} />;
}

function Document({ children, locale, ssrTheme }: { children: ReactNode; locale: string; ssrTheme: boolean }) {
  const [theme] = useTheme();
  const nonce = useNonce();
  const matches = useMatches();
  const hydrate = !matches.some((match) => (match.handle as RouteHandle | undefined)?.hydrate === false);
  const forced = forcedColorModeOf(matches);
  const demo = useRootData()?.demo ?? false;
  return (
    <html lang={locale} className={cn(resolveColorMode(forced, theme))} suppressHydrationWarning>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <PageTitle />
        <Meta />
        {/* A forced mode is known on the server: no script needed to guess the system's. */}
        {forced ? <meta name="color-scheme" content={forced} /> : <PreventFlashOnWrongTheme ssrTheme={ssrTheme} nonce={nonce} />}
        <Links />
        {hydrate ? null : <StandaloneAnalytics />}
      </head>
      <body className="min-h-dvh">
        {demo ? <DemoBanner /> : null}
        {children}
        {hydrate ? (
          <>
            <ScrollRestoration nonce={nonce} />
            <Scripts nonce={nonce} />
          </>
        ) : (
          <script type="module" src="/enhance.js" nonce={nonce} />
        )}
      </body>
    </html>
  );
}

export function Layout({ children }: { children: ReactNode }) {
  const rootData = useRootData();
  const locale = rootData?.locale ?? "en";
  useChangeLanguage(locale);
  return (
    <ThemeProvider specifiedTheme={rootData?.theme ?? null} themeAction="/set-theme">
      <TooltipProvider>
        <Document locale={locale} ssrTheme={Boolean(rootData?.theme)}>
          {children}
        </Document>
      </TooltipProvider>
    </ThemeProvider>
  );
}

/**
 * Keeps localStorage 'locale' in step with the language the user chose (the cookie), and restores
 * a stored choice the cookie lost. A page asked for in a language (?lang=, from a link or a search
 * engine) changes neither.
 */
function useLocaleStorage(locale: string, localeChosen: boolean) {
  const fetcher = useFetcher();
  const location = useLocation();
  useEffect(() => {
    if (new URLSearchParams(location.search).has("lang")) return;
    if (localeChosen) {
      window.localStorage.setItem("locale", locale);
      return;
    }
    const stored = window.localStorage.getItem("locale");
    if (isLocale(stored) && stored !== locale) {
      fetcher.submit({ locale: stored, redirectTo: location.pathname + location.search }, { method: "post", action: "/set-locale" });
    }
    // Only when the language itself changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [locale, localeChosen]);
}

export default function App() {
  const { toast, locale, localeChosen, analytics, user } = useLoaderData<typeof loader>();
  const hydrated = useHydrated();
  useLocaleStorage(locale, localeChosen);
  return (
    <>
      <Analytics config={analytics} user={user} locale={locale} />
      <LoadingBar />
      <Outlet />
      {/* Root-level: a signed-in user is asked on every page, not only inside the dashboard. */}
      <ReconnectModal />
      <Toaster flash={toast} hydrated={hydrated} />
      <NewBuildNotice />
    </>
  );
}

export function ErrorBoundary() {
  const rootData = useRootData();
  const error = useRouteError();
  // A component's code chunk that failed to load: reload once (chunk-reload.ts), else this page shows.
  useEffect(() => {
    if (isChunkLoadError(error)) reloadForChunkFailure(error);
  }, [error]);
  // With the root's data the error keeps the site's frame; without it, the bare page.
  return rootData ? (
    <DefaultShell>
      <ErrorPage />
    </DefaultShell>
  ) : (
    <ErrorPage />
  );
}
