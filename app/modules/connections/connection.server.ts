import { getNetwork } from "~/integrations/networks/registry.server";
import { parseChannelLimits } from "~/integrations/networks/rules";
import type { ChannelLimits } from "~/integrations/networks/types";
import { getDb } from "~/modules/db/db.server";
import { isNetworkId, isPlatform, NETWORK_IDS, PLATFORMS, type NetworkId, type Platform } from "~/core/platforms/platforms";
import { channelAvatarPath } from "./avatar-path";
import { networkPages, pagesAccess, type PagesAccess } from "./pages.server";

export interface ServiceEntry {
  serviceName: Platform;
  connected: boolean;
  connectedAt: string | null;
  status: "active" | "needs_reconnect" | null;
  displayName: string | null;
  handle: string | null;
  /** The account's id at the provider (what the disconnect call's userIdProvider names). */
  userIdProvider: string | null;
  expiresAt: string | null;
  /** Whether the server has the platform's app credentials at all. */
  available: boolean;
}

/** Each platform's connection state for a user (the profile's "services" list). */
export async function listServices(userId: string): Promise<ServiceEntry[]> {
  const rows = await getDb().channel.findMany({ where: { userId }, orderBy: [{ createdAt: "asc" }, { id: "asc" }] });
  return PLATFORMS.map((serviceName) => {
    const row = rows.find((r) => r.network === serviceName);
    return {
      serviceName,
      connected: Boolean(row),
      connectedAt: row?.connectedAt.toISOString() ?? null,
      status: row ? (row.status === "needs_reconnect" ? "needs_reconnect" : "active") : null,
      displayName: row?.displayName || null,
      handle: row?.handle ?? null,
      userIdProvider: row?.providerUserId ?? null,
      expiresAt: row?.expiresAt?.toISOString() ?? null,
      available: getNetwork(serviceName).oauth.configured(),
    };
  });
}

/** One connected account as the profile shows it. */
export interface ChannelEntry {
  id: string;
  network: NetworkId;
  displayName: string;
  handle: string | null;
  /** The app's copy (/channels/{id}/avatar?v=…), or null: initials. */
  avatarUrl: string | null;
  status: "active" | "needs_reconnect";
  connectedAt: string;
  /**
   * When the user will have to connect again, or null: the access's end, unless a refresh token
   * renews it (X, LinkedIn); then the refresh token's own end, if it has one.
   */
  accessEndsAt: string | null;
  /** The instance's origin where the network has instances (Mastodon): reconnecting goes back there. */
  instance: string | null;
  /** "member" (a person), "account", or "page" (an organization's page, docs/decisions/0058). */
  kind: "member" | "account" | "page";
  /** A member: whether it can add the pages it administers (the network has pages, and its token their scopes). */
  pages: PagesAccess;
  /** A page: the name of the member whose access it publishes with, or null when that member is gone. */
  via: string | null;
}

type ChannelRow = {
  id: string;
  network: string;
  kind: string;
  providerUserId: string;
  managedBy: string | null;
  scopes: string;
  displayName: string;
  handle: string | null;
  avatarKey: string | null;
  status: string;
  connectedAt: Date;
  expiresAt: Date | null;
  refreshTokenEnc: string | null;
  refreshExpiresAt: Date | null;
  instance: string | null;
};

/** An access token that renews itself ends only with its refresh token; a two-hour X token is no warning. */
function accessEndsAt(row: Pick<ChannelRow, "expiresAt" | "refreshTokenEnc" | "refreshExpiresAt">): Date | null {
  return row.refreshTokenEnc ? row.refreshExpiresAt : row.expiresAt;
}

const kindOf = (kind: string): ChannelEntry["kind"] => (kind === "member" || kind === "page" ? kind : "account");

function toChannelEntry(row: ChannelRow, all: readonly ChannelRow[]): ChannelEntry {
  const member = row.kind === "page" ? all.find((c) => c.kind === "member" && c.network === row.network && c.providerUserId === row.managedBy) : undefined;
  return {
    kind: kindOf(row.kind),
    pages: row.kind === "member" && isNetworkId(row.network) ? pagesAccess(row.network, row) : "unsupported",
    via: member ? member.displayName || member.handle : null,
    id: row.id,
    network: row.network as NetworkId,
    displayName: row.displayName,
    handle: row.handle,
    avatarUrl: channelAvatarPath(row),
    status: row.status === "needs_reconnect" ? "needs_reconnect" : "active",
    connectedAt: row.connectedAt.toISOString(),
    accessEndsAt: accessEndsAt(row)?.toISOString() ?? null,
    instance: row.instance,
  };
}

/** Every channel of a workspace, oldest first (the order the profile groups them in). */
export async function listChannels(workspaceId: string): Promise<ChannelEntry[]> {
  const rows = await getDb().channel.findMany({ where: { workspaceId }, orderBy: [{ createdAt: "asc" }, { id: "asc" }] });
  return rows.filter((row) => isNetworkId(row.network)).map((row) => toChannelEntry(row, rows));
}

