import { describe, expect, it } from "vitest";
import { newMastodonSendKey, sendKeyTime } from "./send-key";

describe("Mastodon send keys", () => {
  it("are UUIDs version 7 that tell when they were made", () => {
    const at = Date.UTC(2026, 10, 27, 4, 30);
    const key = newMastodonSendKey(at);
    expect(key).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(sendKeyTime(key)).toBe(at);
    expect(newMastodonSendKey(at)).not.toBe(key);
  });

  it("say nothing of when another key was made", () => {
    expect(sendKeyTime("3f1c2a9e-8b7d-4c6e-9f0a-1b2c3d4e5f60")).toBeNull();
    expect(sendKeyTime("3jzfcijpj2z2a")).toBeNull();
  });
});
