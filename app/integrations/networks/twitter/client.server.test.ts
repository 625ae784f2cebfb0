import { createHash } from "node:crypto";
import sharp from "sharp";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { followConsent, startXFake, type XFake } from "../../../../tests/fakes/x-server";
import { closedPortUrl, failure, lastRequestOf, providerEnv } from "../../../../tests/support/provider-env";
import {
  createPkcePair,
  createTweet,
  exchangeXCode,
  getXMe,
  listRecentTweets,
  refreshXToken,
  revokeXToken,
  tweetUrl,
  uploadXMedia,
  xAuthorizeUrl,
  xConfigured,
} from "./client.server";

const REDIRECT_URI = "http://localhost:3000/connections/x/callback";
let fake: XFake;
let png: Buffer;

const env = providerEnv({
  name: "x",
  keys: ["X_CLIENT_ID", "X_CLIENT_SECRET", "X_OAUTH_URL", "X_API_URL"],
  values: () => ({
    X_CLIENT_ID: fake.state.clientId,
    X_CLIENT_SECRET: fake.state.clientSecret,
    X_OAUTH_URL: fake.oauthUrl,
    X_API_URL: fake.apiUrl,
  }),
});
const configure = env.configure;
const lastRequest = lastRequestOf(() => fake.state.requests);

function account() {
  const user = fake.createUser();
  return { user, ...fake.issueTokens(user.id) };
}

/** Consent through the fake's page; returns the code and the verifier that goes with it. */
async function authorize(state = "st") {
  const pkce = createPkcePair();
  const back = await followConsent(xAuthorizeUrl({ redirectUri: REDIRECT_URI, state, codeChallenge: pkce.challenge }), "Allow");
  return { code: back.searchParams.get("code")!, verifier: pkce.verifier, back };
}

beforeAll(async () => {
  fake = await startXFake();
  png = await sharp({ create: { width: 4, height: 4, channels: 3, background: "#2563eb" } })
    .png()
    .toBuffer();
});

beforeEach(() => {
  configure();
  fake.setLatency(0);
  fake.state.limits.tweetsPer15Min = 100;
});

afterAll(async () => {
  await fake.close();
  env.restore();
});

describe("X configuration, PKCE and consent URL", () => {
  it("is configured only with both credentials", () => {
    expect(xConfigured()).toBe(true);
    configure({ X_CLIENT_ID: undefined });
    expect(xConfigured()).toBe(false);
  });

  it("makes S256 pairs from an unreserved 43-128 character verifier", () => {
    const pair = createPkcePair();
    expect(pair.verifier).toMatch(/^[A-Za-z0-9\-._~]{43,128}$/);
    expect(pair.challenge).toBe(createHash("sha256").update(pair.verifier).digest("base64url"));
    expect(createPkcePair().verifier).not.toBe(pair.verifier);
  });

  it("asks for the documented scope with an S256 challenge", () => {
    const url = new URL(xAuthorizeUrl({ redirectUri: REDIRECT_URI, state: "s1", codeChallenge: "abc" }));
    expect(`${url.origin}${url.pathname}`).toBe(`${fake.oauthUrl}/authorize`);
    expect(Object.fromEntries(url.searchParams)).toEqual({
      response_type: "code",
      client_id: fake.state.clientId,
      redirect_uri: REDIRECT_URI,
      scope: "tweet.read tweet.write users.read media.write offline.access",
      state: "s1",
      code_challenge: "abc",
      code_challenge_method: "S256",
    });
  });
});

