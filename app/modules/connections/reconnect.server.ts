import { getNetwork } from "~/integrations/networks/registry.server";
import { networkRules } from "~/integrations/networks/rules";
import { getDb } from "~/modules/db/db.server";
import { rawBoolean, rawDate } from "~/modules/db/raw-values";
import type { NetworkId } from "~/core/platforms/platforms";

const DAY_MS = 24 * 60 * 60 * 1000;

export interface ReconnectNeed {
  provider: NetworkId;
  /** How it reconnects: the network's consent page, or Plume's app-password form (/profile/connect/{network}). */
  method: "oauth" | "app_password" | "instance";
  /** "age": connected longer ago than its network's reconnectAfterDays; "expired": the token is gone. */
  reason: "age" | "expired";
  /** Which account: the one the warning names and the reconnect link is for. */
  channel: { id: string; displayName: string; handle: string | null; instance: string | null };
}

/**
 * Whether the user should reconnect an account now: the first channel (networks in id order, then
 * the oldest) whose token is gone, or that is older than its network's `reconnectAfterDays`.
 */
export async function reconnectNeed(workspaceId: string, now = new Date()): Promise<ReconnectNeed | null> {
  // Raw: on every signed-in page, where a Prisma query costs about four times the statement.
  const rows = (
    await getDb().$queryRaw<
      {
        id: string;
        displayName: string;
        handle: string | null;
        network: string;
        instance: string | null;
        status: string;
        connectedAt: Date | string;
        expiresAt: Date | string | null;
        refreshes: boolean | number | bigint;
      }[]
    >`
    SELECT "id", "displayName", "handle", "network", "instance", "status", "connectedAt", "expiresAt",
      "refreshTokenEnc" IS NOT NULL AS "refreshes"
    FROM "Channel" WHERE "workspaceId" = ${workspaceId}
    ORDER BY "network", "createdAt", "id"`
  ).map((row) => ({ ...row, connectedAt: rawDate(row.connectedAt), expiresAt: rawDate(row.expiresAt), refreshes: rawBoolean(row.refreshes) }));
  for (const row of rows) {
    const provider = row.network as NetworkId;
    const channel = { id: row.id, displayName: row.displayName, handle: row.handle, instance: row.instance };
    const { appPassword, instances } = getNetwork(provider);
    const method = appPassword ? "app_password" : instances ? "instance" : "oauth";
    const expired = row.status === "needs_reconnect" || (row.expiresAt !== null && row.expiresAt <= now && !row.refreshes);
    if (expired) return { provider, method, reason: "expired", channel };
    const afterDays = networkRules(provider).reconnectAfterDays;
    if (afterDays !== undefined && row.connectedAt.getTime() + afterDays * DAY_MS < now.getTime()) return { provider, method, reason: "age", channel };
  }
  return null;
}

/** The first channel access to end before a post is due, and when. */
export interface AccessEnd {
  network: NetworkId;
  at: Date;
}

/**
 * When the user's access to one of `networks` ends, if it will before `at` (to warn when
 * scheduling): over their channels of the networks whose tokens are not refreshed
 * (`reconnectAfterDays`) that hold no refresh token. The earliest end, or null.
 */
export async function accessEndsBefore(workspaceId: string, at: Date, networks: readonly NetworkId[]): Promise<AccessEnd | null> {
  const unrefreshed = networks.filter((network) => networkRules(network).reconnectAfterDays !== undefined);
  if (unrefreshed.length === 0) return null;
  const rows = await getDb().channel.findMany({
    where: { workspaceId, network: { in: [...unrefreshed] }, refreshTokenEnc: null, expiresAt: { lt: at } },
    select: { network: true, expiresAt: true },
    orderBy: [{ expiresAt: "asc" }, { network: "asc" }],
    take: 1,
  });
  const [first] = rows;
  return first?.expiresAt ? { network: first.network as NetworkId, at: first.expiresAt } : null;
}
