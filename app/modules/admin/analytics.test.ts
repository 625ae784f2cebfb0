import { describe, expect, it } from "vitest";
import { busiestDay, countByDay, dayWindow, percentile, summarizeDeliveries } from "./analytics";

describe("day window", () => {
  it("is the last 30 days up to today in the time zone", () => {
    // 23:30 UTC on 1 March is already 2 March in Paris.
    const window = dayWindow(new Date("2025-03-01T23:30:00Z"), "Europe/Paris");
    expect(window.days).toHaveLength(30);
    expect(window.days.at(-1)).toBe("2025-03-02");
    expect(window.days[0]).toBe("2025-02-01"); // February has 28 days
    expect(window.start.toISOString()).toBe("2025-01-31T23:00:00.000Z");
    expect(window.end.toISOString()).toBe("2025-03-02T23:00:00.000Z");
  });

  it("has 30 distinct days across a daylight-saving change", () => {
    const window = dayWindow(new Date("2025-04-10T12:00:00Z"), "Europe/Paris");
    expect(new Set(window.days).size).toBe(30);
    expect(window.days).toContain("2025-03-30");
  });

  it("falls back to UTC for an unknown zone", () => {
    expect(dayWindow(new Date("2025-03-01T23:30:00Z"), "Not/AZone").days.at(-1)).toBe("2025-03-01");
  });
});

describe("countByDay", () => {
  it("counts instants on the admin's calendar day and ignores those outside the window", () => {
    const window = dayWindow(new Date("2025-03-02T12:00:00Z"), "America/New_York");
    const counts = countByDay(
      [
        new Date("2025-03-02T03:00:00Z"), // 1 March, 22:00 in New York
        new Date("2025-03-02T06:00:00Z"), // 2 March, 01:00
        new Date("2025-03-02T11:00:00Z"),
        null,
        new Date("2024-12-01T12:00:00Z"),
      ],
      window,
    );
    expect(counts.at(-1)).toBe(2);
    expect(counts.at(-2)).toBe(1);
    expect(counts.reduce((a, b) => a + b, 0)).toBe(3);
  });
});

describe("percentile", () => {
  it("interpolates between ranks", () => {
    expect(percentile([], 0.5)).toBeNull();
    expect(percentile([7], 0.95)).toBe(7);
    expect(percentile([4, 1, 3, 2], 0.5)).toBe(2.5);
    expect(percentile([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 120], 0.95)).toBeCloseTo(19 + 0.05 * 101);
    expect(percentile([10, 0, 20], 1)).toBe(20);
  });
});

describe("summarizeDeliveries", () => {
  const due = new Date("2025-03-01T10:00:00Z");
  const after = (seconds: number) => new Date(due.getTime() + seconds * 1000);

  it("gives each platform its success rate and lateness from when the post was due", () => {
    const [linkedin, twitter] = summarizeDeliveries(
      [
        { platform: "linkedin", status: "published", publishedAt: after(10), dueAt: due },
        { platform: "linkedin", status: "published", publishedAt: after(30), dueAt: due },
        { platform: "linkedin", status: "published", publishedAt: after(-5), dueAt: due },
        { platform: "linkedin", status: "failed", publishedAt: null, dueAt: due },
        { platform: "twitter", status: "failed", publishedAt: null, dueAt: due },
      ],
      ["linkedin", "twitter"],
    );
    expect(linkedin).toMatchObject({ platform: "linkedin", published: 3, failed: 1, successRate: 0.75, latenessP50: 10 });
    expect(linkedin!.latenessP95).toBeCloseTo(28);
    expect(twitter).toMatchObject({ published: 0, failed: 1, successRate: 0, latenessP50: null, latenessP95: null });
  });
});

describe("busiestDay", () => {
  it("is the first day with the most, or none", () => {
    expect(busiestDay(["a", "b", "c"], [1, 3, 3])).toEqual({ day: "b", count: 3 });
    expect(busiestDay(["a", "b"], [0, 0])).toBeNull();
  });
});
