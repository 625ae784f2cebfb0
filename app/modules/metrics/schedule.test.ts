import { describe, expect, it } from "vitest";
import { fetchBackoff, firstRoundAt, nextRoundAt } from "./schedule";

const published = new Date("2026-11-20T10:00:00Z");
const at = (iso: string) => new Date(iso);

describe("metrics rounds", () => {
  it("fetches first an hour after publishing", () => {
    expect(firstRoundAt(published)).toEqual(at("2026-11-20T11:00:00Z"));
  });

  it("goes on to 24 hours, then 7 days, then stops", () => {
    expect(nextRoundAt(published, at("2026-11-20T11:00:05Z"))).toEqual(at("2026-11-21T10:00:00Z"));
    expect(nextRoundAt(published, at("2026-11-21T10:00:02Z"))).toEqual(at("2026-11-27T10:00:00Z"));
    expect(nextRoundAt(published, at("2026-11-27T10:00:01Z"))).toBeNull();
  });

  it("skips the rounds a stopped job missed rather than fetch twice to catch up", () => {
    expect(nextRoundAt(published, at("2026-11-23T08:00:00Z"))).toEqual(at("2026-11-27T10:00:00Z"));
  });
});

describe("fetch backoff", () => {
  const now = at("2026-11-20T10:00:00Z");
  const minutes = (date: Date) => (date.getTime() - now.getTime()) / 60_000;

  it("doubles from 5 minutes", () => {
    expect([1, 2, 3, 4].map((n) => minutes(fetchBackoff(n, now, () => 0.5)))).toEqual([5, 10, 20, 40]);
  });

  it("never waits more than about 6 hours, nor less than 90% of its step", () => {
    expect(minutes(fetchBackoff(30, now, () => 0.999))).toBeLessThanOrEqual(6 * 60 * 1.1);
    expect(minutes(fetchBackoff(1, now, () => 0))).toBeCloseTo(4.5);
  });
});