/** One of the workspace's channels; another workspace's, or none, is null. */
export async function findChannel(workspaceId: string, channelId: string): Promise<ChannelEntry | null> {
  const row = await getDb().channel.findFirst({ where: { id: channelId, workspaceId } });
  if (!row || !isNetworkId(row.network)) return null;
  const members = row.managedBy
    ? await getDb().channel.findMany({ where: { workspaceId, network: row.network, kind: "member", providerUserId: row.managedBy } })
    : [];
  return toChannelEntry(row, members);
}

/**
 * How a network is connected: OAuth (the network's consent page), an app password typed in Plume,
 * or an instance named in Plume, then that instance's consent page (Mastodon).
 */
export type ConnectMethod = "oauth" | "app_password" | "instance";

/**
 * Each network, how it connects and whether it can be connected at all (OAuth: the server has its
 * app credentials; an app password needs none).
 */
export function networkAvailability(): { network: NetworkId; available: boolean; method: ConnectMethod; pages: ReturnType<typeof networkPages> }[] {
  return NETWORK_IDS.map((network) => {
    const { oauth, appPassword, instances } = getNetwork(network);
    // Pages (docs/decisions/0058): "unsupported", "disabled" (this server's app does not have them) or "enabled".
    const pages = networkPages(network);
    if (appPassword) return { network, available: true, method: "app_password", pages };
    // Registered on each instance as users name them: nothing to configure on the server.
    if (instances) return { network, available: true, method: "instance", pages };
    return { network, available: oauth.configured(), method: "oauth", pages };
  });
}

/** One of the user's channels as the composer offers it. */
export interface ChannelChoice {
  id: string;
  network: NetworkId;
  displayName: string;
  handle: string | null;
  /** The app's copy (/channels/{id}/avatar?v=…), or null: initials. */
  avatarUrl: string | null;
  status: string;
  /** "page": an organization's page (shown with a "Page" tag beside its member). */
  kind: "member" | "account" | "page";
}

/** A user's channels as the composer offers them (name, handle, avatar), oldest first. */
export async function listChannelChoices(workspaceId: string): Promise<ChannelChoice[]> {
  const rows = await getDb().channel.findMany({
    where: { workspaceId },
    select: { id: true, network: true, displayName: true, handle: true, avatarKey: true, status: true, kind: true },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
  });
  return rows.flatMap(({ avatarKey, kind, ...row }) =>
    isNetworkId(row.network) ? [{ ...row, network: row.network, kind: kindOf(kind), avatarUrl: channelAvatarPath({ id: row.id, avatarKey }) }] : [],
  );
}

/** A workspace's channels, oldest first: the first of a network is the one the version 1 fields mean. */
export async function channelRefs(workspaceId: string): Promise<{ id: string; network: NetworkId; limits: ChannelLimits | null }[]> {
  const rows = await getDb().channel.findMany({
    where: { workspaceId },
    select: { id: true, network: true, limitsJson: true },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
  });
  return rows.flatMap((row) => (isNetworkId(row.network) ? [{ id: row.id, network: row.network, limits: parseChannelLimits(row.limitsJson) }] : []));
}

/** The version 1 platforms a workspace can publish to (see usableNetworks). */
export async function usablePlatforms(workspaceId: string, now = new Date()): Promise<Platform[]> {
  return (await usableNetworks(workspaceId, now)).filter(isPlatform);
}

/**
 * The networks a workspace can publish to: connected, not waiting for a reconnection, and with a token
 * that is valid or can be refreshed (X access tokens last two hours; the publisher refreshes them).
 */
export async function usableNetworks(workspaceId: string, now = new Date()): Promise<NetworkId[]> {
  const rows = await getDb().channel.findMany({
    where: { workspaceId, status: "active" },
    select: { network: true, expiresAt: true, refreshTokenEnc: true, refreshExpiresAt: true },
  });
  const usable = (r: (typeof rows)[number]) =>
    !r.expiresAt || r.expiresAt > now || (r.refreshTokenEnc !== null && (!r.refreshExpiresAt || r.refreshExpiresAt > now));
  return NETWORK_IDS.filter((p) => rows.some((r) => r.network === p && usable(r)));
}

/** The ids of a workspace's channels that can publish now (see usablePlatforms). */
export async function usableChannelIds(workspaceId: string, now = new Date()): Promise<string[]> {
  const rows = await getDb().channel.findMany({
    where: { workspaceId, status: "active" },
    select: { id: true, expiresAt: true, refreshTokenEnc: true, refreshExpiresAt: true },
  });
  return rows
    .filter((r) => !r.expiresAt || r.expiresAt > now || (r.refreshTokenEnc !== null && (!r.refreshExpiresAt || r.refreshExpiresAt > now)))
    .map((r) => r.id);
}

/** The platforms a user could connect now: not usable yet, and set up on this server. */
export function connectablePlatforms(usable: Platform[]): Platform[] {
  return PLATFORMS.filter((p) => !usable.includes(p) && getNetwork(p).oauth.configured());
}
