import { describe, expect, it } from "vitest";
import { rawBoolean, rawDate, rawNumber } from "./raw-values";

describe("raw values", () => {
  it("reads SQLite's and PostgreSQL's forms alike", () => {
    expect(rawDate("2026-11-03T01:57:09.918+00:00")).toEqual(new Date("2026-11-03T01:57:09.918Z"));
    expect(rawDate(new Date("2026-11-03T01:57:09.918Z"))).toEqual(new Date("2026-11-03T01:57:09.918Z"));
    expect(rawDate(null)).toBeNull();
    expect([rawBoolean(1), rawBoolean(0), rawBoolean(true), rawBoolean(false), rawBoolean(1n)]).toEqual([true, false, true, false, true]);
    expect([rawNumber(3), rawNumber(3n)]).toEqual([3, 3]);
  });
});
