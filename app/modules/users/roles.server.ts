import { getEnv } from "~/modules/env/env.server";

interface AccountIdentity {
  email: string;
  emailVerifiedAt: Date | null;
}

/**
 * Admins are the users whose e-mail is listed in ADMIN_EMAILS (the environment is the only source)
 * and proven theirs: anyone may sign up with a listed address, only its owner can verify it.
 */
export function isAdmin(user: AccountIdentity): boolean {
  return user.emailVerifiedAt !== null && getEnv().ADMIN_EMAILS.includes(user.email.toLowerCase());
}

export function roleOf(user: AccountIdentity): "admin" | "user" {
  return isAdmin(user) ? "admin" : "user";
}
