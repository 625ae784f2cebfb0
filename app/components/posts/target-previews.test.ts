import { describe, expect, it } from "vitest";
import { initials } from "./target-previews";

describe("initials", () => {
  it("takes the first and last names' first letters", () => {
    expect(initials("Ada Lovelace")).toBe("AL");
    expect(initials("  grace  brewster murray hopper ")).toBe("GH");
    expect(initials("plume")).toBe("P");
    expect(initials("élodie")).toBe("É");
    expect(initials("")).toBe("?");
  });
});
