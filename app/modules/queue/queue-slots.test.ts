import { describe, expect, it } from "vitest";
import { daySlotInstants, freeSlotTimes, isSlotTimeOf, SEARCH_WEEKS, slotInstant, slotsForChannel, type QueueSlotRule } from "./queue-slots";

const PARIS = "Europe/Paris";
const iso = (dates: Date[]) => dates.map((date) => date.toISOString());
const every = (weekday: number, time: string): QueueSlotRule => ({ channelId: null, weekday, time });

describe("slotInstant", () => {
  it("keeps the wall time and takes the first minute after a spring-forward gap", () => {
    expect(new Date(slotInstant("2026-03-29", "02:30", PARIS)!).toISOString()).toBe("2026-03-29T01:00:00.000Z");
    expect(new Date(slotInstant("2026-03-29", "03:15", PARIS)!).toISOString()).toBe("2026-03-29T01:15:00.000Z");
  });

  it("takes the first occurrence of a repeated autumn hour", () => {
    expect(new Date(slotInstant("2026-10-25", "02:30", PARIS)!).toISOString()).toBe("2026-10-25T00:30:00.000Z");
  });

  it("refuses a time that cannot be read", () => {
    expect(slotInstant("2026-03-29", "24:00", PARIS)).toBeNull();
  });
});

describe("freeSlotTimes", () => {
  it("keeps 09:00 on the clock across the March change in Europe/Paris", () => {
    const slots = [every(6, "09:00"), every(7, "09:00"), every(1, "09:00")];
    const times = freeSlotTimes({ slots, channelIds: ["a"], zone: PARIS, now: new Date("2026-03-27T12:00:00Z"), count: 3 });
    expect(iso(times)).toEqual(["2026-03-28T08:00:00.000Z", "2026-03-29T07:00:00.000Z", "2026-03-30T07:00:00.000Z"]);
  });

  it("keeps 09:00 on the clock across the October change", () => {
    const slots = [every(6, "09:00"), every(7, "09:00")];
    const times = freeSlotTimes({ slots, channelIds: ["a"], zone: PARIS, now: new Date("2026-10-23T12:00:00Z"), count: 2 });
    expect(iso(times)).toEqual(["2026-10-24T07:00:00.000Z", "2026-10-25T08:00:00.000Z"]);
  });

  it("moves a slot in the spring gap to 03:00 that day only, and counts it once with a 03:00 slot", () => {
    const slots = [every(7, "02:30"), every(7, "03:00")];
    const times = freeSlotTimes({ slots, channelIds: ["a"], zone: PARIS, now: new Date("2026-03-28T12:00:00Z"), count: 3 });
    expect(iso(times)).toEqual(["2026-03-29T01:00:00.000Z", "2026-04-05T00:30:00.000Z", "2026-04-05T01:00:00.000Z"]);
  });

  it("gives a slot in the repeated autumn hour its first occurrence", () => {
    const times = freeSlotTimes({ slots: [every(7, "02:30")], channelIds: ["a"], zone: PARIS, now: new Date("2026-10-24T12:00:00Z"), count: 1 });
    expect(iso(times)).toEqual(["2026-10-25T00:30:00.000Z"]);
  });

  it("skips times a post already holds on the channel, and only on that channel", () => {
    const slots = [every(1, "09:00"), every(1, "10:00")];
    const now = new Date("2026-06-05T12:00:00Z");
    const taken = [{ channelId: "a", at: new Date("2026-06-08T07:00:00Z") }];
    expect(iso(freeSlotTimes({ slots, channelIds: ["a"], zone: PARIS, now, taken }))).toEqual(["2026-06-08T08:00:00.000Z"]);
    expect(iso(freeSlotTimes({ slots, channelIds: ["b"], zone: PARIS, now, taken }))).toEqual(["2026-06-08T07:00:00.000Z"]);
  });

  it("applies a channel's own slots and every channel's, and fits several channels only where all have a free slot", () => {
    const slots: QueueSlotRule[] = [every(1, "09:00"), { channelId: "a", weekday: 1, time: "10:00" }, { channelId: "b", weekday: 2, time: "11:00" }];
    expect(slotsForChannel(slots, "a").map((slot) => slot.time)).toEqual(["09:00", "10:00"]);
    const now = new Date("2026-06-05T12:00:00Z");
    expect(iso(freeSlotTimes({ slots, channelIds: ["a"], zone: PARIS, now, count: 2 }))).toEqual(["2026-06-08T07:00:00.000Z", "2026-06-08T08:00:00.000Z"]);
    expect(iso(freeSlotTimes({ slots, channelIds: ["b"], zone: PARIS, now, count: 2 }))).toEqual(["2026-06-08T07:00:00.000Z", "2026-06-09T09:00:00.000Z"]);
    const taken = [{ channelId: "b", at: new Date("2026-06-08T07:00:00Z") }];
    expect(iso(freeSlotTimes({ slots, channelIds: ["a", "b"], zone: PARIS, now, taken }))).toEqual(["2026-06-15T07:00:00.000Z"]);
  });

  it("counts only times at least one minute ahead", () => {
    const slots = [every(1, "09:00"), every(1, "09:01")];
    const times = freeSlotTimes({ slots, channelIds: ["a"], zone: PARIS, now: new Date("2026-06-08T06:59:30Z"), count: 1 });
    expect(iso(times)).toEqual(["2026-06-08T07:01:00.000Z"]);
  });

  it(`looks ${SEARCH_WEEKS} weeks ahead and no further`, () => {
    const now = new Date("2026-06-05T12:00:00Z");
    const times = freeSlotTimes({ slots: [every(1, "09:00")], channelIds: ["a"], zone: PARIS, now, count: 60 });
    expect(times).toHaveLength(53);
    expect(times.at(-1)!.getTime() - now.getTime()).toBeLessThan((SEARCH_WEEKS * 7 + 1) * 86_400_000);
    expect(freeSlotTimes({ slots: [{ channelId: "c", weekday: 1, time: "09:00" }], channelIds: ["a"], zone: PARIS, now })).toEqual([]);
  });
});

