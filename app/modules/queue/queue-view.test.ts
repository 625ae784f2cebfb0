import { describe, expect, it } from "vitest";
import { parseQueueDays, QUEUE_DAYS_MAX, QUEUE_DAYS_STEP } from "./queue-view";

describe("parseQueueDays", () => {
  it("reads 14 by default and for anything unreadable, rounds up to a step, and stops at the most", () => {
    expect(parseQueueDays(null)).toBe(QUEUE_DAYS_STEP);
    expect(parseQueueDays("abc")).toBe(QUEUE_DAYS_STEP);
    expect(parseQueueDays("-5")).toBe(QUEUE_DAYS_STEP);
    expect(parseQueueDays("28")).toBe(28);
    expect(parseQueueDays("15")).toBe(28);
    expect(parseQueueDays("10000")).toBe(QUEUE_DAYS_MAX);
  });
});