describe("X OAuth", () => {
  it("exchanges the code with its verifier (Basic auth, client_id in the body) and reads the account", async () => {
    const user = fake.createUser({ name: "Grace Hopper", username: "grace" });
    fake.signIn(user.id);
    const { code, verifier, back } = await authorize("st-1");
    expect(`${back.origin}${back.pathname}`).toBe(REDIRECT_URI);
    expect(back.searchParams.get("state")).toBe("st-1");

    const tokens = await exchangeXCode({ code, redirectUri: REDIRECT_URI, codeVerifier: verifier });
    expect(tokens.expiresIn).toBe(7200);
    expect(tokens.refreshToken).toBeTruthy();
    expect(tokens.scope).toContain("offline.access");
    const sent = lastRequest("POST", "/2/oauth2/token");
    const basic = Buffer.from(`${fake.state.clientId}:${fake.state.clientSecret}`).toString("base64");
    expect(sent.headers.authorization).toBe(`Basic ${basic}`);
    expect(sent.headers["content-type"]).toContain("application/x-www-form-urlencoded");
    expect(sent.body).toEqual({
      code,
      grant_type: "authorization_code",
      redirect_uri: REDIRECT_URI,
      code_verifier: verifier,
      client_id: fake.state.clientId,
    });

    const me = await getXMe(tokens.accessToken);
    expect(me).toEqual({ id: user.id, name: "Grace Hopper", username: "grace", profileImageUrl: user.profileImageUrl });
    expect(lastRequest("GET", "/2/users/me").query).toEqual({ "user.fields": "profile_image_url" });
  });

  it("refuses a wrong PKCE verifier and a wrong redirect_uri", async () => {
    fake.signIn(fake.createUser().id);
    const { code, verifier } = await authorize();
    const wrong = await failure(exchangeXCode({ code, redirectUri: REDIRECT_URI, codeVerifier: createPkcePair().verifier }));
    expect(wrong.details).toMatchObject({ status: 400, code: "invalid_request", operation: "token" });
    const elsewhere = await failure(exchangeXCode({ code, redirectUri: `${REDIRECT_URI}/x`, codeVerifier: verifier }));
    expect(elsewhere.details).toMatchObject({ status: 400, code: "invalid_request" });
    // The right verifier still works, once.
    await exchangeXCode({ code, redirectUri: REDIRECT_URI, codeVerifier: verifier });
    expect((await failure(exchangeXCode({ code, redirectUri: REDIRECT_URI, codeVerifier: verifier }))).status).toBe(400);
  });

  it("comes back with access_denied when the person cancels", async () => {
    const pkce = createPkcePair();
    const back = await followConsent(xAuthorizeUrl({ redirectUri: REDIRECT_URI, state: "st-c", codeChallenge: pkce.challenge }), "Cancel");
    expect(back.searchParams.get("error")).toBe("access_denied");
    expect(back.searchParams.get("state")).toBe("st-c");
  });

  it("refuses a consent request without S256", async () => {
    const url = new URL(xAuthorizeUrl({ redirectUri: REDIRECT_URI, state: "s", codeChallenge: "abc" }));
    url.searchParams.set("code_challenge_method", "plain");
    expect((await fetch(url)).status).toBe(400);
  });

  it("rotates refresh tokens: a used one is refused and kills the chain", async () => {
    fake.signIn(fake.createUser().id);
    const { code, verifier } = await authorize();
    const first = await exchangeXCode({ code, redirectUri: REDIRECT_URI, codeVerifier: verifier });
    const second = await refreshXToken(first.refreshToken!);
    expect(second.refreshToken).toBeTruthy();
    expect(second.refreshToken).not.toBe(first.refreshToken);
    expect(second.accessToken).not.toBe(first.accessToken);
    expect(second.expiresIn).toBe(7200);
    expect(lastRequest("POST", "/2/oauth2/token").body).toEqual({
      grant_type: "refresh_token",
      refresh_token: first.refreshToken,
      client_id: fake.state.clientId,
    });
    await getXMe(second.accessToken);

    const reused = await failure(refreshXToken(first.refreshToken!));
    expect(reused.details).toMatchObject({ status: 400, code: "invalid_request", operation: "refresh" });
    // As X may: the reuse invalidated every token of the chain.
    expect((await failure(refreshXToken(second.refreshToken!))).status).toBe(400);
    expect((await failure(getXMe(second.accessToken))).status).toBe(401);
  });

  it("revokes a token", async () => {
    const { accessToken } = account();
    await revokeXToken(accessToken, "access_token");
    expect(lastRequest("POST", "/2/oauth2/revoke").body).toEqual({
      token: accessToken,
      token_type_hint: "access_token",
      client_id: fake.state.clientId,
    });
    const error = await failure(getXMe(accessToken));
    expect(error.details).toMatchObject({ status: 401, operation: "me" });
  });
});

