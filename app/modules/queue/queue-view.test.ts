import { describe, expect, it } from "vitest";
import { monthDates, parseQueueDays, parseQueueFrom, QUEUE_DAYS_MAX, QUEUE_DAYS_STEP } from "./queue-view";

describe("parseQueueDays", () => {
  it("reads 7 by default and for anything unreadable, rounds up to a step, and stops at the most", () => {
    expect(parseQueueDays(null)).toBe(QUEUE_DAYS_STEP);
    expect(parseQueueDays("abc")).toBe(QUEUE_DAYS_STEP);
    expect(parseQueueDays("-5")).toBe(QUEUE_DAYS_STEP);
    expect(parseQueueDays("28")).toBe(28);
    expect(parseQueueDays("15")).toBe(21);
    expect(parseQueueDays("10000")).toBe(QUEUE_DAYS_MAX);
  });
});

describe("parseQueueFrom", () => {
  it("takes a day, and nothing else", () => {
    expect(parseQueueFrom("2027-03-14")).toBe("2027-03-14");
    expect(parseQueueFrom("2027-3-14")).toBeNull();
    expect(parseQueueFrom("2027-13-45")).toBeNull();
    expect(parseQueueFrom(null)).toBeNull();
  });
});

describe("monthDates", () => {
  it("lists every day of the month, leap Februaries included", () => {
    expect(monthDates("2028-02")).toHaveLength(29);
    expect(monthDates("2027-02").at(-1)).toBe("2027-02-28");
    expect(monthDates("2026-11")[0]).toBe("2026-11-01");
  });
});
