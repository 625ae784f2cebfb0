import { getDb } from "~/modules/db/db.server";
import type { Platform } from "~/core/platforms/platforms";

const LINKEDIN_RECONNECT_AFTER_MS = 7 * 24 * 60 * 60 * 1000; // asked to reconnect after 7 days

export interface ReconnectNeed {
  provider: Platform;
  /** "age": LinkedIn connected more than 7 days ago; "expired": the token is gone. */
  reason: "age" | "expired";
  /** Which account: the one the warning names and the reconnect link is for. */
  channel: { id: string; displayName: string; handle: string | null };
}

/** Whether the user should reconnect an account now, LinkedIn first, then the oldest channel. */
export async function reconnectNeed(userId: string, now = new Date()): Promise<ReconnectNeed | null> {
  const rows = await getDb().channel.findMany({
    where: { userId },
    select: { id: true, displayName: true, handle: true, network: true, status: true, connectedAt: true, expiresAt: true, refreshTokenEnc: true },
    orderBy: [{ network: "asc" }, { createdAt: "asc" }, { id: "asc" }],
  });
  for (const row of rows) {
    const provider = row.network as Platform;
    const channel = { id: row.id, displayName: row.displayName, handle: row.handle };
    const expired = row.status === "needs_reconnect" || (row.expiresAt !== null && row.expiresAt <= now && !row.refreshTokenEnc);
    if (expired) return { provider, reason: "expired", channel };
    if (provider === "linkedin" && row.connectedAt.getTime() + LINKEDIN_RECONNECT_AFTER_MS < now.getTime()) return { provider, reason: "age", channel };
  }
  return null;
}

/** When the user's LinkedIn access ends, if it will before `at` (to warn when scheduling). */
export async function linkedinExpiryBefore(userId: string, at: Date): Promise<Date | null> {
  const rows = await getDb().channel.findMany({ where: { userId, network: "linkedin" }, select: { expiresAt: true, refreshTokenEnc: true } });
  const ends = rows.flatMap((row) => (row.expiresAt && !row.refreshTokenEnc && row.expiresAt < at ? [row.expiresAt] : []));
  return ends.length > 0 ? new Date(Math.min(...ends.map((end) => end.getTime()))) : null;
}
