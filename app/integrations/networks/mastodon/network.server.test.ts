import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { providerEnv } from "../../../../tests/support/provider-env";
import { ProviderError } from "~/integrations/provider-error";
import { accountOf, mastodonNetwork } from "./network.server";

// What the integration tests (tests/integration/mastodon.test.ts) cannot easily make a fake say.

const http = (status: number, message: string, operation = "post", extra: { code?: string; retryAt?: Date } = {}) =>
  new ProviderError("mastodon", "http", message, { status, operation, ...extra });

describe("mastodonNetwork.classifyError", () => {
  it.each([
    [http(422, "Validation failed: Text character limit of 500 exceeded"), { kind: "permanent", code: "too_long" }],
    [http(422, "Validation failed: Media attachments are invalid"), { kind: "permanent", code: "validation_failed" }],
    [http(422, "Cannot attach files that have not finished processing. Try again in a moment!"), { kind: "retryable", code: "media_processing" }],
    [http(403, "This action is outside the authorized scopes"), { kind: "needs_reconnect", code: "forbidden" }],
    [http(401, "The access token is invalid", "userinfo"), { kind: "needs_reconnect", code: "unauthorized" }],
    [http(404, "Record not found"), { kind: "permanent", code: "parent_not_found" }],
    [http(502, "Bad gateway"), { kind: "uncertain", code: "uncertain" }],
    [http(502, "Bad gateway", "upload"), { kind: "retryable", code: "server_error" }],
    [new ProviderError("mastodon", "network", "reset", { sent: true, operation: "post" }), { kind: "uncertain", code: "uncertain" }],
    [new ProviderError("mastodon", "network", "refused", { sent: false, operation: "post" }), { kind: "retryable", code: "network" }],
  ])("%s", (error, verdict) => {
    expect(mastodonNetwork.classifyError(error, "post")).toEqual(verdict);
  });

  it("429: retryable at the reset the instance gave", () => {
    const retryAt = new Date(Date.now() + 60_000);
    expect(mastodonNetwork.classifyError(http(429, "Too many requests", "post", { retryAt }))).toEqual({ kind: "retryable", code: "rate_limited", retryAt });
  });
});

describe("accountOf", () => {
  const env = providerEnv({
    name: "mastodon-network",
    keys: ["MASTODON_ALLOWED_PRIVATE_ORIGINS"],
    values: () => ({ MASTODON_ALLOWED_PRIVATE_ORIGINS: "http://127.0.0.1:4010" }),
  });
  beforeAll(() => env.configure());
  afterAll(() => env.restore());

  it("reads the instance and the account id from id@host", () => {
    expect(accountOf("109876543210@mastodon.social")).toEqual({ origin: "https://mastodon.social", accountId: "109876543210", host: "mastodon.social" });
    // A fake's origin (allowed over http) is found again from its host.
    expect(accountOf("1@127.0.0.1:4010").origin).toBe("http://127.0.0.1:4010");
    expect(() => accountOf("109876543210")).toThrow();
  });
});
