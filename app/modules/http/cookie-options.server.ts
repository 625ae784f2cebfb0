import { getEnv } from "~/core/env/env.server";

/** Options every cookie of ours shares: httpOnly, SameSite=Lax, Secure whenever APP_URL is https. */
export function baseCookieOptions() {
  const env = getEnv();
  return {
    path: "/",
    httpOnly: true,
    sameSite: "lax" as const,
    secure: env.APP_URL.startsWith("https://"),
    secrets: [env.APP_SECRET],
  };
}
