import { describe, expect, it } from "vitest";
import { forcedColorModeOf, resolveColorMode } from "./color-mode";

describe("forcedColorModeOf", () => {
  it("takes the deepest route that says", () => {
    expect(forcedColorModeOf([{ handle: { forcedColorMode: "dark" } }, { handle: { title: "x" } }, { handle: { forcedColorMode: "light" } }])).toBe("light");
    expect(forcedColorModeOf([{ handle: { forcedColorMode: "dark" } }, { handle: undefined }])).toBe("dark");
  });

  it("is none when no route forces, and never system", () => {
    expect(forcedColorModeOf([{ handle: { title: "x" } }, {}])).toBeNull();
    expect(forcedColorModeOf([{ handle: { forcedColorMode: "dark" } }, { handle: { forcedColorMode: "system" } }])).toBeNull();
  });
});

describe("resolveColorMode", () => {
  it("a forced mode wins over the preference", () => {
    expect(resolveColorMode("light", "dark")).toBe("light");
    expect(resolveColorMode("dark", "light")).toBe("dark");
    expect(resolveColorMode("dark", null)).toBe("dark");
  });

  it("without one, the preference; system (or nonsense) stays unresolved for the browser", () => {
    expect(resolveColorMode(null, "dark")).toBe("dark");
    expect(resolveColorMode(null, null)).toBeNull();
    expect(resolveColorMode(null, "system")).toBeNull();
    expect(resolveColorMode(null, "purple")).toBeNull();
  });
});
