import { describe, expect, it } from "vitest";
import { isTid, newTid, TID_PATTERN } from "./tid";

describe("newTid", () => {
  it("makes record keys the PDS accepts, each later than the one before", () => {
    const keys = Array.from({ length: 50 }, () => newTid(Date.UTC(2026, 10, 27)));
    for (const key of keys) expect(key).toMatch(TID_PATTERN);
    expect(new Set(keys).size).toBe(50);
    expect([...keys].sort()).toEqual(keys);
  });

  it("encodes the time: a key made a second later sorts after", () => {
    const a = newTid(Date.UTC(2030, 0, 1), 0);
    const b = newTid(Date.UTC(2030, 0, 1, 0, 0, 1), 0);
    expect(a < b).toBe(true);
  });

  it("tells TIDs from other keys", () => {
    expect(isTid("3jzfcijpj2z2a")).toBe(true);
    expect(isTid("self")).toBe(false);
    expect(isTid("kjzfcijpj2z2a")).toBe(false); // first character past j: the top bit would be set
  });
});
