import { describe, expect, it } from "vitest";
import { firstSkippedDay, formatSlotDate, formatSlotTime, gapCandidateDays, skippedDaysBySlot, weekdayNames } from "./slot-notes";

const PARIS = "Europe/Paris";
// Friday 4 June 2027: the next spring-forward day in Paris is Sunday 26 March 2028.
const JUNE_2027 = new Date("2027-06-04T12:00:00Z");
// Wednesday 1 December 2026: the next one is Sunday 28 March 2027.
const DECEMBER_2026 = new Date("2026-12-01T12:00:00Z");

describe("gapCandidateDays", () => {
  it("finds the days around each spring-forward change of the coming year, and none for autumn", () => {
    expect(gapCandidateDays(PARIS, DECEMBER_2026)).toEqual(["2027-03-27", "2027-03-28"]);
    expect(gapCandidateDays(PARIS, JUNE_2027)).toEqual(["2028-03-25", "2028-03-26"]);
  });

  it("finds nothing in a zone without changes, or an unknown one", () => {
    expect(gapCandidateDays("Asia/Tokyo", DECEMBER_2026)).toEqual([]);
    expect(gapCandidateDays("UTC", DECEMBER_2026)).toEqual([]);
    expect(gapCandidateDays("Not/AZone", DECEMBER_2026)).toEqual([]);
  });

  it("finds a gap at midnight (Santiago skips 00:00-01:00 in September)", () => {
    const days = gapCandidateDays("America/Santiago", new Date("2027-06-01T12:00:00Z"));
    expect(days).toContain("2027-09-05");
    expect(firstSkippedDay({ weekday: 7, time: "00:30" }, "America/Santiago", days)).toEqual({ date: "2027-09-05", movedTo: "01:00" });
  });
});

describe("firstSkippedDay", () => {
  const candidates = gapCandidateDays(PARIS, DECEMBER_2026);

  it("names the Sunday whose clock skips 02:30 and the time the slot takes instead", () => {
    expect(firstSkippedDay({ weekday: 7, time: "02:30" }, PARIS, candidates)).toEqual({ date: "2027-03-28", movedTo: "03:00" });
    expect(firstSkippedDay({ weekday: 7, time: "02:00" }, PARIS, candidates)).toEqual({ date: "2027-03-28", movedTo: "03:00" });
  });

  it("says nothing for a time just outside the gap, or another weekday", () => {
    expect(firstSkippedDay({ weekday: 7, time: "01:59" }, PARIS, candidates)).toBeNull();
    expect(firstSkippedDay({ weekday: 7, time: "03:00" }, PARIS, candidates)).toBeNull();
    expect(firstSkippedDay({ weekday: 6, time: "02:30" }, PARIS, candidates)).toBeNull();
  });
});

describe("skippedDaysBySlot", () => {
  it("keeps only the slots that fall in a gap, by id", () => {
    const slots = [
      { id: "a", weekday: 7, time: "02:30" },
      { id: "b", weekday: 7, time: "09:00" },
      { id: "c", weekday: 1, time: "02:30" },
    ];
    expect(skippedDaysBySlot(slots, PARIS, DECEMBER_2026)).toEqual({ a: { date: "2027-03-28", movedTo: "03:00" } });
    expect(skippedDaysBySlot(slots, "Asia/Tokyo", DECEMBER_2026)).toEqual({});
  });

  it("looks a year ahead: the day after a change, the next one is a year away and still found", () => {
    expect(skippedDaysBySlot([{ id: "a", weekday: 7, time: "02:30" }], PARIS, new Date("2027-03-28T12:00:00Z"))).toEqual({
      a: { date: "2028-03-26", movedTo: "03:00" },
    });
  });
});

describe("formatting", () => {
  it("names weekdays Monday first in the reader's language", () => {
    expect(weekdayNames("en")).toEqual(["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]);
    expect(weekdayNames("fr")[0]).toBe("lundi");
  });

  it("writes times and dates as the locale does", () => {
    expect(formatSlotTime("09:00", "fr")).toBe("09:00");
    expect(formatSlotTime("18:30", "en").replace(/\s/g, " ")).toBe("6:30 PM");
    expect(formatSlotDate("2027-03-28", "en")).toBe("March 28, 2027");
    expect(formatSlotDate("2027-03-28", "fr")).toBe("28 mars 2027");
  });
});
