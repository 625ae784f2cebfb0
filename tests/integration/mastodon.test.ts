import { createHash, randomBytes } from "node:crypto";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resetEnvCache } from "~/core/env/env.server";
import { createMastodonNetwork, MASTODON_TOKEN_LIFETIME_S } from "~/integrations/networks/mastodon/network.server";
import { newMastodonSendKey } from "~/integrations/networks/mastodon/send-key";
import { mastodonLength } from "~/integrations/networks/mastodon/text";
import type { PartImage, PartToSend, PublishContext } from "~/integrations/networks/types";
import { isProviderError, type ProviderError } from "~/integrations/provider-error";
import { followConsent, mastodonCount, startMastodonFake, type MastodonFake } from "../fakes/mastodon-server";

// The Mastodon module against two fake instances with different limits (docs/decisions/0055-mastodon.md):
// what it publishes is read back from each fake. No database: the SQLite project only.

const mastodon = createMastodonNetwork({ mediaPollMs: 10, mediaWaitMs: 2_000 });
const instances = mastodon.instances!;
const REDIRECT = "http://localhost:3000/channels/mastodon/callback";
let small: MastodonFake; // 500 characters, 4 images; uploads processed in the background
let large: MastodonFake; // 1,000 characters, 2 images, processed at once
const saved = process.env.MASTODON_ALLOWED_PRIVATE_ORIGINS;

/** Connects a new account of this instance the way the app will: register, consent, exchange, whoami. */
async function connect(fake: MastodonFake): Promise<PublishContext> {
  const account = fake.createAccount();
  fake.signIn(account.id);
  const app = await instances.registerApp(fake.url, { redirectUri: REDIRECT });
  const oauth = instances.oauth(fake.url, app);
  const verifier = randomBytes(32).toString("base64url");
  const authorize = oauth.authorizeUrl({ redirectUri: REDIRECT, state: "st4te", codeChallenge: createHash("sha256").update(verifier).digest("base64url") });
  const back = await followConsent(authorize, "Allow");
  const tokens = await oauth.exchangeCode({ code: back.searchParams.get("code")!, redirectUri: REDIRECT, codeVerifier: verifier });
  const who = await oauth.whoami(tokens.accessToken);
  return { accessToken: tokens.accessToken, providerUserId: who.providerUserId, handle: who.handle };
}

const part = (text: string, position: number, parent: string | null, extra: Partial<PartToSend> = {}): PartToSend => ({
  text,
  images: [],
  position,
  parent,
  ...extra,
});

async function png(altText: string, side = 64): Promise<PartImage> {
  const bytes = await sharp({ create: { width: side, height: side, channels: 3, background: { r: 200, g: 80, b: 40 } } })
    .png()
    .toBuffer();
  return { bytes: new Uint8Array(bytes), mimeType: "image/png", width: side, height: side, altText };
}

async function failure(promise: Promise<unknown>): Promise<ProviderError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(isProviderError(error)).toBe(true);
  return error as ProviderError;
}

const posts = (fake: MastodonFake) => fake.state.requests.filter((r) => r.method === "POST" && r.path === "/api/v1/statuses").length;

