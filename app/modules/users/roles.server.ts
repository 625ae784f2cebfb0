import { getEnv } from "~/core/env/env.server";

interface AccountIdentity {
  email: string;
  emailVerifiedAt: Date | null;
  passwordSetByMailAt: Date | null;
  promotedAdmin: boolean;
}

/** Whether the address is one of ADMIN_EMAILS: such an account is an admin once claimed, and no admin can demote it. */
export function isListedAdmin(email: string): boolean {
  return getEnv().ADMIN_EMAILS.includes(email.toLowerCase());
}

/**
 * The one rule for admin rights, always on a verified address. An ADMIN_EMAILS address counts
 * only once its password was chosen through a link mailed to it: anyone may sign up first with
 * it, and verifying the address proves the inbox, not who holds the password (decision 41).
 * Other accounts are admins when an admin promoted them.
 */
export function isAdmin(user: AccountIdentity): boolean {
  if (user.emailVerifiedAt === null) return false;
  return isListedAdmin(user.email) ? user.passwordSetByMailAt !== null : user.promotedAdmin;
}

export function roleOf(user: AccountIdentity): "admin" | "user" {
  return isAdmin(user) ? "admin" : "user";
}

/** Why an admin is one: "list" (ADMIN_EMAILS) or "promotion"; null for a user. */
export function adminSourceOf(user: AccountIdentity): "list" | "promotion" | null {
  if (!isAdmin(user)) return null;
  return isListedAdmin(user.email) ? "list" : "promotion";
}