describe("X media and tweets", () => {
  it("uploads an image as multipart media + media_category=tweet_image", async () => {
    const { user, accessToken } = account();
    const id = await uploadXMedia(accessToken, { bytes: png, mimeType: "image/png" });
    expect(id).toMatch(/^\d+$/);
    const sent = lastRequest("POST", "/2/media/upload");
    expect(sent.headers["content-type"]).toContain("multipart/form-data");
    expect(sent.body.fields).toEqual({ media_category: "tweet_image" });
    expect(sent.body.files.media).toMatchObject({ size: png.length, type: "image/png" });
    expect(fake.state.media.get(id)).toMatchObject({ userId: user.id, category: "tweet_image" });
    expect(fake.state.media.get(id)!.bytes.equals(png)).toBe(true);
  });

  it("refuses an image over 5 MB", async () => {
    const { accessToken } = account();
    const big = Buffer.concat([png, Buffer.alloc(5 * 1024 * 1024)]);
    const error = await failure(uploadXMedia(accessToken, { bytes: big, mimeType: "image/png" }));
    expect(error.details).toMatchObject({ status: 413, operation: "upload" });
  });

  it("tweets text only, with no media key", async () => {
    const { user, accessToken } = account();
    const tweet = await createTweet(accessToken, { text: "Hello X", mediaIds: [] });
    expect(lastRequest("POST", "/2/tweets").body).toEqual({ text: "Hello X" });
    expect(lastRequest("POST", "/2/tweets").headers.authorization).toBe(`Bearer ${accessToken}`);
    expect(fake.state.tweets.at(-1)).toMatchObject({ id: tweet.id, userId: user.id, text: "Hello X" });
    expect(tweetUrl(user.username, tweet.id)).toBe(`https://x.com/${user.username}/status/${tweet.id}`);
  });

  it("tweets four images", async () => {
    const { accessToken } = account();
    const mediaIds = [];
    for (let i = 0; i < 4; i++) mediaIds.push(await uploadXMedia(accessToken, { bytes: png, mimeType: "image/png" }));
    const tweet = await createTweet(accessToken, { text: "Four images", mediaIds });
    expect(lastRequest("POST", "/2/tweets").body).toEqual({ text: "Four images", media: { media_ids: mediaIds } });
    expect(fake.state.tweets.find((t) => t.id === tweet.id)?.mediaIds).toEqual(mediaIds);
  });

  it("refuses media another account uploaded", async () => {
    const other = account();
    const mediaId = await uploadXMedia(other.accessToken, { bytes: png, mimeType: "image/png" });
    const { accessToken } = account();
    const error = await failure(createTweet(accessToken, { text: "Not my image", mediaIds: [mediaId] }));
    expect(error.details).toMatchObject({ status: 400, operation: "post" });
    expect(error.message).toContain("media IDs are invalid");
  });

  it("reports a duplicate as 403 with code duplicate", async () => {
    const { accessToken } = account();
    await createTweet(accessToken, { text: "Said once", mediaIds: [] });
    const error = await failure(createTweet(accessToken, { text: "Said once", mediaIds: [] }));
    expect(error.message).toBe("You are not allowed to create a Tweet with duplicate content.");
    expect(error.details).toMatchObject({ status: 403, code: "duplicate", operation: "post" });
    expect(fake.countTweets("Said once")).toBe(1);
  });

  it("refuses text over 280 weighted characters", async () => {
    const { accessToken } = account();
    const error = await failure(createTweet(accessToken, { text: "日本".repeat(71), mediaIds: [] }));
    expect(error.details).toMatchObject({ status: 400 });
    expect(error.message).toContain("too long");
  });

  it("lists recent tweets newest first, since a time", async () => {
    const { user, accessToken } = account();
    expect(await listRecentTweets(accessToken, user.id)).toEqual([]);
    await createTweet(accessToken, { text: "Older", mediaIds: [] });
    await new Promise((resolve) => setTimeout(resolve, 1100)); // start_time has second precision
    const since = new Date();
    await createTweet(accessToken, { text: "Newer", mediaIds: [] });
    await createTweet(accessToken, { text: "Newest", mediaIds: [] });
    const all = await listRecentTweets(accessToken, user.id);
    expect(all.map((t) => t.text)).toEqual(["Newest", "Newer", "Older"]);
    expect(all[0]!.createdAt).toBeInstanceOf(Date);
    expect(lastRequest("GET", `/2/users/${user.id}/tweets`).query).toEqual({ max_results: "20", "tweet.fields": "created_at,referenced_tweets" });
    const recent = await listRecentTweets(accessToken, user.id, { sinceTime: since });
    expect(recent.map((t) => t.text)).toEqual(["Newest", "Newer"]);
    expect(lastRequest("GET", `/2/users/${user.id}/tweets`).query.start_time).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
  });
});

