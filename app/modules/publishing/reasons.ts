import type { Translate } from "~/modules/i18n/keys";
import { isNetworkId } from "~/core/platforms/platforms";

/** Our own reasons, said in the user's language (publishing.reasons.*). */
const OWN_REASONS = [
  "not_connected",
  "needs_reconnect",
  "unreachable",
  "uncertain",
  "server_error",
  "rate_limited",
  "internal",
  "interrupted",
  "interrupted_too_often",
  "rate_limited_too_long",
  "duplicate_not_found",
  "image_too_large",
  "media_missing",
  "media_unavailable",
] as const;
type OwnReason = (typeof OWN_REASONS)[number];
const isOwnReason = (code: string): code is OwnReason => (OWN_REASONS as readonly string[]).includes(code);

/**
 * A network's own stable codes (ErrorClass.code) said in the user's language
 * (publishing.networkReasons.*; Mastodon's, decision 57); the network's message is kept as {{reason}}.
 */
const NETWORK_REASONS = ["too_long", "too_many_images", "media_processing", "validation_failed", "parent_not_found", "instance_refused", "forbidden"] as const;
type NetworkReason = (typeof NETWORK_REASONS)[number];
const isNetworkReason = (code: string): code is NetworkReason => (NETWORK_REASONS as readonly string[]).includes(code);

/** Reasons that announce another try: once the delivery failed, the message it came with says more. */
const ANNOUNCE_A_RETRY = new Set(["server_error", "rate_limited", "internal", "interrupted"]);

export interface DeliveryProblem {
  platform: string;
  status: string;
  errorCode: string | null;
  /** The message recorded with it: a platform's refusal is quoted as it came. */
  error: string | null;
}

/** Why a delivery is waiting or failed, for the post's page and the failure e-mail; null when nothing is wrong. */
export function deliveryReason(t: Translate, delivery: DeliveryProblem): string | null {
  const { errorCode, error, status } = delivery;
  if (errorCode && isOwnReason(errorCode) && !(status === "failed" && ANNOUNCE_A_RETRY.has(errorCode) && error)) {
    return t(`publishing.reasons.${errorCode}`, { platform: platformName(t, delivery.platform), reason: error ?? "" });
  }
  if (errorCode && isNetworkReason(errorCode) && !(status === "failed" && errorCode === "media_processing" && error)) {
    return t(`publishing.networkReasons.${errorCode}`, { platform: platformName(t, delivery.platform), reason: error ?? "" });
  }
  return error || null;
}

/** "Platform: reason", unless the reason already names the platform (our own reasons mostly do). */
export function deliveryReasonLine(t: Translate, delivery: DeliveryProblem): string | null {
  const reason = deliveryReason(t, delivery);
  if (!reason) return null;
  const platform = platformName(t, delivery.platform);
  return reason.includes(platform) ? reason : `${platform}: ${reason}`;
}

/** A platform's name; a value that is not one of ours (an old row) is shown as it is. */
function platformName(t: Translate, platform: string): string {
  return isNetworkId(platform) ? t(`platforms.${platform}`) : platform;
}
