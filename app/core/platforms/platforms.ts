/**
 * The platforms a post can go to, shared by posts, connections, publishing and the provider
 * clients. "twitter" is X, shown to people as "X (Twitter)".
 */
export const PLATFORMS = ["linkedin", "twitter"] as const;
export type Platform = (typeof PLATFORMS)[number];

/**
 * Every network a channel can be of and a post can target (decision 56): the version 1 pair, then
 * the networks added since. `Platform` stays the version 1 pair: the v1 fields and API name only it.
 * Each id here has its module in both network registries (a test checks it).
 */
export const NETWORK_IDS = ["linkedin", "twitter", "bluesky", "mastodon"] as const;
export type NetworkId = (typeof NETWORK_IDS)[number];

export function isNetworkId(value: unknown): value is NetworkId {
  return typeof value === "string" && (NETWORK_IDS as readonly string[]).includes(value);
}

/**
 * The networks a post targets, as its `platforms` column stores them (every network, in the order
 * of NETWORK_IDS). `parsePlatforms` reads the same column as version 1 sees it (its pair only).
 */
export function parseNetworks(stored: string): NetworkId[] {
  const chosen = new Set(stored.split(",").map((p) => p.trim()));
  return NETWORK_IDS.filter((p) => chosen.has(p));
}

export function serializeNetworks(networks: readonly string[]): string {
  return NETWORK_IDS.filter((p) => networks.includes(p)).join(",");
}

/**
 * Version 1's text field of each network: a database column of posts and a field of API v1 and of
 * AI drafts (part 1 of the network's first target, decision 47). New networks get no such field.
 */
export const LEGACY_TEXT_FIELD = { linkedin: "linkedinText", twitter: "twitterText" } as const satisfies Record<Platform, string>;
export type LegacyTextField = (typeof LEGACY_TEXT_FIELD)[Platform];

/** A network's field in an AI draft: its version 1 field (linkedinText, twitterText), else `<network>Text` (blueskyText). */
export type DraftField = LegacyTextField | `${Exclude<NetworkId, Platform>}Text`;

export function draftField(network: NetworkId): DraftField {
  return isPlatform(network) ? LEGACY_TEXT_FIELD[network] : (`${network}Text` as DraftField);
}

export function isPlatform(value: unknown): value is Platform {
  return typeof value === "string" && (PLATFORMS as readonly string[]).includes(value);
}

/** Stored as "linkedin,twitter" (SQLite has no arrays); always in the canonical order. */
export function parsePlatforms(stored: string): Platform[] {
  const chosen = new Set(stored.split(",").map((p) => p.trim()));
  return PLATFORMS.filter((p) => chosen.has(p));
}

export function serializePlatforms(platforms: readonly Platform[]): string {
  return PLATFORMS.filter((p) => platforms.includes(p)).join(",");
}