describe("X shows tweets back its own way", () => {
  it("escapes &, < and >, and makes URLs and photos t.co links, in the create answer and the timeline", async () => {
    const { user, accessToken } = account();
    const mediaId = await uploadXMedia(accessToken, { bytes: png, mimeType: "image/png" });
    const text = "Tom & Jerry <3 https://example.com/a?b=1&c=2 and example.org";
    const answer = await fetch(`${fake.apiUrl}/2/tweets`, {
      method: "POST",
      headers: { Authorization: `Bearer ${accessToken}`, "Content-Type": "application/json" },
      body: JSON.stringify({ text, media: { media_ids: [mediaId] } }),
    });
    const created = ((await answer.json()) as { data: { id: string; text: string } }).data;
    const tco = "https://t\\.co/[A-Za-z0-9]{10}";
    expect(created.text).toMatch(new RegExp(`^Tom &amp; Jerry &lt;3 ${tco} and ${tco} ${tco}$`));
    expect(fake.countTweets(text)).toBe(1); // stored as sent
    const [listed] = await listRecentTweets(accessToken, user.id);
    expect(listed).toMatchObject({ id: created.id, text: created.text });
  });

  it("gives created_at only when asked for, and no data when nothing matches", async () => {
    const { user, accessToken } = account();
    const timeline = async (query: string) => {
      const answer = await fetch(`${fake.apiUrl}/2/users/${user.id}/tweets?${query}`, { headers: { Authorization: `Bearer ${accessToken}` } });
      return (await answer.json()) as { data?: Record<string, unknown>[]; meta: unknown };
    };
    expect(await timeline("max_results=5")).toEqual({ meta: { result_count: 0 } });
    await createTweet(accessToken, { text: "Dated?", mediaIds: [] });
    expect((await timeline("max_results=5")).data![0]).not.toHaveProperty("created_at");
    expect((await timeline("max_results=5&tweet.fields=created_at")).data![0]!.created_at).toMatch(/^\d{4}-\d\d-\d\dT/);
    const later = new Date(Date.now() + 5000).toISOString().replace(/\.\d{3}Z$/, "Z");
    expect(await timeline(`max_results=5&start_time=${later}`)).toEqual({ meta: { result_count: 0 } });
  });
});

