import { describe, expect, it } from "vitest";
import { changePassword, limits, requestPasswordReset, resetPassword, sendVerificationEmail, signIn, signUp, verifyEmail } from "~/modules/auth/auth.server";
import { getSessionState } from "~/modules/auth/session.server";
import { getDb } from "~/modules/db/db.server";
import type { AppError } from "~/modules/errors/app-error";
import { lastMailedToken, mailsTo, requestWithCookie, uniqueEmail } from "./helpers";

const client = { ip: "203.0.113.7", userAgent: "vitest" };

async function expectAppError(promise: Promise<unknown>, code: string): Promise<AppError> {
  const error = (await promise.then(
    () => null,
    (e: unknown) => e,
  )) as AppError | null;
  expect(error?.code).toBe(code);
  return error!;
}

async function sessionOf(cookie: string) {
  return getSessionState(requestWithCookie(cookie));
}

describe("sign up", () => {
  it("creates the account with a 14-day pro trial, an argon2id hash and a session", async () => {
    const email = uniqueEmail();
    const before = Date.now();
    const { userId, cookie } = await signUp({ email, password: "password123", timezone: "Europe/Paris", locale: "fr" }, client);

    const user = await getDb().user.findUniqueOrThrow({ where: { id: userId }, include: { subscription: true } });
    expect(user.email).toBe(email);
    expect(user.passwordHash).toMatch(/^\$argon2id\$/);
    expect(user.passwordHash).not.toContain("password123");
    expect(user.timezone).toBe("Europe/Paris");
    expect(user.locale).toBe("fr");
    expect(user.emailVerifiedAt).toBeNull();
    expect(user.subscription).toMatchObject({ plan: "pro", status: "trialing" });
    const trialDays = (user.subscription!.trialEndsAt!.getTime() - before) / 86_400_000;
    expect(trialDays).toBeGreaterThan(13.99);
    expect(trialDays).toBeLessThan(14.01);

    expect(cookie).toMatch(/^plume_session=/);
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    const state = await sessionOf(cookie);
    expect(state.status).toBe("valid");
  });

  it("falls back to UTC for an unknown time zone", async () => {
    const { userId } = await signUp({ email: uniqueEmail(), password: "password123", timezone: "Mars/Olympus", locale: "en" }, client);
    expect((await getDb().user.findUniqueOrThrow({ where: { id: userId } })).timezone).toBe("UTC");
  });

  it("refuses an address that already has an account, and changes nothing", async () => {
    const email = uniqueEmail();
    await signUp({ email, password: "password123", locale: "en" }, client);
    const error = await expectAppError(signUp({ email, password: "another-password", locale: "en" }, client), "email_taken");
    expect(error.status).toBe(409);
    expect(await getDb().user.count({ where: { email } })).toBe(1);
  });

  it("mails a verification link that confirms the address once", async () => {
    const email = uniqueEmail();
    const { userId } = await signUp({ email, password: "password123", locale: "fr" }, client);
    const mail = mailsTo(email)[0]!;
    expect(mail).toContain("Confirmez votre adresse e-mail");
    const token = lastMailedToken(email, "/verify-email");

    await verifyEmail(token);
    expect((await getDb().user.findUniqueOrThrow({ where: { id: userId } })).emailVerifiedAt).not.toBeNull();
    // Opened again: no error, the address is said to be verified already.
    expect(await verifyEmail(token)).toEqual({ userId, choosePasswordToken: null, alreadyVerified: true });
    await expectAppError(verifyEmail(`${token}x`), "invalid_token");
    // Once verified, nothing more is sent.
    await sendVerificationEmail(userId);
    expect(mailsTo(email)).toHaveLength(1);
  });
});

