import { describe, expect, it } from "vitest";
import { accountLabel, handleLabel } from "./account-label";

describe("accountLabel", () => {
  it("names an X account by name and @handle, a LinkedIn member by name and e-mail", () => {
    expect(accountLabel({ network: "twitter", displayName: "X User 1", handle: "xuser1" })).toBe("X User 1 (@xuser1)");
    expect(accountLabel({ network: "linkedin", displayName: "Member 1", handle: "m1@example.com" })).toBe("Member 1 (m1@example.com)");
  });

  it("falls back to whichever is known", () => {
    expect(accountLabel({ network: "twitter", displayName: "", handle: "xuser1" })).toBe("@xuser1");
    expect(accountLabel({ network: "linkedin", displayName: "Member 1", handle: null })).toBe("Member 1");
    expect(handleLabel({ network: "linkedin", handle: null })).toBeNull();
  });
});
