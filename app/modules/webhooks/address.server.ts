import { lookup as dnsLookup } from "node:dns/promises";
import { BlockList, isIP } from "node:net";

// Where a webhook may be sent (docs/decisions/0076-webhooks.md): never to this machine or the
// networks behind it (loopback, private, link-local, CGNAT, multicast, reserved), unless
// WEBHOOKS_ALLOW_PRIVATE=true. Every address the name resolves to is checked, and the request then
// connects to the checked address only (pinned), so a second answer cannot swap it.

const refused = new BlockList();
for (const [net, prefix] of [
  ["0.0.0.0", 8],
  ["10.0.0.0", 8],
  ["100.64.0.0", 10],
  ["127.0.0.0", 8],
  ["169.254.0.0", 16],
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["224.0.0.0", 4],
  ["240.0.0.0", 4],
] as const)
  refused.addSubnet(net, prefix, "ipv4");
for (const [net, prefix] of [
  ["::", 128],
  ["::1", 128],
  ["::", 96], // IPv4-compatible (deprecated) forms
  ["64:ff9b::", 96], // NAT64: reaches IPv4 addresses, private ones included
  ["64:ff9b:1::", 48],
  ["100::", 64], // discard
  ["2001:db8::", 32], // documentation
  ["fc00::", 7],
  ["fe80::", 10],
  ["fec0::", 10],
  ["ff00::", 8],
] as const)
  refused.addSubnet(net, prefix, "ipv6");

/** The IPv4 address an IPv4-mapped IPv6 address (::ffff:127.0.0.1, ::ffff:7f00:1) stands for, else null. */
function mappedIpv4(address: string): string | null {
  const lower = address.toLowerCase().replace(/^\[|\]$/g, "");
  const dotted = /^(?:0{0,4}:){0,5}:?ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(lower) ?? /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(lower);
  if (dotted?.[1]) return dotted[1];
  const hex = /^(?:0{0,4}:){0,5}:?ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(lower);
  if (hex?.[1] && hex[2]) {
    const high = parseInt(hex[1], 16);
    const low = parseInt(hex[2], 16);
    return `${high >> 8}.${high & 255}.${low >> 8}.${low & 255}`;
  }
  return null;
}

/** Whether an IP address is one a webhook may not reach (unless private addresses are allowed). */
export function isPrivateAddress(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, "").replace(/%.*$/, "");
  const v4 = mappedIpv4(bare);
  if (v4) return refused.check(v4, "ipv4");
  const family = isIP(bare);
  if (family === 4) return refused.check(bare, "ipv4");
  if (family === 6) return refused.check(bare, "ipv6");
  return true; // not an address at all: refuse
}

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

/** Resolves a name to all its addresses (the system resolver); tests inject their own. */
export type Resolver = (hostname: string) => Promise<ResolvedAddress[]>;

export const systemResolver: Resolver = async (hostname) =>
  (await dnsLookup(hostname, { all: true, verbatim: true })).map((entry) => ({ address: entry.address, family: entry.family === 6 ? 6 : 4 }));

export class AddressRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = "AddressRefused";
  }
}

/**
 * The one address to connect to for `hostname`: an IP literal as it is, a name resolved here. When
 * private addresses are not allowed, EVERY address of the answer must be public (one private
 * answer refuses the whole name), and the first is the one used.
 */
export async function vetAddress(hostname: string, allowPrivate: boolean, resolve: Resolver = systemResolver): Promise<ResolvedAddress> {
  const bare = hostname.replace(/^\[|\]$/g, "");
  const literal = isIP(bare);
  const answers: ResolvedAddress[] = literal ? [{ address: bare, family: literal === 6 ? 6 : 4 }] : await resolve(bare);
  if (answers.length === 0) throw new AddressRefused(`${hostname} has no address`);
  if (!allowPrivate) {
    const bad = answers.find((answer) => isPrivateAddress(answer.address));
    if (bad) throw new AddressRefused(`${hostname} resolves to a private address (${bad.address})`);
  }
  return answers[0]!;
}
