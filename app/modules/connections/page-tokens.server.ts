import { getDb } from "~/modules/db/db.server";
import { markChannelsNeedReconnect } from "./needs-reconnect.server";

// A page channel (kind "page", docs/decisions/0058) publishes with the token of the member who
// administers it: the member's sealed pair is copied onto each of its pages (managedBy = the
// member's providerUserId) when a page is added, whenever the member connects again, and whenever
// the member's pair is refreshed. Everything that reads a channel's token (the publisher, expiries,
// reconnect warnings) then works for pages unchanged.

/** What a member's row gives its pages: the sealed pair, its expiries and scopes. */
export interface SharedTokens {
  accessTokenEnc: string | null;
  refreshTokenEnc: string | null;
  expiresAt: Date | null;
  refreshExpiresAt?: Date | null;
  scopes?: string;
}

/** Why a page cannot publish any more, stored as its lastError. */
export const PAGE_MEMBER_DISCONNECTED = "The LinkedIn member who administers this page was disconnected.";
export const PAGE_SCOPES_MISSING = "The member who administers this page reconnected without the organization permissions.";

/** A member channel whose pages share its token: the pages are those it manages in its own workspace. */
export interface PageMember {
  workspaceId: string;
  network: string;
  providerUserId: string;
}

function pagesOf(member: PageMember) {
  return { workspaceId: member.workspaceId, network: member.network, kind: "page", managedBy: member.providerUserId };
}

/** The member's new pair onto its pages, which become usable again (a reconnect revives them). */
export async function copyTokensToPages(member: PageMember, tokens: SharedTokens): Promise<number> {
  const { count } = await getDb().channel.updateMany({
    where: pagesOf(member),
    data: { ...tokens, status: "active", lastError: null, refreshLeaseUntil: null },
  });
  return count;
}

/**
 * The member's pages can no longer publish (the member was disconnected, or reconnected without the
 * page scopes): their copied tokens are deleted and they need reconnecting, never left working with
 * a token nobody renews. Reconnecting the member with the scopes makes them usable again.
 */
export async function suspendPages(member: PageMember, reason: string): Promise<number> {
  const data = { accessTokenEnc: null, refreshTokenEnc: null, lastError: reason, refreshLeaseUntil: null };
  return markChannelsNeedReconnect(pagesOf(member), data, { alsoStopped: true });
}

/** A member whose token is dead: its pages' copies are the same token, so they need reconnecting too. */
export async function pagesNeedReconnect(member: PageMember, reason: string): Promise<void> {
  await markChannelsNeedReconnect(pagesOf(member), { lastError: reason.slice(0, 500) });
}
