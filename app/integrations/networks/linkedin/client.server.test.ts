import sharp from "sharp";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { followConsent, startLinkedInFake, type LinkedInFake } from "../../../../tests/fakes/linkedin-server";
import { closedPortUrl, failure, lastRequestOf, providerEnv } from "../../../../tests/support/provider-env";
import {
  createLinkedinPost,
  duplicateUrnOf,
  escapeLinkedinCommentary,
  exchangeLinkedinCode,
  getLinkedinUserInfo,
  linkedinAuthorizeUrl,
  linkedinConfigured,
  refreshLinkedinToken,
  uploadLinkedinImage,
} from "./client.server";

const REDIRECT_URI = "http://localhost:3000/connections/linkedin/callback";
let fake: LinkedInFake;
let png: Buffer;
let jpeg: Buffer;

const env = providerEnv({
  name: "linkedin",
  keys: ["LINKEDIN_CLIENT_ID", "LINKEDIN_CLIENT_SECRET", "LINKEDIN_API_VERSION", "LINKEDIN_OAUTH_URL", "LINKEDIN_API_URL"],
  values: () => ({
    LINKEDIN_CLIENT_ID: fake.state.clientId,
    LINKEDIN_CLIENT_SECRET: fake.state.clientSecret,
    LINKEDIN_API_VERSION: "202610",
    LINKEDIN_OAUTH_URL: fake.oauthUrl,
    LINKEDIN_API_URL: fake.apiUrl,
  }),
});
const configure = env.configure;
const lastRequest = lastRequestOf(() => fake.state.requests);

/** A connected member: a user on the fake and a valid token. */
function member() {
  const user = fake.createUser();
  return { user, urn: `urn:li:person:${user.sub}`, token: fake.issueToken(user.sub) };
}

beforeAll(async () => {
  fake = await startLinkedInFake();
  png = await sharp({ create: { width: 4, height: 4, channels: 3, background: "#7c3aed" } })
    .png()
    .toBuffer();
  jpeg = await sharp({ create: { width: 4, height: 4, channels: 3, background: "#16a34a" } })
    .jpeg()
    .toBuffer();
});

beforeEach(() => {
  configure();
  fake.setLatency(0);
  fake.state.issueRefreshTokens = false;
  fake.state.retiredVersions.clear();
});

afterAll(async () => {
  await fake.close();
  env.restore();
});

describe("LinkedIn configuration and consent URL", () => {
  it("is configured only with both credentials", () => {
    expect(linkedinConfigured()).toBe(true);
    configure({ LINKEDIN_CLIENT_SECRET: undefined });
    expect(linkedinConfigured()).toBe(false);
  });

  it("asks for the documented scope and passes prompt=login through", () => {
    const url = new URL(linkedinAuthorizeUrl({ redirectUri: REDIRECT_URI, state: "s1" }));
    expect(`${url.origin}${url.pathname}`).toBe(`${fake.oauthUrl}/authorization`);
    expect(Object.fromEntries(url.searchParams)).toEqual({
      response_type: "code",
      client_id: fake.state.clientId,
      redirect_uri: REDIRECT_URI,
      state: "s1",
      scope: "openid profile email w_member_social",
    });
    expect(url.search).toContain("scope=openid%20profile%20email%20w_member_social");
    const again = new URL(linkedinAuthorizeUrl({ redirectUri: REDIRECT_URI, state: "s2", prompt: "login" }));
    expect(again.searchParams.get("prompt")).toBe("login");
  });
});