describe("X failures", () => {
  it("429 after the per-user limit, retrying at x-rate-limit-reset", async () => {
    fake.state.limits.tweetsPer15Min = 2;
    const { accessToken } = account();
    await createTweet(accessToken, { text: "one", mediaIds: [] });
    await createTweet(accessToken, { text: "two", mediaIds: [] });
    const error = await failure(createTweet(accessToken, { text: "three", mediaIds: [] }));
    expect(error.message).toBe("Rate limit exceeded");
    expect(error.details).toMatchObject({ status: 429, code: "88", operation: "post" });
    const wait = error.details.retryAt!.getTime() - Date.now();
    expect(wait).toBeGreaterThan(14 * 60_000);
    expect(wait).toBeLessThanOrEqual(15 * 60_000 + 1000);
    expect(fake.countTweets("three")).toBe(0);
  });

  it("429 on an exhausted 24 h cap retries at that cap's reset", async () => {
    const { accessToken } = account();
    const reset = Math.floor(Date.now() / 1000) + 20 * 3600;
    fake.failNext("POST /2/tweets", {
      status: 429,
      headers: { "x-rate-limit-remaining": "50", "x-app-limit-24hour-remaining": "0", "x-app-limit-24hour-reset": String(reset) },
    });
    const error = await failure(createTweet(accessToken, { text: "capped", mediaIds: [] }));
    expect(error.details.retryAt?.getTime()).toBe(reset * 1000);
  });

  it("Retry-After as an HTTP date", async () => {
    const { accessToken } = account();
    const at = new Date(Math.ceil(Date.now() / 1000) * 1000 + 60_000);
    fake.failNext("POST /2/tweets", { status: 503, headers: { "Retry-After": at.toUTCString() } });
    const error = await failure(createTweet(accessToken, { text: "unavailable", mediaIds: [] }));
    expect(error.details).toMatchObject({ status: 503, retryAt: at });
  });

  it("401 for an expired access token", async () => {
    const { accessToken } = account();
    fake.expireAccessToken(accessToken);
    const error = await failure(createTweet(accessToken, { text: "expired", mediaIds: [] }));
    expect(error.kind).toBe("http");
    expect(error.details).toMatchObject({ status: 401, operation: "post" });
  });

  it("500", async () => {
    const { accessToken } = account();
    fake.failNext("/2/tweets", { status: 500 });
    const error = await failure(createTweet(accessToken, { text: "server error", mediaIds: [] }));
    expect(error.details).toMatchObject({ status: 500, operation: "post" });
  });

  it("a timeout is sent=true, and the tweet is found again among recent tweets", async () => {
    configure({ PROVIDER_TIMEOUT_MS: "1000" });
    const { user, accessToken } = account();
    const before = new Date();
    fake.failNext("POST /2/tweets", { delayMs: 1500 });
    const error = await failure(createTweet(accessToken, { text: "slow tweet", mediaIds: [] }));
    expect(error.kind).toBe("network");
    expect(error.details).toMatchObject({ sent: true, operation: "post" });
    await new Promise((resolve) => setTimeout(resolve, 700));
    const recent = await listRecentTweets(accessToken, user.id, { sinceTime: before });
    expect(recent.map((t) => t.text)).toEqual(["slow tweet"]);
    expect(fake.countTweets("slow tweet")).toBe(1);
  });

  it("a connection dropped after X handled the tweet is sent=true", async () => {
    const { accessToken } = account();
    fake.dropConnectionAfterHandling("POST /2/tweets");
    const error = await failure(createTweet(accessToken, { text: "dropped tweet", mediaIds: [] }));
    expect(error.kind).toBe("network");
    expect(error.details.sent).toBe(true);
    expect(fake.countTweets("dropped tweet")).toBe(1);
  });

  it("a refused connection was never sent", async () => {
    const { accessToken } = account();
    configure({ X_API_URL: await closedPortUrl() });
    const error = await failure(createTweet(accessToken, { text: "nobody there", mediaIds: [] }));
    expect(error.kind).toBe("network");
    expect(error.details).toMatchObject({ sent: false, operation: "post" });
  });

  it("every API answer carries the rate-limit headers", async () => {
    const { accessToken } = account();
    const answer = await fetch(`${fake.apiUrl}/2/users/me`, { headers: { Authorization: `Bearer ${accessToken}` } });
    expect(answer.headers.get("x-rate-limit-limit")).toBeTruthy();
    expect(answer.headers.get("x-rate-limit-remaining")).toBeTruthy();
    expect(answer.headers.get("x-rate-limit-reset")).toMatch(/^\d+$/);
    const refused = await fetch(`${fake.apiUrl}/2/users/me`);
    expect(refused.status).toBe(401);
    expect(refused.headers.get("x-rate-limit-reset")).toMatch(/^\d+$/);
  });
});
