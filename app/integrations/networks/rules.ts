import { blueskyRules } from "~/integrations/networks/bluesky/rules";
import { linkedinRules } from "~/integrations/networks/linkedin/rules";
import { mastodonDefaultRules } from "~/integrations/networks/mastodon/rules";
import { twitterRules } from "~/integrations/networks/twitter/rules";
import type { ChannelLimits, NetworkId, NetworkRules } from "~/integrations/networks/types";

// The client-safe registry: each network's limits, counting and part validation, for the
// composer's live counters (browser) and the server's validation alike. The full networks
// (OAuth, publishing) are in registry.server.ts.

export const NETWORK_RULES: readonly NetworkRules[] = [linkedinRules, twitterRules, blueskyRules, mastodonDefaultRules];

export function networkRules(id: NetworkId): NetworkRules {
  const rules = NETWORK_RULES.find((network) => network.id === id);
  if (!rules) throw new Error(`Unknown network ${String(id)}`);
  return rules;
}

/**
 * A channel's rules: its network's, or, where the network's limits differ by channel (Mastodon's
 * instances), those built from the channel's stored limits. The same on the client and the server.
 */
export function channelRules(id: NetworkId, limits?: ChannelLimits | null): NetworkRules {
  const rules = networkRules(id);
  return limits && rules.forChannel ? rules.forChannel(limits) : rules;
}

/** A channel's stored limits (JSON text) as `channelRules` takes them; null for none or unreadable. */
export function parseChannelLimits(json: string | null | undefined): ChannelLimits | null {
  if (!json) return null;
  try {
    const value: unknown = JSON.parse(json);
    return value && typeof value === "object" && !Array.isArray(value) ? (value as ChannelLimits) : null;
  } catch {
    return null;
  }
}
