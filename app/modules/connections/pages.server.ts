import { getNetwork } from "~/integrations/networks/registry.server";
import type { NetworkAccount } from "~/integrations/networks/types";
import { isProviderError } from "~/integrations/provider-error";
import { logger } from "~/core/logger/logger.server";
import { isNetworkId, type NetworkId } from "~/core/platforms/platforms";
import { trackEventFor } from "~/modules/analytics/server-events.server";
import { getDb } from "~/modules/db/db.server";
import { isRecordId } from "~/modules/db/ids";
import { AppError } from "~/modules/errors/app-error";
import { usableConnection } from "./access-token.server";
import { refreshChannelAvatar } from "./avatar.server";
import { clearDisconnectFlags } from "./flags.server";
import { type ActorRef, requireCan } from "~/modules/workspaces/owner";

// Pages a connected member administers, each added as its own channel (kind "page") that
// publishes with the member's token (docs/decisions/0058). The network says what a page is
// (Network.pages); this module only stores and checks.

/**
 * Whether a member channel can add pages: "unsupported" (the network has no pages), "disabled"
 * (this server's app does not have them: the operator's switch), "not_granted" (asked, but the token
 * answer did not give the page scopes), "available".
 */
export type PagesAccess = "unsupported" | "disabled" | "not_granted" | "available";

export function pagesAccess(network: NetworkId, channel: { kind: string; scopes: string } | null): PagesAccess {
  const pages = getNetwork(network).pages;
  if (!pages) return "unsupported";
  if (!pages.enabled()) return "disabled";
  if (!channel || channel.kind !== "member") return "not_granted";
  return pages.granted(channel.scopes) ? "available" : "not_granted";
}

/** Whether a network has pages at all, and whether this server's app may ask for them. */
export function networkPages(network: NetworkId): "unsupported" | "disabled" | "enabled" {
  const pages = getNetwork(network).pages;
  return !pages ? "unsupported" : pages.enabled() ? "enabled" : "disabled";
}

export interface AddablePage {
  providerUserId: string;
  displayName: string;
  /** The page's vanity name. */
  handle: string | null;
  /** Already one of the workspace's channels. */
  added: boolean;
  /** The logo's address at the network (not shown by pages: the app's copy is made when the page is added). */
  logoUrl: string | null;
}

export interface MemberPages {
  member: { id: string; network: NetworkId; displayName: string; handle: string | null };
  pages: AddablePage[];
}

const unavailable = () => new AppError("pages_unavailable", "connections.pages.unavailable");

async function memberChannel(workspaceId: string, channelId: string) {
  const notFound = () => new AppError("not_found", "connections.errors.channelNotFound");
  if (!isRecordId(channelId)) throw notFound();
  const row = await getDb().channel.findFirst({ where: { id: channelId, workspaceId } });
  if (!row || !isNetworkId(row.network)) throw notFound();
  const pages = getNetwork(row.network).pages;
  if (!pages || pagesAccess(row.network, row) !== "available") throw unavailable();
  return { row, network: row.network, pages };
}

/** The pages the member administers right now, at the network, with its current token. */
async function administeredNow(workspaceId: string, channelId: string) {
  const { row, network, pages } = await memberChannel(workspaceId, channelId);
  const connection = await usableConnection(row.userId, network, row).catch(() => {
    throw new AppError("channel_unusable", "connections.pages.reconnectFirst");
  });
  try {
    return { row, network, administered: await pages.administered(connection.accessToken) };
  } catch (error) {
    if (!isProviderError(error)) throw error;
    logger.warn({ provider: network, status: error.status, operation: error.details.operation, message: error.message }, "Could not list the member's pages");
    throw new AppError("connect_failed", "connections.pages.listFailed");
  }
}

/** The pages a member channel of the user administers, and which are already channels. */
export async function listMemberPages(by: ActorRef, channelId: string): Promise<MemberPages> {
  const { workspaceId } = requireCan(by, "manage");
  const { row, network, administered } = await administeredNow(workspaceId, channelId);
  const existing = await getDb().channel.findMany({
    where: { workspaceId, network, kind: "page", providerUserId: { in: administered.map((page) => page.providerUserId) } },
    select: { providerUserId: true },
  });
  const added = new Set(existing.map((channel) => channel.providerUserId));
  return {
    member: { id: row.id, network, displayName: row.displayName, handle: row.handle },
    pages: administered.map((page) => ({
      providerUserId: page.providerUserId,
      displayName: page.displayName,
      handle: page.handle,
      added: added.has(page.providerUserId),
      logoUrl: page.avatarUrl,
    })),
  };
}

/**
 * Adds pages as channels. Each must be one the member administers now, asked of the network at this
 * moment (a posted id is never trusted): one that is not refuses the whole submission, nothing added.
 * A page added again is updated (name, logo, the member's token); it publishes with the token of the
 * member who added it last.
 */
export async function addMemberPages(by: ActorRef, channelId: string, providerUserIds: string[]): Promise<{ added: { id: string; displayName: string }[] }> {
  const { userId, workspaceId } = requireCan(by, "manage");
  const { row, network, administered } = await administeredNow(workspaceId, channelId);
  const wanted = [...new Set(providerUserIds)];
  const chosen: NetworkAccount[] = [];
  for (const id of wanted) {
    const page = administered.find((candidate) => candidate.providerUserId === id);
    if (!page) throw new AppError("forbidden", "connections.pages.notAdministered");
    chosen.push(page);
  }
  const added = [];
  for (const page of chosen) {
    const key = { workspaceId_network_providerUserId: { workspaceId, network, providerUserId: page.providerUserId } };
    const data = {
      kind: "page",
      managedBy: row.providerUserId,
      displayName: page.displayName,
      handle: page.handle,
      avatarUrl: page.avatarUrl,
      status: "active",
      // The member's sealed pair, copied as it is (docs/decisions/0058).
      scopes: row.scopes,
      accessTokenEnc: row.accessTokenEnc,
      refreshTokenEnc: row.refreshTokenEnc,
      expiresAt: row.expiresAt,
      refreshExpiresAt: row.refreshExpiresAt,
      refreshLeaseUntil: null,
      lastError: null,
      connectedAt: new Date(),
    };
    const previous = await getDb().channel.findUnique({ where: key, select: { avatarUrl: true } });
    const channel = await getDb().channel.upsert({
      where: key,
      create: { userId, workspaceId, network, providerUserId: page.providerUserId, ...data },
      update: data,
      select: { id: true },
    });
    await refreshChannelAvatar(channel.id, previous?.avatarUrl ?? null);
    added.push({ id: channel.id, displayName: page.displayName });
  }
  if (added.length > 0) {
    await clearDisconnectFlags(workspaceId, network);
    trackEventFor(userId, "pages added", { network, count: added.length });
  }
  return { added };
}

/**
 * For the version 2 API, which names no member: the user's oldest member channel of the network
 * that can add pages, or 409 pages_unavailable.
 */
export async function pagesMemberOf(workspaceId: string, network: NetworkId): Promise<string> {
  const members = await getDb().channel.findMany({
    where: { workspaceId, network, kind: "member" },
    select: { id: true, kind: true, scopes: true },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
  });
  const member = members.find((row) => pagesAccess(network, row) === "available");
  if (!member) throw unavailable();
  return member.id;
}
