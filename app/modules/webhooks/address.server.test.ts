import { describe, expect, it } from "vitest";
import { AddressRefused, isPrivateAddress, vetAddress, type Resolver } from "./address.server";

describe("isPrivateAddress", () => {
  it.each([
    "127.0.0.1",
    "127.255.0.9",
    "0.0.0.0",
    "10.1.2.3",
    "172.16.0.1",
    "172.31.255.255",
    "192.168.1.1",
    "169.254.169.254",
    "100.64.0.1",
    "100.127.255.254",
    "224.0.0.1",
    "255.255.255.255",
    "::",
    "::1",
    "[::1]",
    "::ffff:127.0.0.1",
    "::ffff:7f00:1",
    "0:0:0:0:0:ffff:7f00:0001",
    "::ffff:10.0.0.1",
    "::ffff:a9fe:a9fe",
    "fc00::1",
    "fd12:3456::1",
    "fe80::1",
    "fe80::1%eth0",
    "ff02::1",
    "64:ff9b::7f00:1",
    "not an address",
  ])("refuses %s", (address) => {
    expect(isPrivateAddress(address)).toBe(true);
  });

  it.each(["93.184.216.34", "8.8.8.8", "100.63.255.255", "100.128.0.1", "172.32.0.1", "2606:4700::1111", "::ffff:8.8.8.8", "2a00:1450:4007::200e"])(
    "allows %s",
    (address) => {
      expect(isPrivateAddress(address)).toBe(false);
    },
  );
});

describe("vetAddress", () => {
  const resolver =
    (answers: Record<string, string[]>): Resolver =>
    async (hostname) =>
      (answers[hostname] ?? []).map((address) => ({ address, family: address.includes(":") ? 6 : 4 }));

  it("refuses a name resolving to loopback, and one with any private address among public ones", async () => {
    const resolve = resolver({ "sneaky.example": ["127.0.0.1"], "mixed.example": ["93.184.216.34", "10.0.0.7"], "six.example": ["::ffff:127.0.0.1"] });
    await expect(vetAddress("sneaky.example", false, resolve)).rejects.toBeInstanceOf(AddressRefused);
    await expect(vetAddress("mixed.example", false, resolve)).rejects.toThrow(/10\.0\.0\.7/);
    await expect(vetAddress("six.example", false, resolve)).rejects.toBeInstanceOf(AddressRefused);
  });

  it("refuses IP literals on loopback, v4 and v6, mapped forms included", async () => {
    for (const host of ["127.0.0.1", "[::1]", "[::ffff:127.0.0.1]", "[::ffff:7f00:1]", "0.0.0.0", "[::]"]) {
      await expect(vetAddress(host, false)).rejects.toBeInstanceOf(AddressRefused);
    }
  });

  it("answers the first public address, and anything when private addresses are allowed", async () => {
    const resolve = resolver({ "ok.example": ["93.184.216.34", "2606:4700::1111"], "local.example": ["127.0.0.1"] });
    await expect(vetAddress("ok.example", false, resolve)).resolves.toEqual({ address: "93.184.216.34", family: 4 });
    await expect(vetAddress("local.example", true, resolve)).resolves.toEqual({ address: "127.0.0.1", family: 4 });
    await expect(vetAddress("nothing.example", true, resolve)).rejects.toBeInstanceOf(AddressRefused);
  });
});