describe("sign in", () => {
  it("signs in with the right password, and refuses a wrong one or an unknown address alike", async () => {
    const email = uniqueEmail();
    await signUp({ email, password: "password123", locale: "en" }, client);
    const { cookie } = await signIn({ email, password: "password123" }, client);
    expect((await sessionOf(cookie)).status).toBe("valid");

    const wrong = await expectAppError(signIn({ email, password: "wrong-password" }, client), "invalid_credentials");
    const unknown = await expectAppError(signIn({ email: uniqueEmail(), password: "password123" }, client), "invalid_credentials");
    expect(wrong.messageKey).toBe(unknown.messageKey);
  });

  it("counts each attempt before checking the password: of 30 parallel wrong guesses, 10 are evaluated", async () => {
    const email = uniqueEmail();
    await signUp({ email, password: "password123", locale: "en" }, client);
    const burst = { ip: "198.51.100.77" };
    const outcomes = await Promise.all(Array.from({ length: 30 }, (_, i) => signIn({ email, password: `wrong-${i}` }, burst).catch((e: AppError) => e.code)));
    expect(outcomes.filter((code) => code === "invalid_credentials")).toHaveLength(limits.signInPerAccountAndIp.limit);
    expect(outcomes.filter((code) => code === "rate_limited")).toHaveLength(30 - limits.signInPerAccountAndIp.limit);
  });

  it("locks an address out of an account after repeated failures, not the owner signing in elsewhere", async () => {
    const email = uniqueEmail();
    await signUp({ email, password: "password123", locale: "en" }, { ip: "198.51.100.10" });
    const attacker = { ip: "198.51.100.66" };
    for (let i = 0; i < limits.signInPerAccountAndIp.limit; i++) {
      await expectAppError(signIn({ email, password: `wrong-${i}` }, attacker), "invalid_credentials");
    }
    const limited = await expectAppError(signIn({ email, password: "password123" }, attacker), "rate_limited");
    expect(limited.status).toBe(429);
    expect(limited.options.retryAfterSeconds).toBeGreaterThan(0);

    // The owner, from another address (a new one, even), is not locked out by someone else's guesses.
    await expect(signIn({ email, password: "password123" }, { ip: "198.51.100.11" })).resolves.toBeTruthy();
  });

  it("caps failures on an account across addresses, except from an address the owner has signed in from", async () => {
    const email = uniqueEmail();
    const home = { ip: "198.51.100.20" };
    await signUp({ email, password: "password123", locale: "en" }, home);
    const { limit } = limits.signInPerAccount;
    const guesses = await Promise.all(
      Array.from({ length: limit + 5 }, (_, i) =>
        signIn({ email, password: `wrong-${i}` }, { ip: `10.${Math.floor(i / 250)}.${i % 250}.1` }).catch((e: AppError) => e.code),
      ),
    );
    expect(guesses.filter((code) => code === "invalid_credentials")).toHaveLength(limit);
    await expectAppError(signIn({ email, password: "password123" }, { ip: "198.51.100.21" }), "rate_limited");
    await expect(signIn({ email, password: "password123" }, home)).resolves.toBeTruthy();
  }, 30_000); // a hundred password checks, on a busy machine

  it("limits attempts per IP address across accounts", async () => {
    const ip = "192.0.2.99";
    for (let i = 0; i < limits.signInPerIp.limit; i++) {
      await expectAppError(signIn({ email: uniqueEmail(), password: "whatever-1" }, { ip }), "invalid_credentials");
    }
    await expectAppError(signIn({ email: uniqueEmail(), password: "whatever-1" }, { ip }), "rate_limited");
    // 51 password hashes (a dummy one for unknown addresses): seconds of CPU on a busy machine.
  }, 30_000);
});

describe("passwords", () => {
  it("changes the password in a new session: the old cookie and every other session end, and reset links die", async () => {
    const email = uniqueEmail();
    const { userId, cookie: first } = await signUp({ email, password: "password123", locale: "en" }, client);
    const { cookie: second } = await signIn({ email, password: "password123" }, client);
    await requestPasswordReset(email, client);
    const resetToken = lastMailedToken(email, "/reset-password");

    await expectAppError(changePassword(userId, { currentPassword: "nope-nope", newPassword: "newpassword1" }, client), "wrong_password");
    const { cookie: rotated } = await changePassword(userId, { currentPassword: "password123", newPassword: "newpassword1" }, client);

    expect((await sessionOf(rotated)).status).toBe("valid");
    expect((await sessionOf(second)).status).toBe("invalid");
    expect((await sessionOf(first)).status).toBe("invalid");
    expect(await getDb().session.count({ where: { userId } })).toBe(1);
    await expectAppError(resetPassword(resetToken, "attacker-password"), "invalid_token");
    await expectAppError(signIn({ email, password: "password123" }, client), "invalid_credentials");
    await expect(signIn({ email, password: "newpassword1" }, client)).resolves.toBeTruthy();
  });

  it("limits wrong current passwords, even when the right one comes next", async () => {
    const email = uniqueEmail();
    const { userId } = await signUp({ email, password: "password123", locale: "en" }, client);
    for (let i = 0; i < limits.passwordChangePerUser.limit; i++) {
      await expectAppError(changePassword(userId, { currentPassword: `guess-${i}-x`, newPassword: "newpassword1" }, client), "wrong_password");
    }
    const limited = await expectAppError(changePassword(userId, { currentPassword: "password123", newPassword: "newpassword1" }, client), "rate_limited");
    expect(limited.status).toBe(429);
    await expect(signIn({ email, password: "password123" }, client)).resolves.toBeTruthy();
  });

  it("resets a forgotten password through a single-use mailed link that signs out everywhere", async () => {
    const email = uniqueEmail();
    const { userId, cookie } = await signUp({ email, password: "password123", locale: "en" }, client);
    await requestPasswordReset(email, client);
    const token = lastMailedToken(email, "/reset-password");

    await requestPasswordReset(email, client);
    const otherLink = lastMailedToken(email, "/reset-password");

    await resetPassword(token, "brand-new-password");
    expect((await sessionOf(cookie)).status).toBe("invalid");
    await expectAppError(resetPassword(otherLink, "another-password"), "invalid_token");
    await expect(signIn({ email, password: "brand-new-password" }, client)).resolves.toBeTruthy();
    await expectAppError(resetPassword(token, "another-password"), "invalid_token");
    // The link also proved the address.
    expect((await getDb().user.findUniqueOrThrow({ where: { id: userId } })).emailVerifiedAt).not.toBeNull();
  });

  it("answers a reset request for an unknown address without sending anything", async () => {
    const email = uniqueEmail();
    await expect(requestPasswordReset(email, client)).resolves.toBeUndefined();
    expect(mailsTo(email)).toHaveLength(0);
  });

  it("refuses an expired reset link", async () => {
    const email = uniqueEmail();
    await signUp({ email, password: "password123", locale: "en" }, client);
    await requestPasswordReset(email, client);
    const token = lastMailedToken(email, "/reset-password");
    await getDb().userToken.updateMany({ where: { purpose: "password_reset", user: { email } }, data: { expiresAt: new Date(Date.now() - 1000) } });
    await expectAppError(resetPassword(token, "brand-new-password"), "invalid_token");
  });
});
