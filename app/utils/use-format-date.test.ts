import { describe, expect, it } from "vitest";
import { formatterFor } from "./use-format-date";

describe("formatterFor", () => {
  it("keeps one formatter per language, style and zone (each holds ICU memory V8 does not count)", () => {
    expect(formatterFor("en", "date", "UTC")).toBe(formatterFor("en", "date", "UTC"));
    expect(formatterFor("fr", "date", "UTC")).not.toBe(formatterFor("en", "date", "UTC"));
    expect(formatterFor("en", "time", "UTC")).not.toBe(formatterFor("en", "date", "UTC"));
  });

  it("formats in the zone and language it was made for", () => {
    const instant = new Date("2026-01-15T23:30:00Z");
    expect(formatterFor("en", "date", "UTC").format(instant)).toBe("Jan 15, 2026");
    expect(formatterFor("en", "date", "Asia/Tokyo").format(instant)).toBe("Jan 16, 2026");
    expect(formatterFor("fr", "date", "UTC").format(instant)).toBe("15 janv. 2026");
  });
});
