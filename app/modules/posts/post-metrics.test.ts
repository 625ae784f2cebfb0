import { describe, expect, it } from "vitest";
import { partMetrics, sumMetrics, type StoredPartMetrics } from "./post-metrics";

const none = { likes: null, reposts: null, replies: null, quotes: null, impressions: null };
const part = (values: Partial<StoredPartMetrics>): StoredPartMetrics => ({ ...none, metricsFetchedAt: new Date("2026-11-20T10:00:00Z"), ...values });

describe("a target's metrics from its parts", () => {
  it("is null until a part was fetched", () => {
    expect(sumMetrics([{ ...none, metricsFetchedAt: null }])).toBeNull();
    expect(partMetrics({ ...none, metricsFetchedAt: null })).toBeNull();
  });

  it("sums each number over the parts that have it, with the latest fetch time", () => {
    const later = new Date("2026-11-20T11:00:00Z");
    const metrics = sumMetrics([
      part({ likes: 3, reposts: 1, replies: 0, quotes: null, impressions: 100 }),
      part({ likes: 2, reposts: null, replies: 4, quotes: null, impressions: 50, metricsFetchedAt: later }),
    ]);
    expect(metrics).toEqual({ likes: 5, reposts: 1, replies: 4, quotes: null, impressions: 150, fetchedAt: later.toISOString() });
  });

  it("keeps a real 0 apart from not available", () => {
    expect(sumMetrics([part({ likes: 0 })])).toMatchObject({ likes: 0, impressions: null });
  });

  it("leaves out parts never fetched", () => {
    expect(sumMetrics([part({ likes: 1 }), { ...none, likes: 7, metricsFetchedAt: null }])?.likes).toBe(1);
  });
});
