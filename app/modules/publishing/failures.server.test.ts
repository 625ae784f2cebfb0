import { describe, expect, it } from "vitest";
import { ProviderError } from "~/integrations/provider-error";
import { ConnectionUnusable } from "~/modules/connections/access-token.server";
import { MediaUnavailable } from "~/modules/media/media-unavailable";
import { backoff, classify, MAX_ATTEMPTS, RATE_LIMIT_WAIT_MS } from "./failures.server";
import { postStatusOf } from "./outcome.server";

const now = Date.UTC(2026, 10, 22, 12, 0, 0);
const http = (status: number, extra: ConstructorParameters<typeof ProviderError>[3] = {}) =>
  new ProviderError("twitter", "http", `HTTP ${status}`, { status, ...extra });

describe("classifying a failed attempt", () => {
  it("an image gone from the media storage fails at once; a storage that failed is tried again, a bounded number of times", () => {
    expect(classify(new MediaUnavailable("missing", "S3 get u/a.png: no such object"), "prepare", 1, now)).toEqual({
      kind: "fail",
      code: "media_missing",
      message: "S3 get u/a.png: no such object",
    });
    const down = new MediaUnavailable("unavailable", "S3 get u/a.png: no answer (ECONNREFUSED)");
    expect(classify(down, "prepare", 1, now)).toMatchObject({ kind: "retry", code: "media_unavailable" });
    expect(classify(down, "prepare", MAX_ATTEMPTS, now)).toMatchObject({ kind: "fail", code: "media_unavailable" });
  });

  it("waits for the platform's reset on 429", () => {
    const reset = new Date(now + 15 * 60_000);
    const outcome = classify(http(429, { retryAt: reset }), "post", 1, now);
    expect(outcome.kind).toBe("retry");
    if (outcome.kind !== "retry") return;
    expect(outcome.at.getTime()).toBeGreaterThanOrEqual(reset.getTime());
    expect(outcome.at.getTime()).toBeLessThan(reset.getTime() + 3_000);
  });

  it("waits for rate limits only until a day after the post was due, then fails with the platform's reason", () => {
    const dueAt = new Date(now - RATE_LIMIT_WAIT_MS + 10 * 60_000);
    expect(classify(http(429, { retryAt: new Date(now + 5 * 60_000) }), "post", 40, now, dueAt).kind).toBe("retry");
    const tooLate = classify(http(429, { retryAt: new Date(now + 15 * 60_000) }), "post", 40, now, dueAt);
    expect(tooLate).toEqual({ kind: "fail", code: "rate_limited_too_long", message: "HTTP 429" });
    // Without a reset time, the backoff grows until it passes the limit too.
    expect(classify(http(429), "post", 20, now, dueAt).kind).toBe("fail");
  });

  it("retries 5xx and unsent network errors with growing backoff, then gives up", () => {
    const first = classify(http(503), "prepare", 1, now);
    const third = classify(http(503), "prepare", 3, now);
    expect(first.kind).toBe("retry");
    expect(third.kind).toBe("retry");
    if (first.kind === "retry" && third.kind === "retry") expect(third.at.getTime()).toBeGreaterThan(first.at.getTime());
    expect(classify(http(503), "prepare", MAX_ATTEMPTS, now).kind).toBe("fail");
    const refused = new ProviderError("linkedin", "network", "ECONNREFUSED", { sent: false });
    expect(classify(refused, "post", 1, now).kind).toBe("retry");
  });

  it("never blindly retries a create request that may have arrived", () => {
    const timeout = new ProviderError("twitter", "network", "timeout", { sent: true });
    expect(classify(timeout, "post", 1, now).kind).toBe("uncertain");
    expect(classify(http(500), "post", 2, now).kind).toBe("uncertain");
    // The same failure while uploading an image created nothing visible: a plain retry.
    expect(classify(timeout, "prepare", 1, now).kind).toBe("retry");
    expect(classify(timeout, "post", MAX_ATTEMPTS, now)).toMatchObject({ kind: "fail", code: "uncertain" });
  });

  it("asks for a reconnection on 401 and when the connection is unusable", () => {
    expect(classify(http(401), "post", 1, now).kind).toBe("reconnect");
    expect(classify(new ConnectionUnusable("linkedin", "not_connected"), "prepare", 1, now)).toMatchObject({ kind: "reconnect", code: "not_connected" });
  });

  it("fails other 4xx at once with the platform's message and code", () => {
    const duplicate = new ProviderError("twitter", "http", "You are not allowed to create a Tweet with duplicate content.", { status: 403, code: "duplicate" });
    expect(classify(duplicate, "post", 1, now)).toEqual({
      kind: "fail",
      code: "duplicate",
      message: "You are not allowed to create a Tweet with duplicate content.",
    });
  });

  it("backs off about 10 s, 30 s, 90 s…, never beyond 30 minutes, with jitter", () => {
    for (const [attempt, base] of [
      [1, 10_000],
      [2, 30_000],
      [3, 90_000],
      [20, 30 * 60_000],
    ] as const) {
      const wait = backoff(attempt, now).getTime() - now;
      expect(wait).toBeGreaterThanOrEqual(base * 0.8);
      expect(wait).toBeLessThanOrEqual(base * 1.2);
    }
  });
});

describe("a post's status from its deliveries", () => {
  const d = (status: string, attempts = 1) => ({ status, attempts });
  it("is published only when every delivery is", () => {
    expect(postStatusOf([d("published"), d("published")])).toBe("published");
    expect(postStatusOf([d("published"), d("publishing")])).toBe("publishing");
  });
  it("is failed once a delivery failed for good and nothing is still at work", () => {
    expect(postStatusOf([d("published"), d("failed")])).toBe("failed");
    expect(postStatusOf([d("failed"), d("pending", 2)])).toBe("publishing");
    // A sibling not even tried yet (every slot busy) is still to do: not failed yet.
    expect(postStatusOf([d("failed"), d("pending", 0)])).toBe("publishing");
    expect(postStatusOf([d("failed"), d("publishing")])).toBe("publishing");
  });
  it("is scheduled while nothing has been tried, publishing once anything has", () => {
    expect(postStatusOf([d("pending", 0), d("pending", 0)])).toBe("scheduled");
    expect(postStatusOf([d("published"), d("pending", 0)])).toBe("publishing");
  });
});
