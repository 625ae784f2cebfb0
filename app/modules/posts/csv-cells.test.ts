import { describe, expect, it } from "vitest";
import { exportFileName, isoInZone, neutraliseCell } from "./csv-cells";

describe("neutraliseCell", () => {
  it.each(["=SUM(A1:A2)", "+33 6 12 34 56 78", "-2+3", "@ada", "\tcmd", "\rcmd"])("puts a ' before a cell a spreadsheet could run: %j", (cell) => {
    expect(neutraliseCell(cell)).toBe(`'${cell}`);
  });

  it("leaves other cells alone, wherever the characters appear later on", () => {
    for (const cell of ["", "Hello", "a=b", "1+1", "Launch - today", "mail ada@example.com", "2026-12-01T09:00:00+01:00", " =not first"]) {
      expect(neutraliseCell(cell)).toBe(cell);
    }
  });

  it("marks a cell that already starts with ' too, so dropping one leading ' always gives the text back", () => {
    expect(neutraliseCell("'tis the season")).toBe("''tis the season");
    for (const cell of ["'=1", "=1", "'tis", "tis", "@ada"]) {
      const written = neutraliseCell(cell);
      expect(written.startsWith("'") ? written.slice(1) : written).toBe(cell);
    }
  });
});

describe("isoInZone", () => {
  it("writes the offset in force at that instant, on both sides of a DST change", () => {
    // Europe/Paris leaves summer time on 2026-10-25 at 03:00 (01:00 UTC).
    expect(isoInZone(new Date("2026-10-24T07:00:00Z"), "Europe/Paris")).toBe("2026-10-24T09:00:00+02:00");
    expect(isoInZone(new Date("2026-12-01T08:00:00.456Z"), "Europe/Paris")).toBe("2026-12-01T09:00:00+01:00");
    expect(isoInZone(new Date("2026-07-01T12:30:00Z"), "America/New_York")).toBe("2026-07-01T08:30:00-04:00");
  });

  it("writes UTC as +00:00, nothing as an empty cell", () => {
    expect(isoInZone(new Date("2026-12-01T09:00:00Z"), "UTC")).toBe("2026-12-01T09:00:00+00:00");
    expect(isoInZone(null, "Europe/Paris")).toBe("");
  });
});

describe("exportFileName", () => {
  it("is named after the user's day, not UTC's", () => {
    const lateEvening = new Date("2026-11-30T23:30:00Z");
    expect(exportFileName(lateEvening, "UTC")).toBe("plume-posts-2026-11-30.csv");
    expect(exportFileName(lateEvening, "Europe/Paris")).toBe("plume-posts-2026-12-01.csv");
  });
});
