import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { TOAST_LIMIT, TOAST_REMOVE_DELAY_MS } from "./toast";
import { createToastQueue } from "./toast-queue";

describe("toast queue", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("keeps the toasts in order, with the product's defaults", () => {
    const queue = createToastQueue();
    queue.add({ id: "a", title: "A" });
    queue.add({ id: "b", title: "B", color: "success", duration: 0, actions: [{ label: "View", href: "/posts" }] });
    expect(queue.snapshot().map((t) => t.id)).toEqual(["a", "b"]);
    expect(queue.snapshot()[0]).toMatchObject({ open: true, color: "info", close: true, actions: [] });
    expect(queue.snapshot()[1]).toMatchObject({ duration: 0, actions: [{ label: "View", href: "/posts" }] });
  });

  it(`shows at most ${TOAST_LIMIT}: the oldest is dropped`, () => {
    const queue = createToastQueue();
    for (let i = 1; i <= 7; i++) queue.add({ id: `t${i}`, title: `Toast ${i}` });
    expect(queue.snapshot().map((t) => t.id)).toEqual(["t3", "t4", "t5", "t6", "t7"]);
  });

  it("adds the same toast once (a flash seen again on a re-render)", () => {
    const queue = createToastQueue();
    queue.add({ id: "a", title: "A" });
    queue.add({ id: "a", title: "A" });
    expect(queue.snapshot()).toHaveLength(1);
  });

  it(`closes first, then removes ${TOAST_REMOVE_DELAY_MS} ms later`, () => {
    const queue = createToastQueue();
    const listener = vi.fn();
    queue.subscribe(listener);
    queue.add({ id: "a", title: "A" });
    queue.add({ id: "b", title: "B" });
    queue.dismiss("a");
    expect(queue.snapshot().find((t) => t.id === "a")?.open).toBe(false);
    vi.advanceTimersByTime(TOAST_REMOVE_DELAY_MS - 1);
    expect(queue.snapshot().map((t) => t.id)).toEqual(["a", "b"]);
    vi.advanceTimersByTime(1);
    expect(queue.snapshot().map((t) => t.id)).toEqual(["b"]);
    expect(listener).toHaveBeenCalledTimes(4);
  });

  it("refuses an action that leaves the site", () => {
    const queue = createToastQueue();
    expect(() => queue.add({ title: "A", actions: [{ label: "Go", href: "//evil.example" }] })).toThrow();
    // Browsers read /\evil.example as //evil.example.
    expect(() => queue.add({ title: "A", actions: [{ label: "Go", href: "/\\evil.example" }] })).toThrow();
    expect(() => queue.add({ title: "A", actions: [{ label: "Go", formAction: "https://evil.example/x" }] })).toThrow();
  });
});
