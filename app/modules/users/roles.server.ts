import { getEnv } from "~/modules/env/env.server";

/** Admins are the users whose e-mail is listed in ADMIN_EMAILS: the environment is the only source. */
export function isAdminEmail(email: string): boolean {
  return getEnv().ADMIN_EMAILS.includes(email.toLowerCase());
}

export function roleOf(email: string): "admin" | "user" {
  return isAdminEmail(email) ? "admin" : "user";
}
