// Product-analytics events from the browser. PostHog is started elsewhere
// only when a public key is configured; without it, events are dropped (and said in development).

type PostHogLike = { capture: (event: string, properties?: Record<string, unknown>) => void };

export function capture(event: string, properties: Record<string, unknown> = {}): void {
  if (typeof window === "undefined") return;
  const posthog = (window as unknown as { posthog?: PostHogLike }).posthog;
  if (posthog) posthog.capture(event, properties);
  else if (import.meta.env.DEV) console.debug(`[analytics] ${event}`, properties);
}