describe("LinkedIn OAuth", () => {
  it("exchanges the code from the consent page for a token, once, and reads the member", async () => {
    const user = fake.createUser({ givenName: "Ada", familyName: "Lovelace" });
    fake.signIn(user.sub);
    const back = await followConsent(linkedinAuthorizeUrl({ redirectUri: REDIRECT_URI, state: "st-1" }), "Allow");
    expect(`${back.origin}${back.pathname}`).toBe(REDIRECT_URI);
    expect(back.searchParams.get("state")).toBe("st-1");
    const code = back.searchParams.get("code")!;
    expect(code).toBeTruthy();

    const tokens = await exchangeLinkedinCode({ code, redirectUri: REDIRECT_URI });
    expect(tokens).toMatchObject({ expiresIn: 5_184_000, refreshToken: undefined });
    expect(tokens.scope.split(",")).toContain("w_member_social");
    expect(lastRequest("POST", "/oauth/v2/accessToken").body).toEqual({
      grant_type: "authorization_code",
      code,
      redirect_uri: REDIRECT_URI,
      client_id: fake.state.clientId,
      client_secret: fake.state.clientSecret,
    });

    const reused = await failure(exchangeLinkedinCode({ code, redirectUri: REDIRECT_URI }));
    expect(reused.details).toMatchObject({ status: 400, code: "invalid_request", operation: "token" });

    const info = await getLinkedinUserInfo(tokens.accessToken);
    expect(info).toEqual({ sub: user.sub, name: "Ada Lovelace", picture: user.picture, email: user.email });
    expect(lastRequest("GET", "/v2/userinfo").headers.authorization).toBe(`Bearer ${tokens.accessToken}`);
  });

  it("refuses a code redeemed with another redirect_uri", async () => {
    fake.signIn(fake.createUser().sub);
    const back = await followConsent(linkedinAuthorizeUrl({ redirectUri: REDIRECT_URI, state: "st-2" }), "Allow");
    const error = await failure(exchangeLinkedinCode({ code: back.searchParams.get("code")!, redirectUri: `${REDIRECT_URI}/other` }));
    expect(error.kind).toBe("http");
    expect(error.details).toMatchObject({ status: 400, code: "invalid_request", operation: "token" });
    expect(error.message).toMatch(/redirect uri/);
  });

  it("comes back with user_cancelled_authorize when the member cancels", async () => {
    const back = await followConsent(linkedinAuthorizeUrl({ redirectUri: REDIRECT_URI, state: "st-3" }), "Cancel");
    expect(back.searchParams.get("error")).toBe("user_cancelled_authorize");
    expect(back.searchParams.get("state")).toBe("st-3");
    expect(back.searchParams.has("code")).toBe(false);
  });

  it("refuses an unknown client_id on the consent page", async () => {
    const url = new URL(linkedinAuthorizeUrl({ redirectUri: REDIRECT_URI, state: "s" }));
    url.searchParams.set("client_id", "someone-else");
    expect((await fetch(url)).status).toBe(400);
  });

  it("uses a partner refresh token when LinkedIn gives one", async () => {
    fake.state.issueRefreshTokens = true;
    fake.signIn(fake.createUser().sub);
    const back = await followConsent(linkedinAuthorizeUrl({ redirectUri: REDIRECT_URI, state: "st-4" }), "Allow");
    const tokens = await exchangeLinkedinCode({ code: back.searchParams.get("code")!, redirectUri: REDIRECT_URI });
    expect(tokens.refreshToken).toBeTruthy();
    expect(tokens.refreshTokenExpiresIn).toBeGreaterThan(30_000_000);
    const refreshed = await refreshLinkedinToken(tokens.refreshToken!);
    expect(refreshed.accessToken).not.toBe(tokens.accessToken);
    expect(refreshed.refreshToken).toBe(tokens.refreshToken); // not rotated
    expect((await getLinkedinUserInfo(refreshed.accessToken)).sub).toBeTruthy();
  });
});

