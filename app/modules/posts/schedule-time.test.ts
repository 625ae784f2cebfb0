import { describe, expect, it } from "vitest";
import { MIN_LEAD_MS, checkScheduleTime, formatDateTime, isValidTimeZone, localToUtc, startOfLocalDay, utcToLocalParts } from "./schedule-time";

const iso = (d: Date | undefined) => d?.toISOString();

describe("localToUtc", () => {
  it("converts an ordinary summer time", () => {
    const r = localToUtc("2026-07-01", "09:00", "Europe/Paris");
    expect(r).toEqual({ ok: true, utc: new Date("2026-07-01T07:00:00Z"), ambiguous: false, offset: "UTC+02:00" });
  });

  it("handles UTC and negative offsets", () => {
    const utc = localToUtc("2026-01-15", "23:45", "UTC");
    expect(utc.ok && iso(utc.utc)).toBe("2026-01-15T23:45:00.000Z");
    expect(utc.ok && utc.offset).toBe("UTC+00:00");
    const ny = localToUtc("2026-01-15", "23:45", "America/New_York");
    expect(ny.ok && iso(ny.utc)).toBe("2026-01-16T04:45:00.000Z");
    expect(ny.ok && ny.offset).toBe("UTC-05:00");
  });

  it("handles non-whole-hour offsets", () => {
    const r = localToUtc("2026-07-01", "09:00", "Asia/Kolkata");
    expect(r.ok && [iso(r.utc), r.offset]).toEqual(["2026-07-01T03:30:00.000Z", "UTC+05:30"]);
  });

  it.each([
    ["2026-03-29", "02:30", "Europe/Paris"],
    ["2026-03-29", "02:00", "Europe/Paris"],
    ["2026-03-08", "02:30", "America/New_York"],
  ])("rejects %s %s in %s, skipped by spring-forward", (date, time, zone) => {
    expect(localToUtc(date, time, zone)).toEqual({ ok: false, reason: "nonexistent" });
  });

  it("accepts the minutes just around the spring gap", () => {
    const before = localToUtc("2026-03-29", "01:59", "Europe/Paris");
    const after = localToUtc("2026-03-29", "03:00", "Europe/Paris");
    expect(before.ok && [iso(before.utc), before.offset]).toEqual(["2026-03-29T00:59:00.000Z", "UTC+01:00"]);
    expect(after.ok && [iso(after.utc), after.offset, after.ambiguous]).toEqual(["2026-03-29T01:00:00.000Z", "UTC+02:00", false]);
  });

  it("resolves an autumn overlap in Paris to the first (summer-time) occurrence", () => {
    expect(localToUtc("2026-10-25", "02:30", "Europe/Paris")).toEqual({
      ok: true,
      utc: new Date("2026-10-25T00:30:00Z"),
      ambiguous: true,
      offset: "UTC+02:00",
      alternativeUtc: new Date("2026-10-25T01:30:00Z"),
    });
  });

  it("resolves an autumn overlap in New York to the first (EDT) occurrence", () => {
    expect(localToUtc("2026-11-01", "01:30", "America/New_York")).toEqual({
      ok: true,
      utc: new Date("2026-11-01T05:30:00Z"),
      ambiguous: true,
      offset: "UTC-04:00",
      alternativeUtc: new Date("2026-11-01T06:30:00Z"),
    });
  });

  it("is not ambiguous right after the overlap", () => {
    const r = localToUtc("2026-10-25", "03:00", "Europe/Paris");
    expect(r.ok && [iso(r.utc), r.ambiguous, r.alternativeUtc]).toEqual(["2026-10-25T02:00:00.000Z", false, undefined]);
  });

  it.each([
    ["2026-02-30", "10:00"],
    ["2026-13-01", "10:00"],
    ["2026-01-01", "25:00"],
    ["2026-01-01", "24:00"],
    ["2026-01-01", "12:60"],
    ["abc", "10:00"],
    ["2026-01-01", "abc"],
    ["2026-1-1", "9:00"],
    ["", ""],
  ])("rejects malformed input %j %j", (date, time) => {
    expect(localToUtc(date, time, "Europe/Paris")).toEqual({ ok: false, reason: "invalid" });
  });

  it("rejects an unknown zone before looking at the date", () => {
    expect(localToUtc("2026-07-01", "09:00", "Mars/Olympus")).toEqual({ ok: false, reason: "invalid_zone" });
    expect(localToUtc("nope", "09:00", "")).toEqual({ ok: false, reason: "invalid_zone" });
  });
});

