import { describe, expect, it } from "vitest";
import { parseScopes, serializeScopes, tokenPrefix, TOKEN_PATTERN } from "./scopes";

describe("token scopes", () => {
  it("stores scopes in one order without duplicates and drops unknown words when reading", () => {
    expect(serializeScopes(["channels:read", "posts:read", "channels:read"])).toBe("posts:read channels:read");
    expect(parseScopes("posts:read admin channels:read")).toEqual(["posts:read", "channels:read"]);
  });

  it("shows a 12-character prefix that the full token pattern extends", () => {
    const token = `plm_${"a".repeat(43)}`;
    expect(TOKEN_PATTERN.test(token)).toBe(true);
    expect(TOKEN_PATTERN.test(`${token}x`)).toBe(false);
    expect(tokenPrefix(token)).toBe("plm_aaaaaaaa");
  });
});
