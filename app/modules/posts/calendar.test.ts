import { describe, expect, it } from "vitest";
import { dayIndex, localDayKey, localDayStarts, monthGrid, parseMonth, shiftMonth } from "./calendar";
import { utcToLocalParts } from "./schedule-time";

const dates = (weeks: { date: string }[][]) => weeks.map((w) => w.map((d) => d.date));

describe("parseMonth", () => {
  const now = new Date("2026-11-22T23:30:00Z");
  it("keeps a well-formed month", () => {
    expect(parseMonth("2026-02", "Europe/Paris", now)).toBe("2026-02");
  });
  it("falls back to the current month in the user's zone", () => {
    expect(parseMonth(null, "UTC", now)).toBe("2026-11");
    expect(parseMonth(undefined, "Pacific/Auckland", new Date("2026-11-30T12:00:00Z"))).toBe("2026-12");
    for (const bad of ["", "2026-13", "2026-00", "2026-1", "abc", "2026-11-01"]) {
      expect(parseMonth(bad, "America/New_York", new Date("2026-12-01T03:00:00Z"))).toBe("2026-11");
    }
  });
  it("survives an unknown zone by using UTC", () => {
    expect(parseMonth(null, "Mars/Olympus", now)).toBe("2026-11");
  });
});

describe("shiftMonth", () => {
  it("moves across year boundaries both ways", () => {
    expect(shiftMonth("2026-12", 1)).toBe("2027-01");
    expect(shiftMonth("2026-01", -1)).toBe("2025-12");
    expect(shiftMonth("2026-11", 0)).toBe("2026-11");
    expect(shiftMonth("2026-11", 14)).toBe("2028-01");
    expect(shiftMonth("2026-02", -26)).toBe("2023-12");
  });
  it("throws on a malformed month", () => {
    expect(() => shiftMonth("nope", 1)).toThrow(RangeError);
  });
});

