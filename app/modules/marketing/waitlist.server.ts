import { getDb } from "~/modules/db/db.server";
import type { Locale } from "~/modules/i18n/i18n";
import { enforce } from "~/modules/rate-limit/rate-limit.server";

const HOUR_MS = 60 * 60 * 1000;

/**
 * Adds someone to the VIP waitlist. An address already there is answered exactly like a new one
 * (nothing tells a visitor whether an address is on the list); a bot that filled the hidden field
 * too. Limited per IP address.
 */
export async function joinWaitlist(input: { fullName: string; email: string; locale: Locale; honeypot?: string }, ip: string | null): Promise<void> {
  if (ip) await enforce(`waitlist:ip:${ip}`, { limit: 10, windowMs: HOUR_MS });
  if (input.honeypot) return;
  try {
    await getDb().waitlistEntry.create({ data: { fullName: input.fullName, email: input.email, locale: input.locale } });
  } catch (error) {
    if ((error as { code?: string }).code !== "P2002") throw error;
  }
}

export function waitlistCount(): Promise<number> {
  return getDb().waitlistEntry.count();
}
