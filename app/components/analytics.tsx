import { useLocation, useMatches } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { startAnalytics, type AnalyticsConfig } from "~/utils/analytics";
import { recordPageView, syncIdentity, trackScroll, trackSession, whenIdle, type AnalyticsUser, type PageRef } from "~/utils/page-tracking";

/** The app's analytics (docs/decisions/0027): started when idle, a page view on every navigation. */
export function Analytics({ config, user, locale }: { config: AnalyticsConfig | null; user: AnalyticsUser | null; locale: string }) {
  const location = useLocation();
  const matches = useMatches();
  const path = location.pathname + location.search + location.hash;
  const route = matches[matches.length - 1]?.id ?? "";
  const previous = useRef<PageRef | null>(null);

  useEffect(() => whenIdle(() => void startAnalytics(config)), [config]);
  // Before the session and the page view, so that they count for whoever just signed in.
  useEffect(() => syncIdentity(config, user, locale), [config, user, locale]);
  useEffect(() => trackSession(), []);
  useEffect(() => {
    recordPageView({ path, route }, previous.current);
    previous.current = { path, route };
    // A new page view with each new path; its route name goes with it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [path]);
  useEffect(() => trackScroll(path), [path]);
  return null;
}
