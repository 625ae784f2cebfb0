import { isNetworkId } from "~/core/platforms/platforms";
import { classifyCommon } from "~/integrations/networks/classify-error";
import { getNetwork } from "~/integrations/networks/registry.server";
import { isProviderError } from "~/integrations/provider-error";
import { ConnectionUnusable } from "~/modules/connections/access-token.server";
import { isMediaUnavailable } from "~/modules/media/media-unavailable";
import { ImageNotPublishable } from "./images.server";
import { TargetGone } from "./target-gone";

// Every way a delivery attempt can end badly, classified once, here.

export const MAX_ATTEMPTS = 6;

/**
 * How long after its due time a delivery may keep waiting out rate limits (ADR 0019): one day, so
 * that a daily limit (LinkedIn's resets at midnight UTC, X's 24-hour caps) is waited out once, but a
 * platform that keeps refusing cannot keep the post "publishing" for ever.
 */
export const RATE_LIMIT_WAIT_MS = 24 * 60 * 60_000;

export type Outcome =
  /** Try again at `at` (transient: rate limit, server error, no connection made). */
  | { kind: "retry"; at: Date; code: string; message: string }
  /** The post may exist: do not post again before looking for it (next attempt reconciles). */
  | { kind: "uncertain"; at: Date; code: string; message: string }
  /** The account must be connected again (expired or revoked token). */
  | { kind: "reconnect"; code: string; message: string }
  /** The platform refused it for good, with its own reason. */
  | { kind: "fail"; code: string; message: string };

/** Exponential backoff with jitter: about 10 s, 30 s, 1.5 min, 4.5 min… capped at 30 minutes. */
export function backoff(attempts: number, now = Date.now()): Date {
  const base = Math.min(10_000 * 3 ** Math.max(0, attempts - 1), 30 * 60_000);
  const jitter = base * (0.8 + Math.random() * 0.4);
  return new Date(now + jitter);
}

/** After too many uncertain attempts the delivery fails, still marked as sent: a manual retry reconciles first. */
function uncertain(message: string, attempts: number, now: number): Outcome {
  return attempts >= MAX_ATTEMPTS
    ? { kind: "fail", code: "uncertain", message }
    : { kind: "uncertain", at: backoff(attempts, now), code: "uncertain", message };
}

/**
 * @param step "post" for the request that creates the post (its failure may leave a post behind),
 *   anything else for steps that create nothing visible (token, upload).
 * @param dueAt when the post was due (its scheduled time): rate limits are waited out until
 *   RATE_LIMIT_WAIT_MS after it, no longer.
 */
export function classify(error: unknown, step: "post" | "prepare", attempts: number, now = Date.now(), dueAt?: Date | null): Outcome {
  // The post no longer goes there: trying again cannot help.
  if (error instanceof TargetGone) return { kind: "fail", code: error.reason, message: error.message };
  if (error instanceof ConnectionUnusable) {
    return { kind: "reconnect", code: error.reason, message: error.reason };
  }
  // Trying again would refuse it again: the user must replace the image.
  if (error instanceof ImageNotPublishable) return { kind: "fail", code: "image_too_large", message: error.message };
  // An image that is gone stays gone; a storage that refused or did not answer may come back
  // (tried again a bounded number of times). Nothing was sent either way: images are read first.
  if (isMediaUnavailable(error)) {
    if (error.reason === "missing") return { kind: "fail", code: "media_missing", message: error.message };
    return attempts >= MAX_ATTEMPTS
      ? { kind: "fail", code: "media_unavailable", message: error.message }
      : { kind: "retry", at: backoff(attempts, now), code: "media_unavailable", message: error.message };
  }
  if (!isProviderError(error)) {
    // A bug or an outage of our own (database): worth another try, a bounded number of times.
    const message = error instanceof Error ? error.message : String(error);
    return attempts >= MAX_ATTEMPTS ? { kind: "fail", code: "internal", message } : { kind: "retry", at: backoff(attempts, now), code: "internal", message };
  }
  // What the error means is the network's to say (app/integrations/networks/<network>); how long
  // to wait and when to give up is ours.
  // A provider with no network in the registry: the shared mapping.
  const verdict = isNetworkId(error.provider) ? getNetwork(error.provider).classifyError(error, step) : classifyCommon(error, step);
  const giveUp = attempts >= MAX_ATTEMPTS;
  switch (verdict.kind) {
    case "uncertain":
      return uncertain(error.message, attempts, now);
    case "needs_reconnect":
      return { kind: "reconnect", code: verdict.code, message: error.message };
    case "permanent":
      // The platform's own code when it gave one (recorded on deliveries since the start).
      return { kind: "fail", code: error.details.code ?? verdict.code, message: error.message };
    case "retryable":
      break;
  }
  if (error.details.status === 429 || verdict.code === "rate_limited") {
    // The platform says when: x-rate-limit-reset, Retry-After, or midnight UTC for LinkedIn.
    const at = verdict.retryAt && verdict.retryAt.getTime() > now ? verdict.retryAt : backoff(attempts, now);
    const waitLimit = (dueAt?.getTime() ?? now) + RATE_LIMIT_WAIT_MS;
    if (at.getTime() > waitLimit) return { kind: "fail", code: "rate_limited_too_long", message: error.message };
    return { kind: "retry", at: new Date(at.getTime() + Math.random() * 2_000), code: "rate_limited", message: error.message };
  }
  if (giveUp) return { kind: "fail", code: verdict.code === "network" ? "unreachable" : verdict.code, message: error.message };
  const at = verdict.retryAt && verdict.retryAt.getTime() > now ? verdict.retryAt : backoff(attempts, now);
  return { kind: "retry", at, code: verdict.code, message: error.message };
}
