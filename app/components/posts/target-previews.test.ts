import { describe, expect, it } from "vitest";
import { initials, shownAvatar } from "./target-previews";

describe("initials", () => {
  it("takes the first and last names' first letters", () => {
    expect(initials("Ada Lovelace")).toBe("AL");
    expect(initials("  grace  brewster murray hopper ")).toBe("GH");
    expect(initials("plume")).toBe("P");
    expect(initials("élodie")).toBe("É");
    expect(initials("")).toBe("?");
  });
});

describe("shownAvatar", () => {
  it("shows the app's own images only (the page's image policy)", () => {
    expect(shownAvatar("/media/abc?w=80")).toBe("/media/abc?w=80");
    expect(shownAvatar("data:image/png;base64,AAAA")).toBe("data:image/png;base64,AAAA");
    expect(shownAvatar("https://media.licdn.com/a.jpg")).toBeNull();
    expect(shownAvatar("//evil.example/a.jpg")).toBeNull();
    expect(shownAvatar(null)).toBeNull();
  });
});
