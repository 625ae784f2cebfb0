import sharp from "sharp";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { followConsent, REPLY_NOT_ALLOWED, REPLY_PARENT_MISSING, startXFake, type XFake } from "../../../../tests/fakes/x-server";
import { failure, providerEnv } from "../../../../tests/support/provider-env";
import { getNetwork } from "~/integrations/networks/registry.server";
import type { PartToSend, PublishContext } from "~/integrations/networks/types";
import { ProviderError } from "~/integrations/provider-error";
import { createPkcePair } from "./client.server";

// X as a Network, against the fake over real HTTP: threads, reconciliation of a part, metrics,
// and the errors only X has.

const x = getNetwork("twitter");
let fake: XFake;
let png: Buffer;

const env = providerEnv({
  name: "x-network",
  keys: ["X_CLIENT_ID", "X_CLIENT_SECRET", "X_OAUTH_URL", "X_API_URL"],
  values: () => ({ X_CLIENT_ID: fake.state.clientId, X_CLIENT_SECRET: fake.state.clientSecret, X_OAUTH_URL: fake.oauthUrl, X_API_URL: fake.apiUrl }),
});

function account(): PublishContext & { userId: string } {
  const user = fake.createUser();
  return { userId: user.id, accessToken: fake.issueTokens(user.id).accessToken, providerUserId: user.id, handle: user.username };
}

const part = (text: string, position: number, parent: string | null, images: PartToSend["images"] = []): PartToSend => ({ text, position, parent, images });

beforeAll(async () => {
  fake = await startXFake();
  png = await sharp({ create: { width: 4, height: 4, channels: 3, background: "#0f172a" } })
    .png()
    .toBuffer();
});

beforeEach(() => env.configure());

afterAll(async () => {
  await fake.close();
  env.restore();
});

describe("X connect", () => {
  it("connects with PKCE and says who the account is", async () => {
    expect(x.oauth.configured()).toBe(true);
    expect(x.oauth.pkce).toBe(true);
    expect(x.oauth.rotatingRefresh).toBe(true);
    const user = fake.createUser({ username: "plume_fan", name: "Plume Fan" });
    fake.signIn(user.id);
    const pkce = createPkcePair();
    expect(() => x.oauth.authorizeUrl({ redirectUri: "http://localhost:3000/cb", state: "s" })).toThrow(/PKCE/);
    const back = await followConsent(x.oauth.authorizeUrl({ redirectUri: "http://localhost:3000/cb", state: "s", codeChallenge: pkce.challenge }), "Allow");
    const tokens = await x.oauth.exchangeCode({ code: back.searchParams.get("code")!, redirectUri: "http://localhost:3000/cb", codeVerifier: pkce.verifier });
    expect(await x.oauth.whoami(tokens.accessToken)).toEqual({
      providerUserId: user.id,
      displayName: "Plume Fan",
      handle: "plume_fan",
      avatarUrl: user.profileImageUrl,
      kind: "account",
    });
    const refreshed = await x.oauth.refresh(tokens.refreshToken!);
    expect(refreshed.accessToken).not.toBe(tokens.accessToken);
  });
});

