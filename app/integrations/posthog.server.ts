import type * as PostHogNode from "posthog-node";
import type { PostHog } from "posthog-node";
import { getEnv } from "~/core/env/env.server";
import { logger } from "~/core/logger/logger.server";
import { loadOnFirstUse } from "~/core/runtime/load-on-first-use.server";

const posthogNode = loadOnFirstUse<typeof PostHogNode>("posthog-node");

// PostHog on the server through posthog-node (docs/providers.md, "PostHog"): events are queued in
// memory and sent in batches to POSTHOG_HOST/batch/, on a timer and at shutdown, so capturing never
// waits for PostHog and never fails the request that captured. Without POSTHOG_KEY nothing is made.

/** How often queued events are sent, and how many make a batch be sent at once. */
const FLUSH_INTERVAL_MS = 10_000;
const FLUSH_AT = 20;

/** What the last attempt to send events to PostHog gave (shown on /debug-posthog). */
export interface CaptureResult {
  ok: boolean;
  at: string;
  /** The events that batch held, by name. */
  events: string[];
  /** Why it failed: PostHog's status or the network error, never the key. */
  error?: string;
}

// One client per process: the web server and the Remix build are bundled apart, and both capture
// (the publisher in one, the routes in the other), so the state lives on globalThis.
interface State {
  cached?: { signature: string; client: PostHog };
  lastResult: CaptureResult | null;
}
const state: State = ((globalThis as unknown as { __plumePostHog?: State }).__plumePostHog ??= { lastResult: null });

export function posthogEnabled(): boolean {
  return Boolean(getEnv().POSTHOG_KEY);
}

function client(): PostHog | null {
  const { POSTHOG_KEY: key, POSTHOG_HOST: host } = getEnv();
  if (!key) return null;
  const signature = `${key}|${host}`;
  if (state.cached?.signature !== signature) {
    const previous = state.cached?.client;
    if (previous) void previous.shutdown(1000).catch(() => undefined);
    const made = new (posthogNode().PostHog)(key, { host, flushAt: FLUSH_AT, flushInterval: FLUSH_INTERVAL_MS, fetchRetryCount: 3, requestTimeout: 10_000 });
    made.on("flush", (messages: Array<{ event?: string }>) => {
      state.lastResult = { ok: true, at: new Date().toISOString(), events: messages.map((m) => m.event ?? "?") };
    });
    made.on("error", (error: unknown) => {
      const message = error instanceof Error ? error.message : String(error);
      state.lastResult = { ok: false, at: new Date().toISOString(), events: [], error: message.slice(0, 300) };
      logger.warn({ error: message }, "PostHog could not take the server's events");
    });
    state.cached = { signature, client: made };
  }
  return state.cached.client;
}

/** Queues an event; returns at once. A failure here is logged, never thrown. */
export function captureServerEvent(distinctId: string, event: string, properties: Record<string, unknown> = {}): void {
  try {
    client()?.capture({ distinctId, event, properties });
  } catch (error) {
    logger.warn({ err: error, event }, "Could not queue a PostHog event");
  }
}

/** Queues an $identify that sets these person properties (`$set`); returns at once, never throws. */
export function setServerPersonProperties(distinctId: string, properties: Record<string, unknown>): void {
  try {
    client()?.identify({ distinctId, properties: { $set: properties } });
  } catch (error) {
    logger.warn({ err: error }, "Could not queue PostHog person properties");
  }
}

/** Sends what is queued now (the debug page, tests); resolves even when PostHog fails. */
export async function flushServerEvents(): Promise<CaptureResult | null> {
  const made = state.cached?.client;
  if (!made) return state.lastResult;
  try {
    await made.flush();
  } catch {
    // Recorded by the "error" listener.
  }
  return state.lastResult;
}

/** At shutdown: sends what is queued, giving PostHog at most `timeoutMs`. */
export async function shutdownServerEvents(timeoutMs = 5000): Promise<void> {
  const made = state.cached?.client;
  state.cached = undefined;
  if (!made) return;
  await made.shutdown(timeoutMs).catch((error: unknown) => logger.warn({ err: error }, "PostHog events may be lost at shutdown"));
}

export function lastServerCapture(): CaptureResult | null {
  return state.lastResult;
}