describe("isSlotTimeOf", () => {
  const slots: QueueSlotRule[] = [every(1, "09:00"), { channelId: "x", weekday: 1, time: "18:30" }, every(7, "02:30")];

  it("is true for a time that is a slot of every channel, across the March change (09:00 both sides)", () => {
    expect(isSlotTimeOf(slots, ["x", "y"], PARIS, new Date("2026-03-23T08:00:00Z"))).toBe(true);
    expect(isSlotTimeOf(slots, ["x", "y"], PARIS, new Date("2026-03-30T07:00:00Z"))).toBe(true);
    expect(isSlotTimeOf(slots, ["x"], PARIS, new Date("2026-03-30T08:00:00Z"))).toBe(false);
  });

  it("is false when one channel lacks the slot, or for no channel", () => {
    expect(isSlotTimeOf(slots, ["x"], PARIS, new Date("2026-03-30T16:30:00Z"))).toBe(true);
    expect(isSlotTimeOf(slots, ["x", "y"], PARIS, new Date("2026-03-30T16:30:00Z"))).toBe(false);
    expect(isSlotTimeOf(slots, [], PARIS, new Date("2026-03-30T07:00:00Z"))).toBe(false);
  });

  it("knows a slot moved out of the spring gap (02:30 is 03:00 that Sunday)", () => {
    expect(isSlotTimeOf(slots, ["y"], PARIS, new Date("2026-03-29T01:00:00Z"))).toBe(true);
  });
});

describe("daySlotInstants", () => {
  it("lists a day's slot instants once each, ascending", () => {
    const slots = [every(7, "03:00"), every(7, "02:30"), every(7, "01:00"), every(1, "09:00")];
    expect(daySlotInstants(slots, "2026-03-29", PARIS).map((ms) => new Date(ms).toISOString())).toEqual([
      "2026-03-29T00:00:00.000Z",
      "2026-03-29T01:00:00.000Z",
    ]);
  });
});