describe("X threads", () => {
  it("publishes part 1, then each later part as a reply to the one before", async () => {
    const ctx = account();
    const first = await x.publishPart(ctx, part("Thread start 1/3", 1, null, [{ bytes: png, mimeType: "image/png", width: 4, height: 4, altText: "" }]));
    const second = await x.publishPart(ctx, part("Middle 2/3", 2, first.externalId));
    const third = await x.publishPart(ctx, part("End 3/3", 3, second.externalId));
    expect(first.url).toBe(`https://x.com/${ctx.handle}/status/${first.externalId}`);
    const stored = fake.state.tweets.slice(-3);
    expect(stored.map((t) => t.repliedTo)).toEqual([undefined, first.externalId, second.externalId]);
    expect(stored[0]!.body.reply).toBeUndefined();
    expect(stored[2]!.body.reply).toEqual({ in_reply_to_tweet_id: second.externalId });
    expect(third.externalId).toBe(stored[2]!.id);
  });

  it("is refused, for good, a reply to another author's tweet that did not mention the account", async () => {
    const ctx = account();
    const stranger = fake.createUser();
    const theirs = fake.seedTweet(stranger.id, "Not about you");
    const error = await failure(x.publishPart(ctx, part("Replying", 2, theirs.id)));
    expect(error.status).toBe(403);
    expect(error.message).toBe(REPLY_NOT_ALLOWED);
    expect(x.classifyError(error)).toEqual({ kind: "permanent", code: "reply_not_allowed" });
    // Once mentioned, the reply goes.
    const mention = fake.seedTweet(stranger.id, `Hello @${ctx.handle}!`);
    await expect(x.publishPart(ctx, part("Hi back", 2, mention.id))).resolves.toMatchObject({ externalId: expect.any(String) });
  });

  it("is refused a reply to a tweet that does not exist", async () => {
    const ctx = account();
    const error = await failure(x.publishPart(ctx, part("Orphan", 2, "1999999999999999999")));
    expect(error.status).toBe(403);
    expect(error.message).toBe(REPLY_PARENT_MISSING);
    expect(x.classifyError(error).kind).toBe("permanent");
  });
});

describe("X reconciliation of a part", () => {
  it("finds part n+1 only as the reply to part n, and says absent otherwise", async () => {
    const ctx = account();
    const sentAt = new Date();
    const first = await x.publishPart(ctx, part("Same words & more", 1, null));
    // The same text elsewhere (another thread's reply) is not this part.
    const other = await x.publishPart(ctx, part("Other thread", 1, null));
    const decoy = await x.publishPart(ctx, part("Part two", 2, other.externalId));
    expect(await x.reconcilePart(ctx, part("Part two", 2, first.externalId), { sentAt, parent: first.externalId })).toEqual({ outcome: "absent" });
    const real = await x.publishPart(ctx, part("Part two ", 2, first.externalId));
    expect(real.externalId).not.toBe(decoy.externalId);
    expect(await x.reconcilePart(ctx, part("Part two ", 2, first.externalId), { sentAt, parent: first.externalId })).toEqual({
      outcome: "found",
      externalId: real.externalId,
      url: real.url,
    });
    // Part 1 is found by its text (X shows "&" as "&amp;") and is not a reply.
    expect(await x.reconcilePart(ctx, part("Same words & more", 1, null), { sentAt, parent: null })).toMatchObject({
      outcome: "found",
      externalId: first.externalId,
    });
    const timeline = fake.state.requests.filter((r) => r.path === `/2/users/${ctx.providerUserId}/tweets`).at(-1)!;
    expect(timeline.query["tweet.fields"]).toBe("created_at,referenced_tweets");
  });

  it("after an uncertain send, a duplicate refusal returns the tweet the earlier attempt made", async () => {
    const ctx = account();
    const sentAt = new Date();
    const first = await x.publishPart(ctx, part("Head", 1, null));
    fake.dropConnectionAfterHandling("POST /2/tweets");
    const lost = await failure(x.publishPart(ctx, part("Lost reply", 2, first.externalId)));
    expect(x.classifyError(lost)).toEqual({ kind: "uncertain", code: "uncertain" });
    const again = await x.publishPart(ctx, part("Lost reply", 2, first.externalId), { afterUncertain: { sentAt } });
    expect(again.externalId).toBe(fake.state.tweets.at(-1)!.id);
    expect(fake.countTweets("Lost reply")).toBe(1);
    // Without the uncertain attempt, the same duplicate is the network's permanent refusal.
    const duplicate = await failure(x.publishPart(ctx, part("Lost reply", 2, first.externalId)));
    expect(x.classifyError(duplicate)).toEqual({ kind: "permanent", code: "duplicate" });
  });
});

