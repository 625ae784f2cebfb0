import { getDb } from "~/modules/db/db.server";
import type { Platform } from "~/core/platforms/platforms";

const LINKEDIN_RECONNECT_AFTER_MS = 7 * 24 * 60 * 60 * 1000; // asked to reconnect after 7 days

export interface ReconnectNeed {
  provider: Platform;
  /** "age": LinkedIn connected more than 7 days ago; "expired": the token is gone. */
  reason: "age" | "expired";
}

/** Whether the user should reconnect an account now, LinkedIn first. */
export async function reconnectNeed(userId: string, now = new Date()): Promise<ReconnectNeed | null> {
  const rows = await getDb().connection.findMany({
    where: { userId },
    select: { provider: true, status: true, connectedAt: true, expiresAt: true, refreshTokenEnc: true },
    orderBy: { provider: "asc" },
  });
  for (const row of rows) {
    const provider = row.provider as Platform;
    const expired = row.status === "needs_reconnect" || (row.expiresAt !== null && row.expiresAt <= now && !row.refreshTokenEnc);
    if (expired) return { provider, reason: "expired" };
    if (provider === "linkedin" && row.connectedAt.getTime() + LINKEDIN_RECONNECT_AFTER_MS < now.getTime()) return { provider, reason: "age" };
  }
  return null;
}

/** When the user's LinkedIn access ends, if it will before `at` (to warn when scheduling). */
export async function linkedinExpiryBefore(userId: string, at: Date): Promise<Date | null> {
  const row = await getDb().connection.findUnique({
    where: { userId_provider: { userId, provider: "linkedin" } },
    select: { expiresAt: true, refreshTokenEnc: true },
  });
  if (!row?.expiresAt || row.refreshTokenEnc) return null;
  return row.expiresAt < at ? row.expiresAt : null;
}
