import { analyticsId } from "~/modules/analytics/identity";
import { newMilestones, scrollDepthPercent } from "~/utils/scroll-depth";
import { capture, identify, privacyRequested, resetUser, type AnalyticsConfig } from "./analytics";

// What every page reports (docs/decisions/0027), without React, so the app (components/analytics.tsx)
// and the pages sent without the app's JavaScript (analytics-standalone.ts) report the same way.

export interface AnalyticsUser {
  id: string;
  email: string;
  isAdmin: boolean;
  emailVerified: boolean;
  timezone: string;
}

/** What a page without the app's JavaScript is told in its `plume-analytics` meta tag. */
export interface PageAnalytics {
  config: AnalyticsConfig | null;
  user: AnalyticsUser | null;
  locale: string;
  route: string;
}

const SESSION_START = "plume.analytics.sessionStart";
const SESSION_DEPTH = "plume.analytics.maxDepth";
const IDENTIFIED = "plume.analytics.identified";
const SCROLL_SETTLE_MS = 1000;

function readNumber(storage: Storage, key: string): number | null {
  const stored = storage.getItem(key);
  const value = Number(stored);
  return stored !== null && Number.isFinite(value) ? value : null;
}

/** Identify on sign-in or sign-up (the first page with a user), reset on sign-out. */
export function syncIdentity(config: AnalyticsConfig | null, user: AnalyticsUser | null, locale: string): void {
  if (!config || privacyRequested()) return;
  const storage = window.localStorage;
  if (user) {
    const id = analyticsId(user);
    if (storage.getItem(IDENTIFIED) === id) return;
    identify(id, { email: user.email, user_id: user.id, is_admin: user.isAdmin, email_verified: user.emailVerified, timezone: user.timezone, locale });
    storage.setItem(IDENTIFIED, id);
  } else if (storage.getItem(IDENTIFIED)) {
    resetUser();
    storage.removeItem(IDENTIFIED);
  }
}

export interface PageRef {
  path: string;
  route: string;
}

/** `$pageview` (full URL and title) and `route_changed` (paths and route names) for a page. */
export function recordPageView(page: PageRef, previous: PageRef | null): void {
  capture("$pageview", { $current_url: window.location.href, path: page.path, title: document.title });
  capture("route_changed", { from: previous?.path ?? null, to: page.path, from_route: previous?.route ?? null, to_route: page.route });
}

/** Scroll-depth milestones for one page view, and the resting position 1 s after scrolling stops. */
export function trackScroll(path: string): () => void {
  const reported = new Set<number>();
  let settle: ReturnType<typeof setTimeout> | undefined;
  const depthNow = () => scrollDepthPercent(window.scrollY, window.innerHeight, document.documentElement.scrollHeight);
  const onScroll = () => {
    const depth = depthNow();
    for (const milestone of newMilestones(depth, reported)) {
      reported.add(milestone);
      capture("scroll_depth", { depth: milestone, path });
    }
    window.sessionStorage.setItem(SESSION_DEPTH, String(Math.max(depth, readNumber(window.sessionStorage, SESSION_DEPTH) ?? 0)));
    clearTimeout(settle);
    settle = setTimeout(() => capture("scroll_position", { scroll_y: Math.round(window.scrollY), depth: depthNow(), path }), SCROLL_SETTLE_MS);
  };
  window.addEventListener("scroll", onScroll, { passive: true });
  return () => {
    window.removeEventListener("scroll", onScroll);
    clearTimeout(settle);
  };
}

/** The session's start kept in sessionStorage (`session_start` once); `session_end` as the page goes. */
export function trackSession(): () => void {
  const storage = window.sessionStorage;
  if (readNumber(storage, SESSION_START) === null) {
    storage.setItem(SESSION_START, String(Date.now()));
    capture("session_start", { referrer: document.referrer || null });
  }
  const onPageHide = () => {
    const started = readNumber(storage, SESSION_START) ?? Date.now();
    const properties = { duration_seconds: Math.round((Date.now() - started) / 1000), max_scroll_depth: readNumber(storage, SESSION_DEPTH) ?? 0 };
    capture("session_end", properties, { beacon: true });
  };
  window.addEventListener("pagehide", onPageHide);
  return () => window.removeEventListener("pagehide", onPageHide);
}

/** Runs `start` once the page is interactive and the browser idle: analytics never delays input. */
export function whenIdle(start: () => void): () => void {
  if ("requestIdleCallback" in window) {
    const handle = window.requestIdleCallback(start, { timeout: 3000 });
    return () => window.cancelIdleCallback(handle);
  }
  const handle = setTimeout(start, 1);
  return () => clearTimeout(handle);
}
