import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mastodonCount, startMastodonFake, type MastodonFake } from "./mastodon-server";

// The Mastodon fake's contract (docs/decisions/0055-mastodon.md), spoken to in raw HTTP as an instance would be.

let fake: MastodonFake;

beforeAll(async () => {
  fake = await startMastodonFake({ limits: { maxCharacters: 30, maxMediaAttachments: 2 }, processingPolls: 1 });
});
afterAll(() => fake.close());

function account() {
  const user = fake.createAccount();
  return { user, token: fake.issueToken(user.id) };
}

async function call(token: string, method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
  const response = await fetch(`${fake.url}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { "content-type": "application/json" } : {}), ...headers },
    body: body ? JSON.stringify(body) : undefined,
  });
  return { status: response.status, headers: response.headers, body: (await response.json()) as any };
}

async function upload(token: string, description?: string) {
  const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: "#fff" } })
    .png()
    .toBuffer();
  const form = new FormData();
  form.append("file", new Blob([new Uint8Array(png)], { type: "image/png" }), "a.png");
  if (description) form.append("description", description);
  const response = await fetch(`${fake.url}/api/v2/media`, { method: "POST", headers: { authorization: `Bearer ${token}` }, body: form });
  return { status: response.status, body: (await response.json()) as any };
}

describe("Mastodon fake", () => {
  it("counts as Mastodon: URLs 23, @user@domain as @user, graphemes", () => {
    expect(mastodonCount(`https://example.com/${"a".repeat(100)}`, 23)).toBe(23);
    expect(mastodonCount("@ada@mastodon.social 👍🏽", 23)).toBe(6);
  });

  it("refuses a status over the instance's limit with Mastodon's 422", async () => {
    const { token } = account();
    const over = await call(token, "POST", "/api/v1/statuses", { status: "x".repeat(31) });
    expect(over).toMatchObject({ status: 422, body: { error: "Validation failed: Text character limit of 30 exceeded" } });
    expect((await call(token, "POST", "/api/v1/statuses", { status: `ok https://example.com/${"a".repeat(60)}` })).status).toBe(200);
  });

  it("answers the same status for the same Idempotency-Key within the hour, whatever the body; posts again after it", async () => {
    const { token, user } = account();
    const first = await call(token, "POST", "/api/v1/statuses", { status: "un" }, { "Idempotency-Key": "k1" });
    const again = await call(token, "POST", "/api/v1/statuses", { status: "deux" }, { "Idempotency-Key": "k1" });
    expect(again.body.id).toBe(first.body.id);
    expect(fake.statusesOf(user.id)).toHaveLength(1);
    fake.advanceClock(3_600_001);
    try {
      const later = await call(token, "POST", "/api/v1/statuses", { status: "un" }, { "Idempotency-Key": "k1" });
      expect(later.body.id).not.toBe(first.body.id);
    } finally {
      fake.advanceClock(-3_600_001);
    }
  });

  it("processes uploads: 202 with url null, 206 while processing, then 200; unprocessed media cannot be attached", async () => {
    const { token } = account();
    const media = await upload(token, "alt");
    expect(media).toMatchObject({ status: 202, body: { url: null, description: "alt" } });
    const early = await call(token, "POST", "/api/v1/statuses", { status: "img", media_ids: [media.body.id] });
    expect(early).toMatchObject({ status: 422, body: { error: "Cannot attach files that have not finished processing. Try again in a moment!" } });
    expect((await call(token, "GET", `/api/v1/media/${media.body.id}`)).status).toBe(206);
    const ready = await call(token, "GET", `/api/v1/media/${media.body.id}`);
    expect(ready.status).toBe(200);
    expect(ready.body.url).toMatch(/^http/);
    const status = await call(token, "POST", "/api/v1/statuses", { status: "img", media_ids: [media.body.id] });
    expect(status.body.media_attachments[0]).toMatchObject({ id: media.body.id, description: "alt" });
  });

  it("answers 404 for a reply to a status that does not exist, 401 for a revoked token, 429 with an ISO reset", async () => {
    const { token } = account();
    expect(await call(token, "POST", "/api/v1/statuses", { status: "r", in_reply_to_id: "1" })).toMatchObject({
      status: 404,
      body: { error: "Record not found" },
    });
    fake.state.limits.statusesPerWindow = 1;
    try {
      const limited = await call(token, "POST", "/api/v1/statuses", { status: "vite" });
      expect(limited.status).toBe(429);
      expect(Date.parse(limited.headers.get("x-ratelimit-reset")!)).toBeGreaterThan(Date.now());
    } finally {
      fake.state.limits.statusesPerWindow = 300;
    }
    fake.revokeToken(token);
    expect(await call(token, "GET", "/api/v1/accounts/verify_credentials")).toMatchObject({ status: 401, body: { error: "The access token is invalid" } });
  });

  it("registers apps only with absolute redirect URIs", async () => {
    const bad = await fetch(`${fake.url}/api/v1/apps`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ client_name: "Plume", redirect_uris: "/callback", scopes: "read" }),
    });
    expect(bad.status).toBe(422);
    expect(await bad.json()).toEqual({ error: "Validation failed: Redirect URI must be an absolute URI." });
  });
});
