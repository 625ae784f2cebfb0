import { describe, expect, it } from "vitest";
import { isPublicAddress } from "~/integrations/public-origin.server";
import { normaliseInstance } from "./instance.server";

describe("normaliseInstance", () => {
  it.each([
    ["mastodon.social", "https://mastodon.social"],
    ["  https://Mastodon.Social/  ", "https://mastodon.social"],
    ["@ada@fosstodon.org", "https://fosstodon.org"],
    ["ada@fosstodon.org", "https://fosstodon.org"],
    ["https://social.example:8443", "https://social.example:8443"],
    ["bücher.social", "https://xn--bcher-kva.social"],
  ])("%s → %s", (input, origin) => {
    expect(normaliseInstance(input, [])).toEqual({ ok: true, origin });
  });

  it.each([
    ["http://mastodon.social", "not_https"],
    ["ftp://mastodon.social", "not_https"],
    ["https://mastodon.social/@ada", "has_path"],
    ["https://mastodon.social/?x=1", "has_path"],
    ["https://mastodon.social/#top", "has_path"],
    ["https://user:pass@mastodon.social", "invalid"],
    ["", "invalid"],
    ["not an instance", "invalid"],
    ["localhost", "private_address"],
    ["https://127.0.0.1", "private_address"],
    ["https://[::1]", "private_address"],
    ["10.0.0.5", "private_address"],
    ["169.254.169.254", "private_address"],
    ["192.168.1.10", "private_address"],
    ["intranet", "private_address"],
    ["mastodon.internal", "private_address"],
  ])("refuses %s (%s)", (input, problem) => {
    expect(normaliseInstance(input, [])).toEqual({ ok: false, problem });
  });

  it("lets a configured origin through even over http on loopback (the fakes)", () => {
    expect(normaliseInstance("http://127.0.0.1:4010", ["http://127.0.0.1:4010"])).toEqual({ ok: true, origin: "http://127.0.0.1:4010" });
    expect(normaliseInstance("http://127.0.0.1:4011", ["http://127.0.0.1:4010"])).toEqual({ ok: false, problem: "not_https" });
  });
});

describe("isPublicAddress", () => {
  it.each(["1.1.1.1", "8.8.8.8", "2a01:4f8::1", "172.32.0.1"])("%s is public", (address) => expect(isPublicAddress(address)).toBe(true));
  it.each([
    "127.0.0.1",
    "0.0.0.0",
    "10.1.2.3",
    "172.16.0.1",
    "100.64.0.1",
    "::1",
    "::",
    "fd00::1",
    "fe80::1",
    "::ffff:127.0.0.1",
    "::ffff:10.0.0.1",
    "224.0.0.1",
  ])("%s is not", (address) => expect(isPublicAddress(address)).toBe(false));
});
