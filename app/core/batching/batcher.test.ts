import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { batcher } from "./batcher";

describe("batcher", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("gathers the calls made within the delay into one flush, each call answered with its own result", async () => {
    const flush = vi.fn(async (items: number[]) => items.map((n) => n * 10));
    const call = batcher(flush, { delayMs: 50, max: 100 });
    const answers = Promise.all([call(1), call(2), call(3)]);
    expect(flush).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(50);
    expect(await answers).toEqual([10, 20, 30]);
    expect(flush.mock.calls).toEqual([[[1, 2, 3]]]);
  });

  it("flushes at once when `max` calls wait, and starts a new batch after", async () => {
    const flush = vi.fn(async (items: string[]) => items.map((s) => s.toUpperCase()));
    const call = batcher(flush, { delayMs: 1000, max: 2 });
    expect(await Promise.all([call("a"), call("b")])).toEqual(["A", "B"]);
    const late = call("c");
    await vi.advanceTimersByTimeAsync(1000);
    expect(await late).toBe("C");
    expect(flush.mock.calls).toEqual([[["a", "b"]], [["c"]]]);
  });

  it("gives every call of a batch the flush's error", async () => {
    const call = batcher(async () => Promise.reject(new Error("database locked")), { delayMs: 10, max: 10 });
    const answers = [call(1), call(2)].map((p) => p.catch((error: Error) => error.message));
    await vi.advanceTimersByTimeAsync(10);
    expect(await Promise.all(answers)).toEqual(["database locked", "database locked"]);
  });
});