describe("LinkedIn posting", () => {
  const EXPECTED_HEADERS = { "linkedin-version": "202610", "x-restli-protocol-version": "2.0.0", "content-type": "application/json" };
  const baseBody = (author: string, commentary: string) => ({
    author,
    commentary,
    visibility: "PUBLIC",
    distribution: { feedDistribution: "MAIN_FEED", targetEntities: [], thirdPartyDistributionChannels: [] },
    lifecycleState: "PUBLISHED",
    isReshareDisabledByAuthor: false,
  });

  it("posts text only: the exact body, 201 with an empty body, the URN from x-restli-id", async () => {
    const { urn, token } = member();
    const post = await createLinkedinPost(token, { authorUrn: urn, commentary: "Hello LinkedIn", images: [] });
    expect(post.urn).toMatch(/^urn:li:share:\d+$/);
    expect(post.url).toBe(`https://www.linkedin.com/feed/update/${post.urn}/`);
    const sent = lastRequest("POST", "/rest/posts");
    expect(sent.body).toEqual(baseBody(urn, "Hello LinkedIn"));
    expect(sent.headers).toMatchObject({ ...EXPECTED_HEADERS, authorization: `Bearer ${token}` });
    expect(fake.state.posts.at(-1)).toMatchObject({ urn: post.urn, author: urn, text: "Hello LinkedIn" });

    // What the client read: the fake's answer itself is 201, no body, the URN in a header.
    const raw = await fetch(`${fake.apiUrl}/rest/posts`, {
      method: "POST",
      headers: { Authorization: `Bearer ${token}`, "LinkedIn-Version": "202610", "X-Restli-Protocol-Version": "2.0.0", "Content-Type": "application/json" },
      body: JSON.stringify(baseBody(urn, "Raw check")),
    });
    expect(raw.status).toBe(201);
    expect(await raw.text()).toBe("");
    expect(raw.headers.get("x-restli-id")).toMatch(/^urn:li:share:\d+$/);
  });

  it("uploads an image (initializeUpload, then one PUT of the bytes) and posts it as content.media", async () => {
    const { user, urn, token } = member();
    const image = await uploadLinkedinImage(token, { ownerUrn: urn, bytes: png, mimeType: "image/png" });
    expect(image).toMatch(/^urn:li:image:/);
    const init = lastRequest("POST", "/rest/images");
    expect(init.query).toEqual({ action: "initializeUpload" });
    expect(init.body).toEqual({ initializeUploadRequest: { owner: urn } });
    expect(init.headers).toMatchObject(EXPECTED_HEADERS);
    const put = [...fake.state.requests].reverse().find((r) => r.method === "PUT")!;
    expect(put.headers.authorization).toBe(`Bearer ${token}`);
    expect(fake.state.images.get(image)).toMatchObject({ ownerSub: user.sub, contentType: "image/png" });
    expect(fake.state.images.get(image)!.bytes!.equals(png)).toBe(true);

    await createLinkedinPost(token, { authorUrn: urn, commentary: "One image", images: [{ urn: image, altText: "A violet square" }] });
    expect(lastRequest("POST", "/rest/posts").body).toEqual({
      ...baseBody(urn, "One image"),
      content: { media: { id: image, altText: "A violet square" } },
    });
  });

  it("posts three images as content.multiImage", async () => {
    const { urn, token } = member();
    const images = [];
    for (const [i, bytes] of [png, jpeg, png].entries()) {
      const imageUrn = await uploadLinkedinImage(token, { ownerUrn: urn, bytes, mimeType: bytes === png ? "image/png" : "image/jpeg" });
      images.push({ urn: imageUrn, altText: `Image ${i + 1}` });
    }
    const post = await createLinkedinPost(token, { authorUrn: urn, commentary: "Three images", images });
    expect(lastRequest("POST", "/rest/posts").body).toEqual({
      ...baseBody(urn, "Three images"),
      content: { multiImage: { images: images.map((i) => ({ id: i.urn, altText: i.altText })) } },
    });
    expect(fake.state.posts.find((p) => p.urn === post.urn)?.imageUrns).toEqual(images.map((i) => i.urn));
  });

  it("refuses an image another member uploaded", async () => {
    const other = member();
    const image = await uploadLinkedinImage(other.token, { ownerUrn: other.urn, bytes: png, mimeType: "image/png" });
    const { urn, token } = member();
    const error = await failure(createLinkedinPost(token, { authorUrn: urn, commentary: "Not mine", images: [{ urn: image, altText: "" }] }));
    expect(error.details).toMatchObject({ status: 422, operation: "post" });
  });

  it("escapes little-text characters so the whole text arrives", async () => {
    expect(escapeLinkedinCommentary("a\\b (c) #d")).toBe("a\\\\b \\(c\\) \\#d");
    const text = "Launch (beta) #1 @team _x_ *y* C:\\path [a] {b} <c> |d| ~e~ — done ✅";
    const { urn, token } = member();
    await createLinkedinPost(token, { authorUrn: urn, commentary: text, images: [] });
    expect(lastRequest("POST", "/rest/posts").body.commentary).toBe(
      "Launch \\(beta\\) \\#1 \\@team \\_x\\_ \\*y\\* C:\\\\path \\[a\\] \\{b\\} \\<c\\> \\|d\\| \\~e\\~ — done ✅",
    );
    expect(fake.state.posts.at(-1)!.text).toBe(text);
    expect(fake.countPosts(text)).toBe(1);
  });

  it("(the fake, like LinkedIn, cuts unescaped text at the first reserved character)", async () => {
    const { urn, token } = member();
    const answer = await fetch(`${fake.apiUrl}/rest/posts`, {
      method: "POST",
      headers: { Authorization: `Bearer ${token}`, "LinkedIn-Version": "202610", "X-Restli-Protocol-Version": "2.0.0", "Content-Type": "application/json" },
      body: JSON.stringify(baseBody(urn, "Cut here (not shown)")),
    });
    expect(answer.status).toBe(201);
    expect(fake.state.posts.at(-1)!.text).toBe("Cut here ");
  });

  it("reports a duplicate as 422 DUPLICATE_POST naming the first post", async () => {
    const { urn, token } = member();
    const first = await createLinkedinPost(token, { authorUrn: urn, commentary: "Same words (twice)", images: [] });
    const error = await failure(createLinkedinPost(token, { authorUrn: urn, commentary: "Same words (twice)", images: [] }));
    expect(error.kind).toBe("http");
    expect(error.details).toMatchObject({ status: 422, code: "DUPLICATE_POST", operation: "post" });
    expect(duplicateUrnOf(error)).toBe(first.urn);
    expect(fake.countPosts("Same words (twice)")).toBe(1);
    // Another member may say the same thing.
    const other = member();
    await createLinkedinPost(other.token, { authorUrn: other.urn, commentary: "Same words (twice)", images: [] });
    expect(fake.countPosts("Same words (twice)")).toBe(2);
  });

  it("names a retired LinkedIn-Version (426)", async () => {
    fake.state.retiredVersions.add("202610");
    const { urn, token } = member();
    const error = await failure(createLinkedinPost(token, { authorUrn: urn, commentary: "Old version", images: [] }));
    expect(error.details).toMatchObject({ status: 426, code: "NONEXISTENT_VERSION" });
  });
});

