import { lookup } from "node:dns/promises";
import { isIP } from "node:net";
import { isDemoMode } from "~/core/env/env.server";
import { ProviderError, type ProviderName } from "./provider-error";

// Requests the server makes to an address a user chose (a Mastodon instance, a Bluesky PDS named by
// a user's DID document): that is a request on their behalf (SSRF), so only https on names that
// resolve to public addresses, never a private, loopback or link-local one, except origins the
// operator trusts (configured services, the fakes in tests).

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
 * Throws unless the server may call `origin`: one of `trusted`, or https on a host that is (or
 * resolves only to) public addresses. The answer for a name is kept a minute.
 */
export async function assertPublicOrigin(provider: ProviderName, origin: string, trusted: readonly string[]): Promise<void> {
  if (trusted.includes(origin)) return;
  const refused = (message: string) => new ProviderError(provider, "http", message, { status: 400, code: "origin_refused", operation: "instance" });
  // `npm run demo` promises that nothing leaves the machine: no instance or server a user names.
  if (isDemoMode()) throw refused(`The demonstration calls no address outside this machine: ${origin}`);
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    throw refused(`Not an address Plume may call: ${origin}`);
  }
  if (url.protocol !== "https:" || url.username || url.password || url.origin !== origin) throw refused(`Not an https origin Plume may call: ${origin}`);
  const host = url.hostname.replace(/^\[|\]$/g, "");
  if (isIP(host)) {
    if (!isPublicAddress(host)) throw refused(`${host} is a private address`);
    return;
  }
  if (host === "localhost" || !host.includes(".") || /\.(localhost|local|internal|lan|home\.arpa)$/.test(host)) throw refused(`${host} is a private name`);
  if ((resolved.get(host) ?? 0) > Date.now()) return;
  let addresses: { address: string }[];
  try {
    addresses = await lookup(host, { all: true });
  } catch {
    throw new ProviderError(provider, "network", `${host} does not resolve`, { sent: false, operation: "instance" });
  }
  if (addresses.length === 0 || addresses.some(({ address }) => !isPublicAddress(address))) throw refused(`${host} resolves to a private address`);
  resolved.set(host, Date.now() + RESOLVED_FOR_MS);
}
