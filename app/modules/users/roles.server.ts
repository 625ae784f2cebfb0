import { getEnv } from "~/core/env/env.server";

interface AccountIdentity {
  email: string;
  emailVerifiedAt: Date | null;
  promotedAdmin: boolean;
}

/** Whether the address is one of ADMIN_EMAILS: such an account is an admin once verified, and no admin can demote it. */
export function isListedAdmin(email: string): boolean {
  return getEnv().ADMIN_EMAILS.includes(email.toLowerCase());
}

/**
 * The one rule for admin rights, always on a verified address (anyone may sign up with any
 * address, only its owner can verify it): listed in ADMIN_EMAILS, or promoted by an admin.
 */
export function isAdmin(user: AccountIdentity): boolean {
  return user.emailVerifiedAt !== null && (user.promotedAdmin || isListedAdmin(user.email));
}

export function roleOf(user: AccountIdentity): "admin" | "user" {
  return isAdmin(user) ? "admin" : "user";
}

/** Why an admin is one: "list" (ADMIN_EMAILS) wins over "promotion"; null for a user. */
export function adminSourceOf(user: AccountIdentity): "list" | "promotion" | null {
  if (!isAdmin(user)) return null;
  return isListedAdmin(user.email) ? "list" : "promotion";
}
