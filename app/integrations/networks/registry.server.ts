import { blueskyNetwork } from "~/integrations/networks/bluesky/network.server";
import { linkedinNetwork } from "~/integrations/networks/linkedin/network.server";
import { mastodonNetwork } from "~/integrations/networks/mastodon/network.server";
import { twitterNetwork } from "~/integrations/networks/twitter/network.server";
import type { Network, NetworkId } from "~/integrations/networks/types";

// Every network the app can publish to, found by id. Adding one: its folder, its fake, its tests,
// and one line here (docs/decisions/0048-network-interface.md).

export const NETWORKS: readonly Network[] = [linkedinNetwork, twitterNetwork, blueskyNetwork, mastodonNetwork];

export function getNetwork(id: NetworkId): Network {
  const network = NETWORKS.find((n) => n.id === id);
  if (!network) throw new Error(`Unknown network ${String(id)}`);
  return network;
}
