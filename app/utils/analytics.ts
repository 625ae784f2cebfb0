import type { PostHog } from "posthog-js";

// Product analytics in the browser (docs/decisions/0027). posthog-js is fetched only when the server
// gives a public key and the browser does not ask for privacy (Global Privacy Control), once the page
// is interactive; calls made before it arrives wait in a short queue and keep their time.

export interface AnalyticsConfig {
  key: string;
  host: string;
}

type Call = (posthog: PostHog) => void;

/** Said in the console when analytics cannot start (always in French, as the product asks). */
export const NOT_INITIALISED_WARNING =
  "PostHog n'est pas initialisé : la clé publique PostHog est absente (POSTHOG_KEY) ou le code s'exécute côté serveur. Aucun événement n'est envoyé.";

const MAX_QUEUED = 100;
let client: PostHog | null = null;
let state: "idle" | "loading" | "ready" | "off" = "idle";
let queue: Call[] = [];

export function privacyRequested(): boolean {
  return typeof navigator !== "undefined" && (navigator as Navigator & { globalPrivacyControl?: boolean }).globalPrivacyControl === true;
}

function run(call: Call): void {
  if (typeof window === "undefined" || state === "off") return;
  if (client) {
    call(client);
    return;
  }
  if (queue.length < MAX_QUEUED) queue.push(call);
}

/** Fetches and starts posthog-js, or turns every call into nothing (no key, or GPC). */
export async function startAnalytics(config: AnalyticsConfig | null): Promise<void> {
  if (state !== "idle") return;
  if (!config || privacyRequested()) {
    state = "off";
    queue = [];
    if (!config && !privacyRequested()) console.warn(NOT_INITIALISED_WARNING);
    return;
  }
  state = "loading";
  try {
    const { default: posthog } = await import("posthog-js");
    posthog.init(config.key, {
      api_host: config.host,
      person_profiles: "identified_only",
      // Page views are sent on each route change, with the route's names (analytics.tsx).
      capture_pageview: false,
      capture_pageleave: false,
      autocapture: false,
      respect_dnt: true,
      disable_session_recording: true,
      disable_surveys: true,
      // Nothing more is fetched from PostHog's servers: our CSP allows only the ingestion host.
      disable_external_dependency_loading: true,
    });
    client = posthog;
    state = "ready";
    const waiting = queue;
    queue = [];
    for (const call of waiting) call(posthog);
  } catch (error) {
    state = "off";
    queue = [];
    console.warn("PostHog could not be loaded", error);
  }
}

/** idle (not started yet), loading, ready, or off (no key, GPC, or posthog-js failed to load). */
export function analyticsState(): typeof state {
  return state;
}

export function capture(event: string, properties: Record<string, unknown> = {}, options: { beacon?: boolean; instantly?: boolean } = {}): void {
  const timestamp = new Date();
  run((posthog) =>
    posthog.capture(event, properties, {
      timestamp,
      ...(options.beacon ? { transport: "sendBeacon" as const, send_instantly: true } : {}),
      ...(options.instantly ? { send_instantly: true } : {}),
    }),
  );
}

/** Who is using the app; `id` is analyticsId(user), the same the server sends its events under. */
export function identify(id: string, properties: Record<string, unknown>): void {
  run((posthog) => {
    // Another person signed in on this browser: their events must not join the previous profile.
    if (posthog._isIdentified() && posthog.get_distinct_id() !== id) posthog.reset();
    if (posthog.get_distinct_id() !== id || !posthog._isIdentified()) posthog.identify(id, properties);
  });
}

/** Signed out: later events belong to a new anonymous visitor. */
/**
 * For properties only the browser knows. A person's locale, time zone and role are set from the
 * server when they change (decision 46), never from here.
 */
export function setUserProperties(properties: Record<string, unknown>): void {
  run((posthog) => posthog.setPersonProperties(properties));
}

export function resetUser(): void {
  run((posthog) => {
    if (posthog._isIdentified()) posthog.reset();
  });
}