describe("isValidTimeZone", () => {
  it("accepts IANA names and rejects the rest", () => {
    expect(isValidTimeZone("Europe/Paris")).toBe(true);
    expect(isValidTimeZone("UTC")).toBe(true);
    expect(isValidTimeZone("Pacific/Auckland")).toBe(true);
    expect(isValidTimeZone("Mars/Olympus")).toBe(false);
    expect(isValidTimeZone("UTC+2")).toBe(false);
    expect(isValidTimeZone("")).toBe(false);
  });
});

describe("checkScheduleTime", () => {
  const now = new Date("2026-07-01T07:00:00Z");
  it("classifies past, too soon and ok", () => {
    expect(checkScheduleTime(new Date(now.getTime() - 1), now)).toBe("past");
    expect(checkScheduleTime(now, now)).toBe("past");
    expect(checkScheduleTime(new Date(now.getTime() + 1), now)).toBe("too_soon");
    expect(checkScheduleTime(new Date(now.getTime() + MIN_LEAD_MS - 1), now)).toBe("too_soon");
    expect(checkScheduleTime(new Date(now.getTime() + MIN_LEAD_MS), now)).toBe("ok");
    expect(checkScheduleTime(new Date("2027-01-01T00:00:00Z"), now)).toBe("ok");
  });
  it("fails closed on an invalid date", () => {
    expect(checkScheduleTime(new Date("garbage"), now)).toBe("past");
  });
});

describe("utcToLocalParts", () => {
  it("gives input values in the user's zone", () => {
    expect(utcToLocalParts(new Date("2026-11-22T23:30:00Z"), "Pacific/Auckland")).toEqual({ date: "2026-11-23", time: "12:30" });
    expect(utcToLocalParts(new Date("2026-07-01T07:00:00Z"), "UTC")).toEqual({ date: "2026-07-01", time: "07:00" });
  });

  it.each([
    ["2026-07-01", "09:00", "Europe/Paris"],
    ["2026-10-25", "02:30", "Europe/Paris"],
    ["2026-11-01", "01:30", "America/New_York"],
    ["2026-12-31", "23:59", "Pacific/Auckland"],
    ["2026-03-08", "03:00", "America/New_York"],
  ])("round-trips %s %s in %s", (date, time, zone) => {
    const r = localToUtc(date, time, zone);
    if (!r.ok) throw new Error(r.reason);
    expect(utcToLocalParts(r.utc, zone)).toEqual({ date, time });
    if (r.alternativeUtc) expect(utcToLocalParts(r.alternativeUtc, zone)).toEqual({ date, time });
  });
});

describe("startOfLocalDay", () => {
  it("is local midnight, the first one when midnight repeats, the first real time when it is skipped", () => {
    expect(iso(startOfLocalDay("2026-07-01", "Europe/Paris"))).toBe("2026-06-30T22:00:00.000Z");
    // Havana falls back from 01:00 to 00:00 on 2026-11-01: midnight happens twice (CDT first).
    expect(iso(startOfLocalDay("2026-11-01", "America/Havana"))).toBe("2026-11-01T04:00:00.000Z");
    // ...and springs forward from 00:00 to 01:00 on 2026-03-08: the day starts at 01:00 CDT.
    expect(iso(startOfLocalDay("2026-03-08", "America/Havana"))).toBe("2026-03-08T05:00:00.000Z");
  });
});

describe("formatDateTime", () => {
  const overlap = new Date("2026-10-25T00:30:00Z");
  it("names the day, the time and the zone's offset in the user's language", () => {
    const en = formatDateTime(overlap, "Europe/Paris", "en");
    expect(en).toMatch(/^Sunday, October 25, 2026.* 2:30\sAM GMT\+2$/);
    const fr = formatDateTime(overlap, "Europe/Paris", "fr");
    expect(fr).toMatch(/^dimanche 25 octobre 2026.* 02:30 UTC\+2$/);
  });
  it("tells the two occurrences of an ambiguous time apart", () => {
    const later = formatDateTime(new Date("2026-10-25T01:30:00Z"), "Europe/Paris", "en");
    expect(later).toMatch(/2:30\sAM GMT\+1$/);
    expect(formatDateTime(new Date("2026-11-01T05:30:00Z"), "America/New_York", "en")).toMatch(/1:30\sAM EDT$/);
    expect(formatDateTime(new Date("2026-11-01T06:30:00Z"), "America/New_York", "en")).toMatch(/1:30\sAM EST$/);
  });
});