describe("LinkedIn failures", () => {
  it("429 without Retry-After: retry at the next midnight UTC", async () => {
    const { urn, token } = member();
    fake.failNext("POST /rest/posts", { status: 429 });
    const error = await failure(createLinkedinPost(token, { authorUrn: urn, commentary: "Throttled", images: [] }));
    const now = new Date();
    expect(error.details).toMatchObject({ status: 429, operation: "post" });
    expect(error.details.retryAt?.toISOString()).toBe(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1)).toISOString());
    expect(duplicateUrnOf(error)).toBeNull();
  });

  it("429 with Retry-After in seconds", async () => {
    const { urn, token } = member();
    fake.failNext("/rest/posts", { status: 429, headers: { "Retry-After": "120" } });
    const error = await failure(createLinkedinPost(token, { authorUrn: urn, commentary: "Throttled 2", images: [] }));
    const wait = error.details.retryAt!.getTime() - Date.now();
    expect(wait).toBeGreaterThan(110_000);
    expect(wait).toBeLessThanOrEqual(120_000);
  });

  it("401 for a revoked or expired token, with LinkedIn's message and code", async () => {
    const { urn, token } = member();
    fake.revoke(token);
    const error = await failure(createLinkedinPost(token, { authorUrn: urn, commentary: "Revoked", images: [] }));
    expect(error.message).toBe("Invalid access token");
    expect(error.details).toMatchObject({ status: 401, code: "65600", operation: "post" });
    const expired = member();
    fake.expireToken(expired.token);
    expect((await failure(getLinkedinUserInfo(expired.token))).details).toMatchObject({ status: 401, operation: "userinfo" });
  });

  it("500", async () => {
    const { urn, token } = member();
    fake.failNext("/rest/posts", { status: 500 });
    const error = await failure(createLinkedinPost(token, { authorUrn: urn, commentary: "Server error", images: [] }));
    expect(error.kind).toBe("http");
    expect(error.details).toMatchObject({ status: 500, operation: "post" });
  });

  it("a timeout is a network error that may have been sent: the post did go through", async () => {
    configure({ PROVIDER_TIMEOUT_MS: "1000" });
    const { urn, token } = member();
    fake.failNext("/rest/posts", { delayMs: 1500 }); // answers normally, too late
    const error = await failure(createLinkedinPost(token, { authorUrn: urn, commentary: "Slow one", images: [] }));
    expect(error.kind).toBe("network");
    expect(error.details).toMatchObject({ sent: true, operation: "post" });
    expect(error.message).toBe("LinkedIn post: no answer within 1000 ms");
    await new Promise((resolve) => setTimeout(resolve, 700));
    expect(fake.countPosts("Slow one")).toBe(1);
    // The retry learns which post it was instead of posting twice.
    const retry = await failure(createLinkedinPost(token, { authorUrn: urn, commentary: "Slow one", images: [] }));
    expect(duplicateUrnOf(retry)).toBe(fake.state.posts.find((p) => p.text === "Slow one")!.urn);
    expect(fake.countPosts("Slow one")).toBe(1);
  });

  it("a connection dropped after LinkedIn handled the post is sent=true", async () => {
    const { urn, token } = member();
    fake.dropConnectionAfterHandling("POST /rest/posts");
    const error = await failure(createLinkedinPost(token, { authorUrn: urn, commentary: "Dropped", images: [] }));
    expect(error.kind).toBe("network");
    expect(error.details.sent).toBe(true);
    expect(fake.countPosts("Dropped")).toBe(1);
  });

  it("a refused connection was never sent", async () => {
    const { urn, token } = member();
    configure({ LINKEDIN_API_URL: await closedPortUrl() });
    const error = await failure(createLinkedinPost(token, { authorUrn: urn, commentary: "Nobody there", images: [] }));
    expect(error.kind).toBe("network");
    expect(error.details).toMatchObject({ sent: false, operation: "post" });
    expect(error.message).toContain("ECONNREFUSED");
  });
});
