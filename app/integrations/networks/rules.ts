import { blueskyRules } from "~/integrations/networks/bluesky/rules";
import { linkedinRules } from "~/integrations/networks/linkedin/rules";
import { mastodonDefaultRules } from "~/integrations/networks/mastodon/rules";
import { twitterRules } from "~/integrations/networks/twitter/rules";
import type { NetworkId, NetworkRules } from "~/integrations/networks/types";

// The client-safe registry: each network's limits, counting and part validation, for the
// composer's live counters (browser) and the server's validation alike. The full networks
// (OAuth, publishing) are in registry.server.ts.

export const NETWORK_RULES: readonly NetworkRules[] = [linkedinRules, twitterRules, blueskyRules, mastodonDefaultRules];

export function networkRules(id: NetworkId): NetworkRules {
  const rules = NETWORK_RULES.find((network) => network.id === id);
  if (!rules) throw new Error(`Unknown network ${String(id)}`);
  return rules;
}
