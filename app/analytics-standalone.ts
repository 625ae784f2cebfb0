// The app's analytics for pages sent without the app's JavaScript (the landing page, decision 15):
// public/enhance.js imports this module when the page names it, and it reports exactly as the app
// does (utils/page-tracking.ts). posthog-js itself is a separate chunk, fetched only with a key.
import { capture, startAnalytics } from "~/utils/analytics";
import { recordPageView, syncIdentity, trackScroll, trackSession, whenIdle, type PageAnalytics } from "~/utils/page-tracking";

const meta = document.querySelector<HTMLMetaElement>('meta[name="plume-analytics"]');
if (meta) {
  const { config, user, locale, route } = JSON.parse(meta.content) as PageAnalytics;
  const path = location.pathname + location.search + location.hash;
  whenIdle(() => void startAnalytics(config));
  syncIdentity(config, user, locale);
  trackSession();
  recordPageView({ path, route }, null);
  trackScroll(path);
  // For public/enhance.js (the search dialog's events).
  (window as unknown as { plumeAnalytics: { capture: typeof capture } }).plumeAnalytics = { capture };
}
