import { randomBytes } from "node:crypto";
import { redirect } from "@remix-run/node";
import { getEnv, isDemoMode } from "~/core/env/env.server";
import { logger } from "~/core/logger/logger.server";
import { seal, unseal } from "~/modules/crypto/secrets.server";
import { getDb } from "~/modules/db/db.server";
import { AppError } from "~/modules/errors/app-error";

// The setup of a fresh install (docs/decisions/0061-instance-settings-and-setup.md): while no account
// exists and ADMIN_EMAILS names nobody, the first account is made on /setup (app/modules/auth/setup.server.ts).

export const SETUP_CLAIM_ID = 1;
export const SETUP_CODE_KEY = "setup_code";

let knownClosed = false;

/** Called once the setup is claimed (app/modules/auth/setup.server.ts). */
export function markSetupClosed(): void {
  knownClosed = true;
}

/** Whether /setup is open: nobody has an account yet, no setup happened, no ADMIN_EMAILS, not the demo. */
export async function isSetupOpen(): Promise<boolean> {
  if (knownClosed) return false;
  // The demo is tried, not owned: its visitor signs up at once (docs/decisions/0062-demo-mode.md).
  if (isDemoMode() || getEnv().ADMIN_EMAILS.length > 0) return false;
  const db = getDb();
  const [claim, anyUser] = await Promise.all([
    db.setupClaim.findUnique({ where: { id: SETUP_CLAIM_ID }, select: { id: true } }),
    db.user.findFirst({ select: { id: true } }),
  ]);
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
  const existing = await db.instanceSetting.findUnique({ where: { key: SETUP_CODE_KEY } });
  if (existing) return unseal(existing.value);
  try {
    await db.instanceSetting.create({ data: { key: SETUP_CODE_KEY, value: seal(newCode()) } });
  } catch (error) {
    if ((error as { code?: string }).code !== "P2002") throw error; // another instance made it first
  }
  return unseal((await db.instanceSetting.findUniqueOrThrow({ where: { key: SETUP_CODE_KEY } })).value);
}

/** At each start while setup is open: where to go, and the code (the log is the owner's, not a visitor's). */
export async function announceSetup(): Promise<void> {
  if (!(await isSetupOpen())) return;
  const code = await setupCode();
  logger.warn({ setupUrl: `${getEnv().APP_URL}/setup`, setupCode: code }, `Setup is open: visit ${getEnv().APP_URL}/setup and enter the setup code ${code}`);
}
