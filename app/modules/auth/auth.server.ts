import { trackEvent, updatePersonFor } from "~/modules/analytics/server-events.server";
import { getDb } from "~/modules/db/db.server";
import { getEnv } from "~/core/env/env.server";
import { AppError } from "~/modules/errors/app-error";
import { getTranslator } from "~/modules/i18n/i18n.server";
import { isLocale, type Locale } from "~/modules/i18n/i18n";
import { logger } from "~/core/logger/logger.server";
import { sendMail } from "~/modules/mail/mail.server";
import { actionMail } from "~/modules/mail/templates.server";
import { enforce, hit, release, reset, type RateLimitRule } from "~/modules/rate-limit/rate-limit.server";
import { trialSubscriptionData } from "~/modules/subscriptions/subscription.server";
import { isListedAdmin } from "~/modules/users/roles.server";
import { refuseWhileSetupOpen } from "~/modules/settings/setup-state.server";
import { normalizeTimeZone } from "~/modules/users/timezone";
import { hashPassword, verifyAgainstDummy, verifyPassword } from "./password.server";
import { createSession, hasSessionFrom, replaceSessions, type SessionClient } from "./session.server";
import { hashToken, randomToken } from "~/modules/crypto/tokens.server";

const MINUTE = 60 * 1000;
const HOUR = 60 * MINUTE;

// Sign-in failures lock one address out of one account, so others' guesses never lock the owner
// out; the cap across addresses (guesses spread over many machines) spares the addresses the owner
// has signed in from. docs/decisions/0021-accounts-hardening.md
export const limits = {
  signInPerAccountAndIp: { limit: 10, windowMs: 15 * MINUTE },
  signInPerAccount: { limit: 100, windowMs: HOUR },
  signInPerIp: { limit: 50, windowMs: 15 * MINUTE },
  passwordChangePerUser: { limit: 5, windowMs: 15 * MINUTE },
  signUpPerIp: { limit: 20, windowMs: HOUR },
  resetPerAccount: { limit: 3, windowMs: HOUR },
  resetPerIp: { limit: 20, windowMs: HOUR },
  verificationPerUser: { limit: 5, windowMs: HOUR },
} satisfies Record<string, RateLimitRule>;

const TOKEN_TTL = { email_verification: 48 * HOUR, password_reset: HOUR } as const;
type TokenPurpose = keyof typeof TOKEN_TTL;

export interface SignedIn {
  userId: string;
  cookie: string;
}

export async function signUp(input: { email: string; password: string; timezone?: string; locale: Locale }, client: SessionClient): Promise<SignedIn> {
  await refuseWhileSetupOpen();
  if (client.ip) await enforce(`signup:ip:${client.ip}`, limits.signUpPerIp);
  const db = getDb();
  const emailTaken = () => new AppError("email_taken", "auth.signup.emailTaken", { fields: { email: "auth.signup.emailTaken" } });
  if (await db.user.findUnique({ where: { email: input.email }, select: { id: true } })) throw emailTaken();
  const passwordHash = await hashPassword(input.password);
  let userId: string;
  try {
    const user = await db.user.create({
      data: {
        email: input.email,
        passwordHash,
        locale: input.locale,
        timezone: normalizeTimeZone(input.timezone),
        subscription: { create: trialSubscriptionData() },
      },
      select: { id: true },
    });
    userId = user.id;
  } catch (error) {
    // Two sign-ups with one address at the same moment: the unique index decides.
    if ((error as { code?: string }).code === "P2002") throw emailTaken();
    throw error;
  }
  await sendVerificationEmail(userId).catch((error: unknown) => logger.error({ err: error, userId }, "Could not send the verification e-mail"));
  trackEvent({ id: userId, email: input.email }, "user signed up", { locale: input.locale });
  return { userId, cookie: await createSession(userId, client) };
}

