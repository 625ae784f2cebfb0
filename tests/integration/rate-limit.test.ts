import { describe, expect, it } from "vitest";
import { getDb } from "~/modules/db/db.server";
import { hit, peek, release, reset } from "~/modules/rate-limit/rate-limit.server";

const rule = { limit: 3, windowMs: 60_000 };
const key = () => `test:${Math.random().toString(36).slice(2)}`;

describe("rate limits", () => {
  it("counts hits within a window and limits past the limit", async () => {
    const k = key();
    const now = new Date("2026-01-01T10:00:00Z");
    expect((await hit(k, rule, now)).limited).toBe(false);
    expect((await hit(k, rule, now)).limited).toBe(false);
    expect((await hit(k, rule, now)).limited).toBe(false);
    const state = await hit(k, rule, new Date(now.getTime() + 10_000));
    expect(state).toMatchObject({ count: 4, limited: true, retryAfterSeconds: 50 });
  });

  it("starts a new window when the old one ends", async () => {
    const k = key();
    const now = new Date("2026-01-01T10:00:00Z");
    for (let i = 0; i < 4; i++) await hit(k, rule, now);
    const later = new Date(now.getTime() + rule.windowMs + 1);
    expect(await peek(k, rule, later)).toMatchObject({ count: 0, limited: false });
    expect(await hit(k, rule, later)).toMatchObject({ count: 1, limited: false });
  });

  it("counts concurrent hits without losing any", async () => {
    const k = key();
    const now = new Date();
    await hit(k, { limit: 100, windowMs: 60_000 }, now);
    await Promise.all(Array.from({ length: 20 }, () => hit(k, { limit: 100, windowMs: 60_000 }, now)));
    expect((await peek(k, { limit: 100, windowMs: 60_000 }, now)).count).toBe(21);
  });

  it("loses no hit when a burst finds the window missing or over", async () => {
    const wide = { limit: 100, windowMs: 60_000 };
    const now = new Date();
    const fresh = key();
    await Promise.all(Array.from({ length: 20 }, () => hit(fresh, wide, now)));
    expect((await peek(fresh, wide, now)).count).toBe(20);

    const expired = key();
    await getDb().rateLimitBucket.create({ data: { key: expired, count: 57, resetAt: new Date(now.getTime() - 1000) } });
    await Promise.all(Array.from({ length: 20 }, () => hit(expired, wide, now)));
    expect((await peek(expired, wide, now)).count).toBe(20);
  });

  it("tells each hit of a burst where it stands: exactly `limit` of them pass", async () => {
    const k = key();
    const burst = { limit: 10, windowMs: 60_000 };
    const states = await Promise.all(Array.from({ length: 30 }, () => hit(k, burst)));
    expect(states.filter((state) => !state.limited)).toHaveLength(10);
    expect(states.map((state) => state.count).sort((a, b) => a - b)).toEqual(Array.from({ length: 30 }, (_, i) => i + 1));
  });

  it("never asks to wait longer than the window, also a hit that began before the one that opened it", async () => {
    const k = key();
    const hour = { limit: 1, windowMs: 60 * 60_000 };
    const opened = new Date("2026-01-01T10:00:00.500Z");
    await hit(k, hour, opened);
    // Of a burst, this request read the clock first and reached the database last.
    const earlier = new Date(opened.getTime() - 500);
    expect(await hit(k, hour, earlier)).toMatchObject({ limited: true, retryAfterSeconds: 3600 });
  });

  it("gives one hit back, never below zero", async () => {
    const k = key();
    await hit(k, rule);
    await hit(k, rule);
    await release(k);
    expect((await peek(k, rule)).count).toBe(1);
    await release(k);
    await release(k);
    expect((await peek(k, rule)).count).toBe(0);
  });

  it("resets a key", async () => {
    const k = key();
    for (let i = 0; i < 5; i++) await hit(k, rule);
    await reset(k);
    expect((await peek(k, rule)).count).toBe(0);
  });
});