describe.skipIf(process.env.TEST_DATABASE === "postgres")("Mastodon on two instances", () => {
  beforeAll(async () => {
    small = await startMastodonFake({ limits: { maxCharacters: 500, maxMediaAttachments: 4, imageSizeLimit: 2_000_000 }, processingPolls: 2 });
    large = await startMastodonFake({ limits: { maxCharacters: 1000, maxMediaAttachments: 2, imageSizeLimit: 1_000_000 }, hasV2Instance: false });
    process.env.MASTODON_ALLOWED_PRIVATE_ORIGINS = `${small.url},${large.url}`;
    resetEnvCache();
  });

  afterAll(async () => {
    await small?.close();
    await large?.close();
    if (saved === undefined) delete process.env.MASTODON_ALLOWED_PRIVATE_ORIGINS;
    else process.env.MASTODON_ALLOWED_PRIVATE_ORIGINS = saved;
    resetEnvCache();
  });

  it("connects by instance: registers Plume there, OAuth with PKCE, tokens that never expire, the account as id@host", async () => {
    const ctx = await connect(small);
    const host = new URL(small.url).host;
    const account = [...small.state.accounts.values()].at(-1)!;
    expect(ctx).toMatchObject({ providerUserId: `${account.id}@${host}`, handle: `${account.username}@${host}` });
    const app = [...small.state.apps.values()].at(-1)!;
    expect(app).toMatchObject({ name: "Plume", redirectUris: [REDIRECT], scopes: ["write:statuses", "write:media", "read:accounts", "read:statuses"] });
    expect(instances.tokensExpire).toBe(false);
    const tokens = small.state.tokens.get(ctx.accessToken)!;
    expect(tokens.scopes).toEqual(["write:statuses", "write:media", "read:accounts", "read:statuses"]);
    // No refresh: asking for one says to reconnect.
    const oauth = instances.oauth(small.url, { clientId: app.clientId, clientSecret: app.clientSecret, redirectUri: REDIRECT, scopes: "" });
    expect(mastodon.classifyError(await failure(oauth.refresh("none")))).toEqual({ kind: "needs_reconnect", code: "unauthorized" });
    expect(MASTODON_TOKEN_LIFETIME_S).toBeGreaterThan(365 * 24 * 3600);
  });

  it("refuses an instance it may not call, before any request", async () => {
    expect(instances.normaliseInstance("http://10.0.0.1")).toEqual({ ok: false, problem: "not_https" });
    expect(instances.normaliseInstance(small.url)).toEqual({ ok: true, origin: small.url });
    const refused = await failure(instances.registerApp("https://127.0.0.1", { redirectUri: REDIRECT }));
    expect(mastodon.classifyError(refused)).toEqual({ kind: "permanent", code: "instance_refused" });
    // A wrong code at the exchange: OAuth's invalid_grant, permanent.
    const app = await instances.registerApp(large.url, { redirectUri: REDIRECT });
    const wrong = await failure(instances.oauth(large.url, app).exchangeCode({ code: "nope", redirectUri: REDIRECT }));
    expect(wrong.details).toMatchObject({ status: 400, code: "invalid_grant" });
  });

  it("reads each instance's limits (v2, or v1 before Mastodon 4)", async () => {
    expect((await instances.networkFor(small.url)).limits).toMatchObject({ maxChars: 500, maxImagesPerPart: 4, maxImageBytes: 2_000_000 });
    const onLarge = await instances.networkFor(large.url);
    expect(onLarge.limits).toMatchObject({ maxChars: 1000, maxImagesPerPart: 2, maxImageBytes: 1_000_000 });
    expect(onLarge.checkText("é".repeat(1000)).fits).toBe(true);
    expect(large.state.requests.some((r) => r.path === "/api/v1/instance")).toBe(true);
  });

  it("counts as the instance does", () => {
    for (const text of [
      `Lire https://example.com/${"a".repeat(80)} et (https://x.io/b).`,
      "Merci @ada@very.long.instance.example.org et @bob !",
      "👍🏽🇫🇷 café e\u0301 ada@example.org plume.example",
    ])
      expect(mastodonLength(text)).toBe(mastodonCount(text, 23));
  });

  it.each([
    ["small", () => small],
    ["large", () => large],
  ])("publishes a 3-part thread with an image and alt text on each part (%s instance)", async (_name, fakeOf) => {
    const fake = fakeOf();
    const ctx = await connect(fake);
    const keys = [mastodon.newSendKey!(), mastodon.newSendKey!(), mastodon.newSendKey!()];
    const texts = ["Premier message du fil, avec https://plume.example/guide", "Deuxième 👍🏽", "Troisième et dernier, merci @ada@mastodon.social"];
    const first = await mastodon.publishPart(ctx, part(texts[0]!, 1, null, { images: [await png("Un carré orange")], sendKey: keys[0] }));
    const second = await mastodon.publishPart(ctx, part(texts[1]!, 2, first.externalId, { images: [await png("Deuxième image")], sendKey: keys[1] }));
    const third = await mastodon.publishPart(ctx, part(texts[2]!, 3, second.externalId, { images: [await png("Troisième image")], sendKey: keys[2] }));

    const account = fake.state.accounts.get(ctx.providerUserId.split("@")[0]!)!;
    const statuses = fake.statusesOf(account.id);
    expect(statuses.map((s) => s.id)).toEqual([first.externalId, second.externalId, third.externalId]);
    expect(statuses.map((s) => s.text)).toEqual(texts);
    expect(statuses.map((s) => s.inReplyToId)).toEqual([null, first.externalId, second.externalId]);
    expect(statuses.map((s) => s.idempotencyKey)).toEqual(keys);
    expect(statuses.every((s) => s.visibility === "public" && s.applicationName === "Plume")).toBe(true);
    expect(statuses.map((s) => fake.state.media.get(s.mediaIds[0]!)!.description)).toEqual(["Un carré orange", "Deuxième image", "Troisième image"]);
    expect(first.url).toBe(`${fake.url}/@${account.username}/${first.externalId}`);
    // The small instance processes uploads in the background (202): the module waited for each.
    const polls = fake.state.requests.filter((r) => r.method === "GET" && r.path.startsWith("/api/v1/media/")).length;
    if (fake === small) expect(polls).toBeGreaterThanOrEqual(6);
    else expect(polls).toBe(0);
  });

  it("over an instance's limit: refused by our own check before any upload or post; the larger instance takes it", async () => {
    const text = `${"Un texte assez long. ".repeat(30)}https://example.com/${"p".repeat(300)}`;
    expect(mastodonLength(text)).toBeGreaterThan(500);
    expect(mastodonLength(text)).toBeLessThanOrEqual(1000);
    const onSmall = await connect(small);
    const before = small.state.requests.length;
    const error = await failure(mastodon.publishPart(onSmall, part(text, 1, null, { images: [await png("x")], sendKey: mastodon.newSendKey!() })));
    expect(mastodon.classifyError(error)).toEqual({ kind: "permanent", code: "too_long" });
    expect(small.state.requests.slice(before).filter((r) => r.method === "POST")).toEqual([]);

    const onLarge = await connect(large);
    const done = await mastodon.publishPart(onLarge, part(text, 1, null, { sendKey: mastodon.newSendKey!() }));
    expect(large.statusesOf().find((s) => s.id === done.externalId)?.text).toBe(text);
    // And the fake itself refuses what is over, as Mastodon does (422).
    const tooMany = await failure(mastodon.publishPart(onLarge, part("trois images", 1, null, { images: [await png("a"), await png("b"), await png("c")] })));
    expect(mastodon.classifyError(tooMany)).toEqual({ kind: "permanent", code: "too_many_images" });
  });

  it("a resend after a dropped answer, within the hour, publishes once (same Idempotency-Key)", async () => {
    const ctx = await connect(large);
    const sendKey = mastodon.newSendKey!();
    const toSend = part("Une seule fois, même après une réponse perdue.", 1, null, { sendKey });
    const sentAt = new Date();
    large.dropConnectionAfterHandling("POST /api/v1/statuses");
    const lost = await failure(mastodon.publishPart(ctx, toSend));
    expect(mastodon.classifyError(lost, "post")).toEqual({ kind: "uncertain", code: "uncertain" });
    expect(mastodon.reconciliation(1)).toBe("lookup");
    // Within the hour the key settles it: "absent" means sending (again, with the key) is safe.
    expect(await mastodon.reconcilePart(ctx, toSend, { sentAt, parent: null })).toEqual({ outcome: "absent" });
    const postsBefore = posts(large);
    const again = await mastodon.publishPart(ctx, toSend, { afterUncertain: { sentAt } });
    expect(posts(large)).toBe(postsBefore + 1);
    const same = large.statusesOf().filter((s) => s.text === toSend.text);
    expect(same).toHaveLength(1);
    expect(again.externalId).toBe(same[0]!.id);
  });

  it("past the key's hour: the lookup reads the account's statuses since the key was made, not only since the last attempt", async () => {
    const ctx = await connect(small);
    const parentStatus = await mastodon.publishPart(ctx, part("Le début du fil.", 1, null, { sendKey: mastodon.newSendKey!() }));
    const minute = 60_000;
    // Attempt 1, 55 minutes ago (the key made then): the status was created, its answer lost.
    const toSend = part("La suite, perdue en route.", 2, parentStatus.externalId, { sendKey: newMastodonSendKey(Date.now() - 55 * minute) });
    small.advanceClock(-50 * minute);
    small.dropConnectionAfterHandling("POST /api/v1/statuses");
    await failure(mastodon.publishPart(ctx, toSend));
    // The instance's clock now: two hours after that success, the key is forgotten.
    small.advanceClock(50 * minute + 70 * minute);
    try {
      // Attempt 2, 10 minutes ago, failed before reaching the instance; sentAt moved to it.
      const sentAt = new Date(Date.now() - 10 * minute);
      const found = await mastodon.reconcilePart(ctx, toSend, { sentAt, parent: parentStatus.externalId });
      const stored = small.statusesOf().filter((s) => s.text === toSend.text);
      expect(stored).toHaveLength(1);
      expect(found).toEqual({ outcome: "found", externalId: stored[0]!.id, url: expect.stringContaining(`/${stored[0]!.id}`) });
      // Another text, or the same text under another parent: absent.
      const other = part("Jamais partie.", 2, parentStatus.externalId, { sendKey: newMastodonSendKey(Date.now() - 55 * minute) });
      expect(await mastodon.reconcilePart(ctx, other, { sentAt, parent: parentStatus.externalId })).toEqual({ outcome: "absent" });
      expect(await mastodon.reconcilePart(ctx, { ...toSend, parent: "1" }, { sentAt, parent: "1" })).toEqual({ outcome: "absent" });
      // Why not resend: the instance forgot the key, a resend posts it a second time.
      await mastodon.publishPart(ctx, toSend);
      expect(small.statusesOf().filter((s) => s.text === toSend.text)).toHaveLength(2);
    } finally {
      small.advanceClock(-70 * minute);
    }
  });

  it("a revoked token: needs reconnect", async () => {
    const ctx = await connect(large);
    large.revokeToken(ctx.accessToken);
    const error = await failure(mastodon.publishPart(ctx, part("Après révocation", 1, null)));
    expect(error.details.status).toBe(401);
    expect(mastodon.classifyError(error)).toEqual({ kind: "needs_reconnect", code: "unauthorized" });
  });

  it("429: retryable at the instance's X-RateLimit-Reset", async () => {
    const ctx = await connect(small);
    small.state.limits.statusesPerWindow = 0;
    try {
      const error = await failure(mastodon.publishPart(ctx, part("Trop vite", 1, null)));
      const verdict = mastodon.classifyError(error, "post");
      expect(verdict).toMatchObject({ kind: "retryable", code: "rate_limited" });
      // The fake's window is three hours from the first post of the account.
      expect(verdict.retryAt!.getTime()).toBeGreaterThan(Date.now() + 2.9 * 3_600_000);
      expect(verdict.retryAt!.getTime()).toBeLessThanOrEqual(Date.now() + 3 * 3_600_000);
    } finally {
      small.state.limits.statusesPerWindow = 300;
    }
  });

  it("5xx on the create: uncertain; a reply to a status that is gone: permanent; an upload still processing: retryable", async () => {
    const ctx = await connect(large);
    large.failNext("POST /api/v1/statuses", { status: 503 });
    expect(mastodon.classifyError(await failure(mastodon.publishPart(ctx, part("Panne", 1, null))), "post")).toEqual({ kind: "uncertain", code: "uncertain" });
    const gone = await failure(mastodon.publishPart(ctx, part("Réponse", 2, "42")));
    expect(mastodon.classifyError(gone, "post")).toEqual({ kind: "permanent", code: "parent_not_found" });

    const slow = await startMastodonFake({ processingPolls: 1_000 });
    process.env.MASTODON_ALLOWED_PRIVATE_ORIGINS = `${small.url},${large.url},${slow.url}`;
    resetEnvCache();
    try {
      const onSlow = await connect(slow);
      const impatient = createMastodonNetwork({ mediaPollMs: 10, mediaWaitMs: 100 });
      const error = await failure(impatient.publishPart(onSlow, part("Image lente", 1, null, { images: [await png("lente")] })));
      expect(impatient.classifyError(error, "post")).toEqual({ kind: "retryable", code: "media_processing" });
      expect(slow.statusesOf()).toEqual([]);
    } finally {
      await slow.close();
    }
  });

  it("metrics: favourites, reblogs and replies of each status; a deleted one is left out", async () => {
    const ctx = await connect(small);
    const first = await mastodon.publishPart(ctx, part("À mesurer", 1, null));
    await mastodon.publishPart(ctx, part("Une réponse", 2, first.externalId));
    small.setCounts(first.externalId, { favourites: 7, reblogs: 3 });
    const metrics = await mastodon.fetchMetrics(ctx, [first.externalId, "404404"]);
    expect([...metrics.keys()]).toEqual([first.externalId]);
    expect(metrics.get(first.externalId)).toEqual({ likes: 7, reposts: 3, replies: 1, quotes: null, impressions: null });
  });
});