export async function signIn(input: { email: string; password: string }, client: SessionClient): Promise<SignedIn> {
  if (client.ip) await enforce(`signin:ip:${client.ip}`, limits.signInPerIp);
  const user = await getDb().user.findUnique({ where: { email: input.email }, select: { id: true, passwordHash: true } });
  // Each attempt is counted before the password is checked, so a parallel burst cannot slip past.
  const accountAndIpKey = `signin:account:${input.email}:ip:${client.ip ?? "unknown"}`;
  await enforce(accountAndIpKey, limits.signInPerAccountAndIp);
  const knownAddress = Boolean(user && client.ip && (await hasSessionFrom(user.id, client.ip)));
  const accountKey = knownAddress ? null : `signin:account:${input.email}`;
  if (accountKey) await enforce(accountKey, limits.signInPerAccount);

  const valid = user ? await verifyPassword(user.passwordHash, input.password) : await verifyAgainstDummy(input.password);
  if (!user || !valid) throw new AppError("invalid_credentials", "auth.login.invalidCredentials");
  await reset(accountAndIpKey);
  if (accountKey) await release(accountKey);
  return { userId: user.id, cookie: await createSession(user.id, client) };
}

/**
 * Changes the password and rotates the session: every session ends (this one too, for a new one
 * whose cookie is returned) and outstanding reset links die, so nothing taken before the change
 * still opens the account. Wrong current passwords are limited like sign-ins.
 */
export async function changePassword(
  userId: string,
  input: { currentPassword: string; newPassword: string },
  client: SessionClient,
): Promise<{ cookie: string }> {
  const db = getDb();
  const user = await db.user.findUnique({ where: { id: userId }, select: { passwordHash: true } });
  if (!user) throw new AppError("not_found", "errors.notFound");
  const attemptsKey = `password:user:${userId}`;
  await enforce(attemptsKey, limits.passwordChangePerUser);
  if (!(await verifyPassword(user.passwordHash, input.currentPassword))) {
    throw new AppError("wrong_password", "auth.password.currentIncorrect", {
      fields: { currentPassword: "auth.password.currentIncorrect" },
    });
  }
  await reset(attemptsKey);
  const passwordHash = await hashPassword(input.newPassword);
  const cookie = await replaceSessions(userId, client, [
    db.user.update({ where: { id: userId }, data: { passwordHash } }),
    revokeResetLinks(userId, new Date()),
  ]);
  return { cookie };
}

function revokeResetLinks(userId: string, now: Date) {
  return getDb().userToken.updateMany({ where: { userId, purpose: "password_reset", usedAt: null }, data: { usedAt: now } });
}

async function issueToken(userId: string, purpose: TokenPurpose): Promise<string> {
  const token = randomToken();
  await getDb().userToken.create({
    data: { userId, purpose, tokenHash: hashToken(token), expiresAt: new Date(Date.now() + TOKEN_TTL[purpose]) },
  });
  return token;
}

/** Marks a valid token used (once, even under races) and returns its user; otherwise null. */
async function consumeToken(token: string, purpose: TokenPurpose): Promise<string | null> {
  const db = getDb();
  const tokenHash = hashToken(token);
  const row = await db.userToken.findUnique({ where: { tokenHash } });
  if (!row || row.purpose !== purpose || row.usedAt || row.expiresAt <= new Date()) return null;
  const { count } = await db.userToken.updateMany({ where: { id: row.id, usedAt: null }, data: { usedAt: new Date() } });
  return count === 1 ? row.userId : null;
}

function link(path: string, token: string): string {
  return `${getEnv().APP_URL}${path}?${new URLSearchParams({ token })}`;
}

export async function sendVerificationEmail(userId: string): Promise<void> {
  const db = getDb();
  const user = await db.user.findUnique({ where: { id: userId }, select: { email: true, locale: true, emailVerifiedAt: true } });
  if (!user || user.emailVerifiedAt) return;
  await enforce(`verify:user:${userId}`, limits.verificationPerUser);
  const t = await getTranslator(isLocale(user.locale) ? user.locale : "en");
  const token = await issueToken(userId, "email_verification");
  await sendMail(
    actionMail(t, user.email, {
      subject: t("mail.verify.subject"),
      intro: t("mail.verify.intro", { site: getEnv().SITE_NAME }),
      action: t("mail.verify.action"),
      url: link("/verify-email", token),
      outro: t("mail.verify.outro"),
    }),
  );
}

