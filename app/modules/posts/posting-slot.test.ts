import { describe, expect, it } from "vitest";
import { localToUtc } from "./schedule-time";
import { nextFreeSlot, usualPostingTimes } from "./posting-slot";

const at = (iso: string) => new Date(iso);
const utcOf = (date: string, time: string, zone: string) => {
  const result = localToUtc(date, time, zone);
  if (!result.ok) throw new Error(`${date} ${time} does not exist in ${zone}`);
  return result.utc;
};

describe("usualPostingTimes", () => {
  it("is 09:00 without any history", () => {
    expect(usualPostingTimes([], "Europe/Paris")).toEqual(["09:00"]);
  });

  it("reads the times on the user's own clock, to the quarter hour, most used first", () => {
    const history = [
      at("2026-03-10T17:40:00Z"), // 18:40 in Paris (winter): 18:30
      at("2026-03-09T07:05:00Z"), // 08:05: 08:00
      at("2026-03-08T07:14:00Z"), // 08:14: 08:00
      at("2026-07-01T06:00:00Z"), // 08:00 in summer (UTC+2): the same habit across DST
    ];
    expect(usualPostingTimes(history, "Europe/Paris")).toEqual(["08:00", "18:30"]);
  });

  it("keeps at most three, the most recent first between equals", () => {
    const history = ["12:00", "10:00", "11:00", "13:00"].map((time) => at(`2026-05-01T${time}:00Z`));
    expect(usualPostingTimes(history, "UTC")).toEqual(["12:00", "10:00", "11:00"]);
  });

  it("leaves out night-time posts: a habit is only learnt in waking hours", () => {
    const history = [at("2026-05-03T02:30:00Z"), at("2026-05-02T02:40:00Z"), at("2026-05-01T18:00:00Z")];
    expect(usualPostingTimes(history, "UTC")).toEqual(["18:00"]);
    expect(usualPostingTimes([at("2026-05-03T23:00:00Z")], "UTC")).toEqual(["09:00"]);
  });

  it("falls back to UTC for a zone it does not know", () => {
    expect(usualPostingTimes([at("2026-05-01T15:20:00Z")], "Mars/Olympus")).toEqual(["15:15"]);
  });
});

describe("nextFreeSlot", () => {
  it("offers today's usual time when it is still comfortably ahead", () => {
    // 07:00 in New York (UTC-4 in June).
    expect(nextFreeSlot({ now: at("2026-06-10T11:00:00Z"), zone: "America/New_York" })).toEqual({ date: "2026-06-10", time: "09:00" });
  });

  it("is never in the past nor too close: tomorrow once today's time has gone or is under 30 minutes away", () => {
    expect(nextFreeSlot({ now: at("2026-06-10T14:00:00Z"), zone: "America/New_York" })).toEqual({ date: "2026-06-11", time: "09:00" });
    // 08:40 local: 09:00 is only 20 minutes away.
    expect(nextFreeSlot({ now: at("2026-06-10T12:40:00Z"), zone: "America/New_York" })).toEqual({ date: "2026-06-11", time: "09:00" });
  });

  it("counts days in the user's zone, not the server's", () => {
    // 23:30 UTC on the 10th is already 08:30 on the 11th in Tokyo: 09:00 is 30 minutes away, still offered.
    expect(nextFreeSlot({ now: at("2026-06-10T23:30:00Z"), zone: "Asia/Tokyo" })).toEqual({ date: "2026-06-11", time: "09:00" });
    // …and 14:00 in Los Angeles on the 10th: tomorrow there.
    expect(nextFreeSlot({ now: at("2026-06-10T21:00:00Z"), zone: "America/Los_Angeles" })).toEqual({ date: "2026-06-11", time: "09:00" });
  });

  it("skips a slot another post holds (within an hour), then takes the next usual time", () => {
    const zone = "Europe/Paris";
    const now = at("2026-06-10T04:00:00Z"); // 06:00 in Paris
    const taken = [utcOf("2026-06-10", "09:30", zone), utcOf("2026-06-11", "08:15", zone)];
    expect(nextFreeSlot({ now, zone, usualTimes: ["09:00", "18:00"], taken })).toEqual({ date: "2026-06-10", time: "18:00" });
    expect(nextFreeSlot({ now, zone, usualTimes: ["09:00"], taken })).toEqual({ date: "2026-06-12", time: "09:00" });
    // An hour apart is free.
    expect(nextFreeSlot({ now, zone, usualTimes: ["09:00"], taken: [utcOf("2026-06-10", "10:00", zone)] })).toEqual({ date: "2026-06-10", time: "09:00" });
  });

  it("never offers a night time, even one the user posted at: 02:30 on the DST nights included", () => {
    const zone = "Europe/Paris";
    // 2026-03-29: 02:00 jumps to 03:00 in Paris; 2026-10-25: 02:00–03:00 happens twice.
    expect(nextFreeSlot({ now: at("2026-03-28T22:00:00Z"), zone, usualTimes: ["02:30"] })).toEqual({ date: "2026-03-29", time: "09:00" });
    expect(nextFreeSlot({ now: at("2026-10-24T22:00:00Z"), zone, usualTimes: ["02:30", "23:45", "06:45"] })).toEqual({ date: "2026-10-25", time: "09:00" });
    // A waking usual time is kept beside a night one.
    expect(nextFreeSlot({ now: at("2026-06-10T04:00:00Z"), zone, usualTimes: ["02:30", "19:15"] })).toEqual({ date: "2026-06-10", time: "19:15" });
  });

  it("offers tomorrow morning, not a night slot, when asked late in the evening", () => {
    // 23:10 in Paris: the next offer is 09:00 the next day, never before 07:00.
    const slot = nextFreeSlot({ now: at("2026-06-10T21:10:00Z"), zone: "Europe/Paris", usualTimes: ["07:00", "21:30"] });
    expect(slot).toEqual({ date: "2026-06-11", time: "07:00" });
  });

  it("uses the day's own offset across a DST change", () => {
    const zone = "America/New_York";
    // The evening before spring forward (2026-03-08), 09:00 the next morning is UTC-4, not UTC-5.
    const slot = nextFreeSlot({ now: at("2026-03-08T02:00:00Z"), zone });
    expect(slot).toEqual({ date: "2026-03-08", time: "09:00" });
    expect(utcOf(slot.date, slot.time, zone).toISOString()).toBe("2026-03-08T13:00:00.000Z");
  });

  it("offers the first time ahead when every slot is taken, never one in the past", () => {
    const now = at("2026-06-10T12:00:00Z");
    const taken = Array.from({ length: 70 }, (_, day) => new Date(Date.UTC(2026, 5, 10 + day, 9)));
    expect(nextFreeSlot({ now, zone: "UTC", taken })).toEqual({ date: "2026-06-11", time: "09:00" });
  });

  it("ignores the order and repeats of the usual times", () => {
    const now = at("2026-06-10T05:00:00Z");
    expect(nextFreeSlot({ now, zone: "UTC", usualTimes: ["17:00", "07:00", "07:00"] })).toEqual({ date: "2026-06-10", time: "07:00" });
  });
});
