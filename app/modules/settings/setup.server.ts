import { randomBytes, randomUUID, timingSafeEqual } from "node:crypto";
import { redirect } from "@remix-run/node";
import { getEnv } from "~/core/env/env.server";
import { logger } from "~/core/logger/logger.server";
import { createSession, type SessionClient } from "~/modules/auth/session.server";
import { hashPassword } from "~/modules/auth/password.server";
import { seal, unseal } from "~/modules/crypto/secrets.server";
import { getDb } from "~/modules/db/db.server";
import { AppError } from "~/modules/errors/app-error";
import type { Locale } from "~/modules/i18n/i18n";
import { enforce } from "~/modules/rate-limit/rate-limit.server";
import { trialSubscriptionData } from "~/modules/subscriptions/subscription.server";
import { normalizeTimeZone } from "~/modules/users/timezone";

// The setup of a fresh install (docs/decisions/0061-instance-settings-and-setup.md): while no account
// exists and ADMIN_EMAILS names nobody, the first account is made on /setup, as an admin, by whoever
// holds the one-time code the server printed in its log. One SetupClaim row ever: two at once give
// one admin.

const CODE_KEY = "setup_code";
const CLAIM_ID = 1;
const codeGuesses = { limit: 10, windowMs: 15 * 60 * 1000 };

let knownClosed = false;

/** Whether /setup is open: nobody has an account yet, no setup happened, no ADMIN_EMAILS. */
export async function isSetupOpen(): Promise<boolean> {
  if (knownClosed) return false;
  if (getEnv().ADMIN_EMAILS.length > 0) return false;
  const db = getDb();
  const [claim, anyUser] = await Promise.all([db.setupClaim.findUnique({ where: { id: CLAIM_ID }, select: { id: true } }), db.user.findFirst({ select: { id: true } })]);
  // Closed for good once an account exists: never reopened in this process.
  knownClosed = Boolean(claim || anyUser);
  return !knownClosed;
}

/** The landing, sign-in and sign-up pages of a fresh install lead to /setup. */
export async function leadToSetupWhileOpen(): Promise<void> {
  if (await isSetupOpen()) throw redirect("/setup");
}

/** Sign-ups wait for the setup: the first account is the setup's (an API sign-up must not take it). */
export async function refuseWhileSetupOpen(): Promise<void> {
  if (await isSetupOpen()) throw new AppError("setup_required", "setup.errors.setupFirst");
}

/** For tests that start over on a new database in the same process. */
export function forgetSetupState(): void {
  knownClosed = false;
}

/** Human-friendly: no 0/O or 1/I/L to misread from a terminal. */
function newCode(): string {
  const alphabet = "ABCDEFGHJKMNPQRSTUVWXYZ23456789";
  const bytes = randomBytes(10);
  const chars = Array.from(bytes, (byte) => alphabet[byte % alphabet.length]).join("");
  return `${chars.slice(0, 5)}-${chars.slice(5)}`;
}

/** The setup code, made once and kept (sealed) so every instance and restart asks for the same one. */
export async function setupCode(): Promise<string> {
  const db = getDb();
  const existing = await db.instanceSetting.findUnique({ where: { key: CODE_KEY } });
  if (existing) return unseal(existing.value);
  try {
    await db.instanceSetting.create({ data: { key: CODE_KEY, value: seal(newCode()) } });
  } catch (error) {
    if ((error as { code?: string }).code !== "P2002") throw error; // another instance made it first
  }
  return unseal((await db.instanceSetting.findUniqueOrThrow({ where: { key: CODE_KEY } })).value);
}

/** At each start while setup is open: where to go, and the code (the log is the owner's, not a visitor's). */
export async function announceSetup(): Promise<void> {
  if (!(await isSetupOpen())) return;
  const code = await setupCode();
  logger.warn({ setupUrl: `${getEnv().APP_URL}/setup`, setupCode: code }, `Setup is open: visit ${getEnv().APP_URL}/setup and enter the setup code ${code}`);
}

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
      db.setupClaim.create({ data: { id: CLAIM_ID, userId } }),
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
      db.instanceSetting.deleteMany({ where: { key: CODE_KEY } }),
    ]);
  } catch (error) {
    // Another setup (or a sign-up with this address) came first: the unique indexes decide.
    if ((error as { code?: string }).code === "P2002") throw closed();
    throw error;
  }
  knownClosed = true;
  logger.info({ userId }, "Setup done: the first account is an admin");
  return { userId, cookie: await createSession(userId, client) };
}