describe("monthGrid", () => {
  const now = new Date("2026-06-15T12:00:00Z");

  it("starts November 2026 on Sunday Nov 1 in English", () => {
    const g = monthGrid("2026-11", "UTC", "en", now);
    expect(g.title).toBe("November 2026");
    expect(g.weekdayLabels).toEqual(["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]);
    expect(g.weeks).toHaveLength(5);
    expect(g.weeks[0]?.[0]).toEqual({ date: "2026-11-01", day: 1, inMonth: true, isToday: false });
    expect(g.weeks[4]?.map((d) => d.date)).toEqual(["2026-11-29", "2026-11-30", "2026-12-01", "2026-12-02", "2026-12-03", "2026-12-04", "2026-12-05"]);
    expect(g.weeks[4]?.map((d) => d.inMonth)).toEqual([true, true, false, false, false, false, false]);
  });

  it("starts November 2026 on Monday Oct 26 in French", () => {
    const g = monthGrid("2026-11", "Europe/Paris", "fr", now);
    expect(g.title).toBe("novembre 2026");
    expect(g.weekdayLabels).toEqual(["lun.", "mar.", "mer.", "jeu.", "ven.", "sam.", "dim."]);
    expect(g.weeks).toHaveLength(6);
    expect(g.weeks[0]?.[0]).toEqual({ date: "2026-10-26", day: 26, inMonth: false, isToday: false });
    expect(g.weeks[0]?.[6]?.date).toBe("2026-11-01");
    expect(g.weeks[5]?.[6]?.date).toBe("2026-12-06");
  });

  it("uses six whole weeks when the month needs them", () => {
    // August 2026 starts on a Saturday and has 31 days.
    const g = monthGrid("2026-08", "UTC", "en", now);
    expect(g.weeks).toHaveLength(6);
    expect(g.weeks.every((w) => w.length === 7)).toBe(true);
    expect(g.weeks[0]?.[0]?.date).toBe("2026-07-26");
    expect(g.weeks[5]?.[6]?.date).toBe("2026-09-05");
  });

  it("can be exactly four weeks (February 2026 starts on a Sunday)", () => {
    expect(monthGrid("2026-02", "UTC", "en", now).weeks).toHaveLength(4);
    expect(monthGrid("2026-02", "UTC", "fr", now).weeks).toHaveLength(5);
  });

  it("lists consecutive days across a DST change", () => {
    const all = dates(monthGrid("2026-10", "Europe/Paris", "fr", now).weeks).flat();
    expect(all).toContain("2026-10-25");
    expect(new Set(all).size).toBe(all.length);
    const i = all.indexOf("2026-10-24");
    expect(all.slice(i, i + 4)).toEqual(["2026-10-24", "2026-10-25", "2026-10-26", "2026-10-27"]);
  });

  it("marks today in the user's zone, not in UTC", () => {
    const lateUtc = new Date("2026-11-22T23:30:00Z"); // already Nov 23, 12:30 in Auckland
    const today = (zone: string) =>
      monthGrid("2026-11", zone, "en", lateUtc)
        .weeks.flat()
        .filter((d) => d.isToday)
        .map((d) => d.date);
    expect(today("Pacific/Auckland")).toEqual(["2026-11-23"]);
    expect(today("UTC")).toEqual(["2026-11-22"]);
    expect(today("America/Los_Angeles")).toEqual(["2026-11-22"]);
  });
});

const gridDays = (month: string, zone: string, locale: "en" | "fr") =>
  monthGrid(month, zone, locale)
    .weeks.flat()
    .map((day) => day.date);

describe("localDayStarts", () => {
  it("covers the whole English grid of November 2026 in New York", () => {
    const starts = localDayStarts(gridDays("2026-11", "America/New_York", "en"), "America/New_York");
    expect(starts[0]).toEqual(new Date("2026-11-01T04:00:00Z")); // midnight EDT; the fall-back happens later that night
    expect(starts[1]).toEqual(new Date("2026-11-02T05:00:00Z")); // that day lasted 25 hours
    expect(starts.at(-1)).toEqual(new Date("2026-12-06T05:00:00Z")); // midnight EST after Sat Dec 5
    expect(starts).toHaveLength(35 + 1);
  });

  it("covers the French grid of November 2026 in Paris, which starts the day after the DST change", () => {
    const starts = localDayStarts(gridDays("2026-11", "Europe/Paris", "fr"), "Europe/Paris");
    expect(starts[0]).toEqual(new Date("2026-10-25T23:00:00Z")); // Mon Oct 26 00:00 CET (CEST ended on Oct 25)
    expect(starts.at(-1)).toEqual(new Date("2026-12-06T23:00:00Z")); // Mon Dec 7 00:00 CET
  });

  it("starts a day whose midnight is skipped at its first real time, and falls back to UTC for an unknown zone", () => {
    // Havana skips from 00:00 to 01:00 on 8 March 2026.
    expect(localDayStarts(["2026-03-08"], "America/Havana")[0]).toEqual(new Date("2026-03-08T05:00:00Z"));
    expect(localDayStarts(["2026-11-22"], "Mars/Olympus")).toEqual([new Date("2026-11-22T00:00:00Z"), new Date("2026-11-23T00:00:00Z")]);
    expect(localDayStarts([], "UTC")).toEqual([]);
  });

  it("puts every instant on the same local day as Luxon, around midnights and DST changes", () => {
    const days: string[] = [];
    for (let t = Date.UTC(2026, 0, 1); t < Date.UTC(2027, 0, 1); t += 86_400_000) days.push(new Date(t).toISOString().slice(0, 10));
    for (const zone of [
      "UTC",
      "Europe/Paris",
      "America/New_York",
      "America/Havana",
      "Pacific/Auckland",
      "Asia/Kathmandu",
      "Australia/Lord_Howe",
      "Africa/Casablanca",
    ]) {
      const starts = localDayStarts(days, zone).map((d) => d.getTime());
      const differences: string[] = [];
      // Every quarter hour of the year, placed as the calendar query does: the last start at or before it.
      let day = 0;
      for (let t = starts[0]!; t < starts.at(-1)!; t += 15 * 60_000) {
        while (t >= starts[day + 1]!) day++;
        const at = new Date(t);
        if (days[day] !== utcToLocalParts(at, zone).date) differences.push(`${zone} ${at.toISOString()}`);
      }
      expect(differences).toEqual([]);
    }
  }, 30_000);
});

describe("dayIndex", () => {
  // Paris, across the spring change (29 March 2026 has 23 hours).
  const days = ["2026-03-28", "2026-03-29", "2026-03-30"];
  const bounds = localDayStarts(days, "Europe/Paris").map((start) => start.getTime());
  const at = (iso: string) => Date.parse(iso);

  it("places an instant on the local day that holds it, a day's first instant included", () => {
    expect(dayIndex(bounds, at("2026-03-28T12:00:00Z"))).toBe(0);
    expect(dayIndex(bounds, at("2026-03-28T22:59:59.999Z"))).toBe(0);
    expect(dayIndex(bounds, at("2026-03-28T23:00:00Z"))).toBe(1);
    expect(dayIndex(bounds, at("2026-03-29T21:59:59.999Z"))).toBe(1);
    expect(dayIndex(bounds, at("2026-03-29T22:00:00Z"))).toBe(2);
  });

  it("keeps an instant outside the days on the first or the last", () => {
    expect(dayIndex(bounds, at("2026-03-01T00:00:00Z"))).toBe(0);
    expect(dayIndex(bounds, at("2026-04-30T00:00:00Z"))).toBe(2);
    expect(
      dayIndex(
        localDayStarts(["2026-03-28"], "UTC").map((start) => start.getTime()),
        at("2026-03-28T05:00:00Z"),
      ),
    ).toBe(0);
  });
});

describe("localDayKey", () => {
  it("puts an instant on its local day near midnight", () => {
    const instant = new Date("2026-11-22T23:30:00Z");
    expect(localDayKey(instant, "UTC")).toBe("2026-11-22");
    expect(localDayKey(instant, "Pacific/Auckland")).toBe("2026-11-23");
    expect(localDayKey(new Date("2026-07-01T03:59:00Z"), "America/New_York")).toBe("2026-06-30");
    expect(localDayKey(new Date("2026-07-01T04:00:00Z"), "America/New_York")).toBe("2026-07-01");
    expect(localDayKey(new Date("2026-06-30T21:59:59Z"), "Europe/Paris")).toBe("2026-06-30");
    expect(localDayKey(new Date("2026-06-30T22:00:00Z"), "Europe/Paris")).toBe("2026-07-01");
  });
});
