import { captureServerEvent, flushServerEvents, lastServerCapture, posthogEnabled, type CaptureResult } from "~/integrations/posthog.server";
import { getEnv } from "~/core/env/env.server";
import { analyticsId, DEBUG_TEST_EVENT } from "./identity";

// What /debug-posthog shows and does (administrators only).

export interface PostHogStatus {
  configured: boolean;
  host: string;
  /** The key's first characters, enough to tell projects apart. */
  keyHint: string | null;
  lastCapture: CaptureResult | null;
}

export function postHogStatus(): PostHogStatus {
  const { POSTHOG_KEY: key, POSTHOG_HOST: host } = getEnv();
  return { configured: Boolean(key), host, keyHint: key ? `${key.slice(0, 8)}…` : null, lastCapture: lastServerCapture() };
}

/** Sends a test event from the server at once; its result, or null when PostHog is not configured. */
export async function sendServerTestEvent(user: { id: string; email: string }): Promise<CaptureResult | null> {
  if (!posthogEnabled()) return null;
  captureServerEvent(analyticsId(user), DEBUG_TEST_EVENT, { source: "server", user_id: user.id });
  return flushServerEvents();
}