describe("X metrics", () => {
  it("reads public metrics by id, 100 per call, leaving out deleted tweets", async () => {
    const ctx = account();
    const a = await x.publishPart(ctx, part("Metrics a", 1, null));
    const b = await x.publishPart(ctx, part("Metrics b", 1, null));
    fake.setMetrics(a.externalId, { like_count: 7, retweet_count: 2, reply_count: 1, quote_count: 3, impression_count: 420 });
    const ids = [a.externalId, b.externalId, ...Array.from({ length: 120 }, (_, i) => String(1_800_000_000_000_000_000n + BigInt(i)))];
    const before = fake.state.requests.length;
    const metrics = await x.fetchMetrics(ctx, ids);
    const calls = fake.state.requests.slice(before).filter((r) => r.path === "/2/tweets");
    expect(calls.map((r) => r.query.ids!.split(",").length)).toEqual([100, 22]);
    expect(calls[0]!.query["tweet.fields"]).toBe("public_metrics");
    expect(metrics.get(a.externalId)).toEqual({ likes: 7, reposts: 2, replies: 1, quotes: 3, impressions: 420 });
    expect(metrics.get(b.externalId)).toEqual({ likes: 0, reposts: 0, replies: 0, quotes: 0, impressions: 0 });
    expect(metrics.size).toBe(2);
  });

  it("gives impressions as null, not 0, when X leaves them out", async () => {
    const ctx = account();
    const a = await x.publishPart(ctx, part("No impressions", 1, null));
    fake.failNext("GET /2/tweets", {
      status: 200,
      body: { data: [{ id: a.externalId, text: "No impressions", public_metrics: { like_count: 1, retweet_count: 0, reply_count: 0, quote_count: 0 } }] },
    });
    expect((await x.fetchMetrics(ctx, [a.externalId])).get(a.externalId)).toEqual({ likes: 1, reposts: 0, replies: 0, quotes: 0, impressions: null });
  });
});

describe("X errors", () => {
  it("waits out a rate limit until x-rate-limit-reset, but not a spending cap", async () => {
    const ctx = account();
    fake.failNext("POST /2/tweets", { status: 429 });
    const limited = x.classifyError(await failure(x.publishPart(ctx, part("Limited", 1, null))));
    expect(limited.kind).toBe("retryable");
    expect(limited.code).toBe("rate_limited");
    expect(limited.retryAt!.getTime()).toBeGreaterThan(Date.now() + 60_000);
    fake.failNext("POST /2/tweets", {
      status: 429,
      body: {
        title: "UsageCapExceeded",
        detail: "Usage cap exceeded: Monthly product cap",
        type: "https://api.twitter.com/2/problems/usage-capped",
        status: 429,
      },
    });
    expect(x.classifyError(await failure(x.publishPart(ctx, part("Capped", 1, null))))).toEqual({ kind: "permanent", code: "usage_capped" });
  });

  it("needs a reconnect on 401, retries a 5xx before sending, and is uncertain after", async () => {
    const ctx = account();
    fake.expireAccessToken(ctx.accessToken);
    expect(x.classifyError(await failure(x.publishPart(ctx, part("Expired", 1, null))))).toEqual({ kind: "needs_reconnect", code: "unauthorized" });
    const server = new ProviderError("twitter", "http", "down", { status: 503 });
    expect(x.classifyError(server, "prepare")).toEqual({ kind: "retryable", code: "server_error" });
    expect(x.classifyError(server, "post")).toEqual({ kind: "uncertain", code: "uncertain" });
    expect(x.classifyError(new Error("bug"))).toEqual({ kind: "retryable", code: "internal" });
    // An image upload that got no answer created no tweet: a plain retry, not an uncertain part.
    fake.dropConnectionAfterHandling("POST /2/media/upload");
    const image = { bytes: png, mimeType: "image/png", width: 4, height: 4, altText: "" };
    const upload = await failure(x.publishPart(account(), part("With photo", 1, null, [image])));
    expect(upload.details).toMatchObject({ operation: "upload", sent: true });
    expect(x.classifyError(upload)).toEqual({ kind: "retryable", code: "network" });
  });

  it("never calls X for an empty metrics list", async () => {
    const spy = vi.spyOn(globalThis, "fetch");
    expect((await x.fetchMetrics(account(), [])).size).toBe(0);
    expect(spy).not.toHaveBeenCalled();
    spy.mockRestore();
  });
});
