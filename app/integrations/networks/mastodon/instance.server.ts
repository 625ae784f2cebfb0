import { lookup } from "node:dns/promises";
import { isIP } from "node:net";
import { getEnv } from "~/core/env/env.server";
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

function ipv4Public(address: string): boolean {
  const [a, b] = address.split(".").map(Number) as [number, number, number, number];
  if (a === 0 || a === 10 || a === 127 || a >= 224) return false;
  if (a === 100 && b >= 64 && b <= 127) return false; // carrier-grade NAT
  if (a === 169 && b === 254) return false; // link-local (cloud metadata)
  if (a === 172 && b >= 16 && b <= 31) return false;
  if (a === 192 && (b === 168 || (b === 0 && address.startsWith("192.0.0.")))) return false;
  if (a === 198 && (b === 18 || b === 19)) return false; // benchmarking
  return true;
}

/** Whether an IP address is one on the public internet (not private, loopback, link-local…). */
export function isPublicAddress(address: string): boolean {
  const version = isIP(address);
  if (version === 4) return ipv4Public(address);
  if (version !== 6) return false;
  const lower = address.toLowerCase();
  const mapped = /^(?:0*:)*:?ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(lower) ?? /^::(\d+\.\d+\.\d+\.\d+)$/.exec(lower);
  if (mapped) return ipv4Public(mapped[1]!);
  if (lower === "::" || lower === "::1") return false;
  if (/^f[cd]/.test(lower)) return false; // unique local fc00::/7
  if (/^fe[89ab]/.test(lower)) return false; // link-local fe80::/10
  if (/^ff/.test(lower)) return false; // multicast
  if (/^64:ff9b:/.test(lower)) return false; // NAT64 to anything, private included
  return true;
}

const RESOLVED_FOR_MS = 60_000;
const resolved = new Map<string, number>();

/**
 * Throws unless the server may call this origin now: a normalised instance whose name resolves only
 * to public addresses (a name pointing at 127.0.0.1 is refused like the address itself).
 */
export async function assertCallableInstance(origin: string): Promise<void> {
  if (allowedOrigins().includes(origin)) return;
  const refused = (message: string) => new ProviderError("mastodon", "http", message, { status: 400, code: "instance_refused", operation: "instance" });
  const normalised = normaliseInstance(origin, []);
  if (!normalised.ok || normalised.origin !== origin) throw refused(`Not a Mastodon instance Plume may call: ${origin}`);
  const host = new URL(origin).hostname.replace(/^\[|\]$/g, "");
  if (isIP(host)) return; // checked by normaliseInstance
  if ((resolved.get(host) ?? 0) > Date.now()) return;
  let addresses: { address: string }[];
  try {
    addresses = await lookup(host, { all: true });
  } catch {
    throw new ProviderError("mastodon", "network", `The instance ${host} does not resolve`, { sent: false, operation: "instance" });
  }
  if (addresses.length === 0 || addresses.some(({ address }) => !isPublicAddress(address))) throw refused(`${host} resolves to a private address`);
  resolved.set(host, Date.now() + RESOLVED_FOR_MS);
}
