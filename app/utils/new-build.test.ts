import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { CHECK_INTERVAL_MS, FIRST_CHECK_MS, watchForNewBuild } from "./new-build";

function setup(versions: Array<string | null | Error>) {
  const focusTarget = new EventTarget();
  const fetchVersion = vi.fn(async () => {
    const next = versions.length > 1 ? versions.shift()! : versions[0]!;
    if (next instanceof Error) throw next;
    return next;
  });
  const onNewBuild = vi.fn();
  const stop = watchForNewBuild({ current: "v1", fetchVersion, onNewBuild, focusTarget });
  return { focusTarget, fetchVersion, onNewBuild, stop };
}

describe("watchForNewBuild", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("first checks about a second after start", async () => {
    const { fetchVersion, onNewBuild } = setup(["v2"]);
    await vi.advanceTimersByTimeAsync(FIRST_CHECK_MS - 1);
    expect(fetchVersion).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(fetchVersion).toHaveBeenCalledTimes(1);
    expect(onNewBuild).toHaveBeenCalledWith("v2");
  });

  it("checks again on focus and on the interval, and offers once when the build changes", async () => {
    const { focusTarget, fetchVersion, onNewBuild } = setup(["v1", "v1", "v2"]);
    await vi.advanceTimersByTimeAsync(FIRST_CHECK_MS);
    focusTarget.dispatchEvent(new Event("focus"));
    await vi.advanceTimersByTimeAsync(0);
    expect(fetchVersion).toHaveBeenCalledTimes(2);
    expect(onNewBuild).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(CHECK_INTERVAL_MS);
    expect(fetchVersion).toHaveBeenCalledTimes(3);
    expect(onNewBuild).toHaveBeenCalledTimes(1);
    // Offered: no more checks.
    focusTarget.dispatchEvent(new Event("focus"));
    await vi.advanceTimersByTimeAsync(CHECK_INTERVAL_MS * 2);
    expect(fetchVersion).toHaveBeenCalledTimes(3);
  });

  it("says nothing for the same build, an unknown one (development) or a failed request", async () => {
    const { fetchVersion, onNewBuild } = setup(["v1", null, new Error("offline")]);
    await vi.advanceTimersByTimeAsync(FIRST_CHECK_MS + CHECK_INTERVAL_MS * 3);
    expect(fetchVersion).toHaveBeenCalledTimes(4);
    expect(onNewBuild).not.toHaveBeenCalled();
  });

  it("stops when told", async () => {
    const { focusTarget, fetchVersion, stop } = setup(["v2"]);
    stop();
    focusTarget.dispatchEvent(new Event("focus"));
    await vi.advanceTimersByTimeAsync(CHECK_INTERVAL_MS * 2);
    expect(fetchVersion).not.toHaveBeenCalled();
  });
});
