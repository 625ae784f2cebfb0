import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { getEnv } from "~/core/env/env.server";
import { createSession } from "~/modules/auth/session.server";
import { getDb } from "~/modules/db/db.server";
import { trialSubscriptionData } from "~/modules/subscriptions/subscription.server";

let counter = 0;

/** A fresh address for each call, so tests never collide in the shared database. */
export function uniqueEmail(prefix = "user"): string {
  counter += 1;
  return `${prefix}-${Date.now().toString(36)}-${counter}-${Math.random().toString(36).slice(2, 6)}@example.com`;
}

/** A request that carries the given Set-Cookie value back as a Cookie header. */
export function requestWithCookie(setCookie: string, url = "http://localhost:3000/", init: RequestInit = {}): Request {
  const cookie = setCookie.split(";")[0]!;
  const headers = new Headers(init.headers);
  headers.set("Cookie", cookie);
  return new Request(url, { ...init, headers });
}

/** The mails written to DATA_DIR/mail for an address, oldest first, with quoted-printable undone. */
export function mailsTo(email: string): string[] {
  const dir = path.join(getEnv().DATA_DIR, "mail");
  let files: string[] = [];
  try {
    files = readdirSync(dir)
      .filter((f) => f.includes(email))
      .sort();
  } catch {
    return [];
  }
  return files.map((file) =>
    readFileSync(path.join(dir, file), "utf8")
      .replace(/=\r?\n/g, "")
      .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
  );
}

/** The token of the last link to `pathname` mailed to an address. */
export function lastMailedToken(email: string, pathname: string): string {
  const mails = mailsTo(email);
  const mail = mails[mails.length - 1];
  const match = mail?.match(new RegExp(`${pathname.replace("/", "\\/")}\\?token=([A-Za-z0-9_-]+)`));
  if (!match) throw new Error(`No ${pathname} link was mailed to ${email}`);
  return match[1]!;
}

/** A new user with a session: its cookie (name=value) and the session's id. */
export async function signedInUser(prefix: string, options: { trial?: boolean } = {}) {
  const user = await getDb().user.create({
    data: { email: uniqueEmail(prefix), passwordHash: "x", ...(options.trial ? { subscription: { create: trialSubscriptionData() } } : {}) },
  });
  const cookie = (await createSession(user.id)).split(";")[0]!;
  const session = await getDb().session.findFirstOrThrow({ where: { userId: user.id } });
  return { user, cookie, sessionId: session.id };
}

/** The token of the last invitation link (`/invitations/<token>`) mailed to an address. */
export function mailedInvitationToken(email: string): string {
  const match = (mailsTo(email).at(-1) ?? "").match(/\/invitations\/([A-Za-z0-9_-]{20,100})/);
  if (!match) throw new Error(`No invitation was mailed to ${email}`);
  return match[1]!;
}
