import { randomUUID, timingSafeEqual } from "node:crypto";
import { logger } from "~/core/logger/logger.server";
import { getDb } from "~/modules/db/db.server";
import { AppError } from "~/modules/errors/app-error";
import type { Locale } from "~/modules/i18n/i18n";
import { enforce } from "~/modules/rate-limit/rate-limit.server";
import { isSetupOpen, markSetupClosed, SETUP_CLAIM_ID, SETUP_CODE_KEY, setupCode } from "~/modules/settings/setup-state.server";
import { trialSubscriptionData } from "~/modules/subscriptions/subscription.server";
import { normalizeTimeZone } from "~/modules/users/timezone";
import { hashPassword } from "./password.server";
import { createSession, type SessionClient } from "./session.server";

// The first account of a fresh install (docs/decisions/0061-instance-settings-and-setup.md): made on
// /setup, as an admin, by whoever holds the one-time code the server printed in its log. One
// SetupClaim row ever: two at once give one admin.

const codeGuesses = { limit: 10, windowMs: 15 * 60 * 1000 };

function sameCode(given: string, expected: string): boolean {
  const normalize = (code: string) => Buffer.from(code.toUpperCase().replace(/[^A-Z0-9]/g, ""));
  const a = normalize(given);
  const b = normalize(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

export interface SetupInput {
  email: string;
  password: string;
  code: string;
  locale: Locale;
  timezone?: string;
}

const closed = () => new AppError("setup_closed", "setup.errors.closed");

/**
 * Makes the first account, an admin with a verified address (the owner at the keyboard: no mail is
 * needed), and closes setup in the same transaction. Returns the new session's cookie.
 */
export async function claimSetup(input: SetupInput, client: SessionClient): Promise<{ userId: string; cookie: string }> {
  if (!(await isSetupOpen())) throw closed();
  if (client.ip) await enforce(`setup:ip:${client.ip}`, codeGuesses);
  if (!sameCode(input.code, await setupCode())) {
    throw new AppError("wrong_setup_code", "setup.errors.wrongCode", { fields: { code: "setup.errors.wrongCode" } });
  }
  const db = getDb();
  const userId = randomUUID();
  const now = new Date();
  const passwordHash = await hashPassword(input.password);
  try {
    await db.$transaction([
      db.setupClaim.create({ data: { id: SETUP_CLAIM_ID, userId } }),
      db.user.create({
        data: {
          id: userId,
          email: input.email,
          passwordHash,
          emailVerifiedAt: now,
          promotedAdmin: true,
          promotedAt: now,
          locale: input.locale,
          timezone: normalizeTimeZone(input.timezone),
          subscription: { create: trialSubscriptionData(now) },
        },
      }),
      db.instanceSetting.deleteMany({ where: { key: SETUP_CODE_KEY } }),
    ]);
  } catch (error) {
    // Another setup (or a sign-up with this address) came first: the unique indexes decide.
    if ((error as { code?: string }).code === "P2002") throw closed();
    throw error;
  }
  markSetupClosed();
  logger.info({ userId }, "Setup done: the first account is an admin");
  return { userId, cookie: await createSession(userId, client) };
}
