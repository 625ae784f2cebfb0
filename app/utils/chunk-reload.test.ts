import { describe, expect, it } from "vitest";
import { CHUNK_RELOAD_WINDOW_MS, claimChunkReload, isChunkLoadError } from "./chunk-reload";

function memoryStore(initial: Record<string, string> = {}) {
  const values = new Map(Object.entries(initial));
  return { getItem: (key: string) => values.get(key) ?? null, setItem: (key: string, value: string) => void values.set(key, value) };
}

describe("claimChunkReload", () => {
  it("reloads on a first failure", () => {
    expect(claimChunkReload(memoryStore(), 1_000_000)).toBe(true);
  });

  it("does not reload again within 10 seconds of the last reload", () => {
    const store = memoryStore();
    const start = 1_000_000;
    expect(claimChunkReload(store, start)).toBe(true);
    expect(claimChunkReload(store, start + 1)).toBe(false);
    expect(claimChunkReload(store, start + CHUNK_RELOAD_WINDOW_MS - 1)).toBe(false);
  });

  it("reloads again once 10 seconds have passed, and the window starts over", () => {
    const store = memoryStore();
    const start = 1_000_000;
    claimChunkReload(store, start);
    expect(claimChunkReload(store, start + CHUNK_RELOAD_WINDOW_MS)).toBe(true);
    expect(claimChunkReload(store, start + CHUNK_RELOAD_WINDOW_MS + 5_000)).toBe(false);
  });

  it("a refused reload does not move the window", () => {
    const store = memoryStore();
    const start = 1_000_000;
    claimChunkReload(store, start);
    claimChunkReload(store, start + 9_000);
    expect(claimChunkReload(store, start + 10_000)).toBe(true);
  });

  it("treats an unreadable or future stamp (a clock set back) as no reload yet", () => {
    expect(claimChunkReload(memoryStore({ "plume.chunk-reload.at": "garbage" }), 1_000_000)).toBe(true);
    expect(claimChunkReload(memoryStore({ "plume.chunk-reload.at": "2000000" }), 1_000_000)).toBe(true);
  });
});

describe("isChunkLoadError", () => {
  it.each([
    "Failed to fetch dynamically imported module: http://localhost/assets/x.js",
    "error loading dynamically imported module: http://localhost/assets/x.js",
    "Importing a module script failed.",
    "Unable to preload CSS for /assets/x.css",
  ])("knows %s", (message) => {
    expect(isChunkLoadError(new TypeError(message))).toBe(true);
  });

  it("leaves other errors alone", () => {
    expect(isChunkLoadError(new Error("Cannot read properties of undefined"))).toBe(false);
    expect(isChunkLoadError("Failed to fetch dynamically imported module")).toBe(false);
    expect(isChunkLoadError(null)).toBe(false);
  });
});
