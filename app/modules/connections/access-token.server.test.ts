import { describe, expect, it } from "vitest";
import { keptRefreshToken } from "./access-token.server";

describe("keptRefreshToken", () => {
  it("keeps a non-rotating network's refresh token when the refresh sends none back", () => {
    expect(keptRefreshToken(false, "sealed-old", undefined)).toBe("sealed-old");
  });

  it("drops a rotating network's spent refresh token when none comes back: it would only be refused", () => {
    expect(keptRefreshToken(true, "sealed-old", undefined)).toBeNull();
  });
});
