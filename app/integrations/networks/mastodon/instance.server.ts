import { isIP } from "node:net";
import { getEnv } from "~/core/env/env.server";
import { isPublicAddress, assertPublicOrigin } from "~/integrations/public-origin.server";
import { ProviderError } from "~/integrations/provider-error";

// Which Mastodon instance a user names, and whether the server may call it. The address comes from
// the user, so it is a request the server makes on their behalf (SSRF): https only, a host and
// nothing else, never a private, loopback or link-local address (by name or by what the name
// resolves to), except the origins MASTODON_ALLOWED_PRIVATE_ORIGINS lists (the fakes in tests, or
// an instance on the operator's own network).

export type InstanceProblem = "invalid" | "not_https" | "has_path" | "private_address";

export type NormalisedInstance = { ok: true; origin: string } | { ok: false; problem: InstanceProblem };

const allowedOrigins = (): string[] => getEnv().MASTODON_ALLOWED_PRIVATE_ORIGINS;

/**
 * "mastodon.social", "https://Mastodon.Social/", "@ada@mastodon.social" → "https://mastodon.social".
 * Refused: another scheme (http too), a path, query or fragment, credentials, a name that cannot be
 * a public host (localhost, single label, .local/.internal), a private or loopback IP address.
 */
export function normaliseInstance(input: string, allowed: readonly string[] = allowedOrigins()): NormalisedInstance {
  let text = input.trim();
  // An account address names its instance: "@ada@mastodon.social" or "ada@mastodon.social".
  const account = /^@?[a-z0-9_.-]+@([^@/\s]+)$/i.exec(text);
  if (account) text = account[1]!;
  if (!text || /\s/.test(text)) return { ok: false, problem: "invalid" };
  const withScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(text) ? text : `https://${text}`;
  let url: URL;
  try {
    url = new URL(withScheme);
  } catch {
    return { ok: false, problem: "invalid" };
  }
  if (allowed.includes(url.origin) && (url.pathname === "/" || url.pathname === "") && !url.search && !url.hash) return { ok: true, origin: url.origin };
  if (url.protocol !== "https:") return { ok: false, problem: "not_https" };
  if (url.username || url.password || !url.hostname) return { ok: false, problem: "invalid" };
  if (url.pathname !== "/" || url.search || url.hash || withScheme.includes("?") || withScheme.includes("#")) return { ok: false, problem: "has_path" };
  const host = url.hostname.replace(/^\[|\]$/g, "");
  if (isIP(host)) return isPublicAddress(host) ? { ok: true, origin: url.origin } : { ok: false, problem: "private_address" };
  if (host === "localhost" || !host.includes(".") || /\.(localhost|local|internal|lan|home\.arpa)$/.test(host))
    return { ok: false, problem: "private_address" };
  if (!/^[a-z0-9.-]+$/.test(host) || host.startsWith(".") || host.endsWith(".") || host.includes("..")) return { ok: false, problem: "invalid" };
  return { ok: true, origin: url.origin };
}

/**
 * Throws unless the server may call this origin now: a normalised instance whose name resolves only
 * to public addresses (a name pointing at 127.0.0.1 is refused like the address itself).
 */
export async function assertCallableInstance(origin: string): Promise<void> {
  const normalised = normaliseInstance(origin, allowedOrigins());
  if (!normalised.ok || normalised.origin !== origin)
    throw new ProviderError("mastodon", "http", `Not a Mastodon instance Plume may call: ${origin}`, {
      status: 400,
      code: "instance_refused",
      operation: "instance",
    });
  await assertPublicOrigin("mastodon", origin, allowedOrigins());
}