/**
 * Follows the link in the verification mail. An ADMIN_EMAILS address is not confirmed here: the
 * link proves the inbox, not that the password (maybe chosen by someone who signed up first) is
 * the owner's, so its owner is sent on to choose a new one (a reset link, returned), which ends
 * every other session and only then makes the account an admin (decision 41).
 */
export async function verifyEmail(token: string): Promise<{ userId: string; choosePasswordToken: string | null; alreadyVerified: boolean }> {
  const userId = await consumeToken(token, "email_verification");
  if (!userId) {
    // A link opened again (or late) for an address that is verified: nothing is wrong, say so.
    const verified = await verifiedOwnerOf(token);
    if (verified) return { userId: verified, choosePasswordToken: null, alreadyVerified: true };
    throw new AppError("invalid_token", "auth.verify.invalidLink");
  }
  const db = getDb();
  const user = await db.user.findUniqueOrThrow({ where: { id: userId }, select: { email: true } });
  if (isListedAdmin(user.email)) return { userId, choosePasswordToken: await issueToken(userId, "password_reset"), alreadyVerified: false };
  await db.user.updateMany({ where: { id: userId, emailVerifiedAt: null }, data: { emailVerifiedAt: new Date() } });
  return { userId, choosePasswordToken: null, alreadyVerified: false };
}

/** The owner of a verification token (used or expired) whose address is verified, if any. */
async function verifiedOwnerOf(token: string): Promise<string | null> {
  const row = await getDb().userToken.findUnique({
    where: { tokenHash: hashToken(token) },
    select: { purpose: true, user: { select: { id: true, emailVerifiedAt: true } } },
  });
  return row?.purpose === "email_verification" && row.user.emailVerifiedAt ? row.user.id : null;
}

/** Always answers the same way, so it tells nobody whether an address has an account. */
export async function requestPasswordReset(email: string, client: SessionClient): Promise<void> {
  if (client.ip) await enforce(`reset:ip:${client.ip}`, limits.resetPerIp);
  const user = await getDb().user.findUnique({ where: { email }, select: { id: true, email: true, locale: true } });
  if (!user) return;
  const state = await hit(`reset:account:${email}`, limits.resetPerAccount);
  if (state.limited) return; // silently: a flood of reset mails helps nobody
  const t = await getTranslator(isLocale(user.locale) ? user.locale : "en");
  const token = await issueToken(user.id, "password_reset");
  await sendMail(
    actionMail(t, user.email, {
      subject: t("mail.reset.subject"),
      intro: t("mail.reset.intro"),
      action: t("mail.reset.action"),
      url: link("/reset-password", token),
      outro: t("mail.reset.outro"),
    }),
  );
}

/**
 * Sets a new password from a mailed link and signs the account out everywhere. Having chosen the
 * password from the inbox is what makes an ADMIN_EMAILS address an admin (passwordSetByMailAt).
 */
export async function resetPassword(token: string, password: string): Promise<void> {
  const userId = await consumeToken(token, "password_reset");
  if (!userId) throw new AppError("invalid_token", "auth.reset.invalidLink");
  const db = getDb();
  const now = new Date();
  const passwordHash = await hashPassword(password);
  const [user] = await db.$transaction([
    db.user.update({ where: { id: userId }, data: { passwordHash, passwordSetByMailAt: now }, select: { email: true } }),
    // The link reached the inbox, which proves the address too.
    db.user.updateMany({ where: { id: userId, emailVerifiedAt: null }, data: { emailVerifiedAt: now } }),
    revokeResetLinks(userId, now),
    db.session.deleteMany({ where: { userId } }),
  ]);
  if (isListedAdmin(user.email)) updatePersonFor(userId, { is_admin: true });
}

/** Whether a reset link is still usable (to show the form or say at once that it has expired). */
export async function isResetTokenUsable(token: string): Promise<boolean> {
  const row = await getDb().userToken.findUnique({ where: { tokenHash: hashToken(token) } });
  return Boolean(row && row.purpose === "password_reset" && !row.usedAt && row.expiresAt > new Date());
}

/** Deletes mailed links past their expiry, used or not (periodic housekeeping). */
export async function sweepExpiredTokens(now = new Date()): Promise<number> {
  const { count } = await getDb().userToken.deleteMany({ where: { expiresAt: { lte: now } } });
  return count;
}
