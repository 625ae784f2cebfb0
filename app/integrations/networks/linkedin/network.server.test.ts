import sharp from "sharp";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { followConsent, startLinkedInFake, type LinkedInFake } from "../../../../tests/fakes/linkedin-server";
import { failure, providerEnv } from "../../../../tests/support/provider-env";
import { getNetwork } from "~/integrations/networks/registry.server";
import type { PartToSend, PublishContext } from "~/integrations/networks/types";

// LinkedIn (member) as a Network, against the fake over real HTTP: the post, its first comment,
// reconciliation (resend for the post, "unknown" for the comment), metrics and errors.

const linkedin = getNetwork("linkedin");
let fake: LinkedInFake;
let png: Buffer;

const env = providerEnv({
  name: "linkedin-network",
  keys: ["LINKEDIN_CLIENT_ID", "LINKEDIN_CLIENT_SECRET", "LINKEDIN_API_VERSION", "LINKEDIN_OAUTH_URL", "LINKEDIN_API_URL"],
  values: () => ({
    LINKEDIN_CLIENT_ID: fake.state.clientId,
    LINKEDIN_CLIENT_SECRET: fake.state.clientSecret,
    LINKEDIN_API_VERSION: "202610",
    LINKEDIN_OAUTH_URL: fake.oauthUrl,
    LINKEDIN_API_URL: fake.apiUrl,
  }),
});

function member(): PublishContext {
  const user = fake.createUser();
  return { accessToken: fake.issueToken(user.sub), providerUserId: user.sub, handle: null };
}

const part = (text: string, position: number, parent: string | null, images: PartToSend["images"] = []): PartToSend => ({ text, position, parent, images });

beforeAll(async () => {
  fake = await startLinkedInFake();
  png = await sharp({ create: { width: 4, height: 4, channels: 3, background: "#7c3aed" } })
    .png()
    .toBuffer();
});

beforeEach(() => {
  env.configure();
  fake.state.commentNotReadyMs = 0;
});

afterAll(async () => {
  await fake.close();
  env.restore();
});

describe("LinkedIn connect", () => {
  it("connects a member without PKCE and says who it is", async () => {
    expect(linkedin.oauth.pkce).toBe(false);
    const user = fake.createUser({ givenName: "Ada", familyName: "Lovelace" });
    fake.signIn(user.sub);
    const url = linkedin.oauth.authorizeUrl({ redirectUri: "http://localhost:3000/cb", state: "s", forceLogin: true });
    expect(new URL(url).searchParams.get("prompt")).toBe("login");
    const back = await followConsent(url, "Allow");
    const tokens = await linkedin.oauth.exchangeCode({ code: back.searchParams.get("code")!, redirectUri: "http://localhost:3000/cb" });
    expect(await linkedin.oauth.whoami(tokens.accessToken)).toEqual({
      providerUserId: user.sub,
      displayName: "Ada Lovelace",
      handle: user.email,
      avatarUrl: user.picture,
      kind: "member",
    });
  });
});

describe("LinkedIn post and first comment", () => {
  it("publishes the post, then the author's comment on it", async () => {
    const ctx = member();
    const post = await linkedin.publishPart(
      ctx,
      part("Launch (day 1)", 1, null, [{ bytes: png, mimeType: "image/png", width: 4, height: 4, altText: "logo" }]),
    );
    expect(post.externalId).toMatch(/^urn:li:share:\d+$/);
    const comment = await linkedin.publishPart(ctx, part("Link in the first comment: https://example.com (really)", 2, post.externalId));
    const stored = fake.state.comments.at(-1)!;
    expect(comment).toEqual({ externalId: stored.urn, url: post.url });
    expect(stored.urn).toMatch(/^urn:li:comment:\(urn:li:activity:\d+,\d+\)$/);
    // Plain text, not little text: no escaping in a comment.
    expect(stored.body).toEqual({
      actor: `urn:li:person:${ctx.providerUserId}`,
      object: post.externalId,
      message: { text: "Link in the first comment: https://example.com (really)" },
    });
    const request = fake.state.requests.at(-1)!;
    expect(request.path).toBe(`/rest/socialActions/${encodeURIComponent(post.externalId)}/comments`);
    expect(request.headers["linkedin-version"]).toBe("202610");
  });

  it("retries a comment refused with 404 right after its post was created", async () => {
    const ctx = member();
    const post = await linkedin.publishPart(ctx, part("Fresh post", 1, null));
    fake.state.commentNotReadyMs = 60_000;
    const error = await failure(linkedin.publishPart(ctx, part("Too soon", 2, post.externalId)));
    expect(error.status).toBe(404);
    expect(linkedin.classifyError(error)).toMatchObject({ kind: "retryable", code: "post_not_ready" });
    fake.state.commentNotReadyMs = 0;
    await expect(linkedin.publishPart(ctx, part("Now", 2, post.externalId))).resolves.toMatchObject({ url: post.url });
  });

  it("waits briefly when comments are throttled, not until midnight", async () => {
    const ctx = member();
    const post = await linkedin.publishPart(ctx, part("Throttled post", 1, null));
    fake.throttleComments();
    const error = await failure(linkedin.publishPart(ctx, part("Throttled", 2, post.externalId)));
    const verdict = linkedin.classifyError(error);
    expect(verdict.kind).toBe("retryable");
    expect(verdict.code).toBe("comment_throttled");
    expect(verdict.retryAt!.getTime() - Date.now()).toBeLessThanOrEqual(60_000);
  });

  it("refuses a text-only rule breach before any call", async () => {
    const ctx = member();
    const before = fake.state.requests.length;
    const image = { bytes: png, mimeType: "image/png", width: 4, height: 4, altText: "" };
    await expect(linkedin.publishPart(ctx, part("With image", 2, "urn:li:share:1", [image]))).rejects.toThrow(/no images/);
    await expect(linkedin.publishPart(ctx, part("No parent", 2, null))).rejects.toThrow(/needs the post/);
    expect(fake.state.requests.length).toBe(before);
  });
});

describe("LinkedIn reconciliation", () => {
  it("settles an uncertain post by resending it: the duplicate refusal names the earlier post", async () => {
    const ctx = member();
    expect(linkedin.reconciliation(1)).toBe("resend");
    const sentAt = new Date();
    fake.dropConnectionAfterHandling("POST /rest/posts");
    const lost = await failure(linkedin.publishPart(ctx, part("Lost post", 1, null)));
    expect(linkedin.classifyError(lost)).toEqual({ kind: "uncertain", code: "uncertain" });
    const earlier = fake.state.posts.at(-1)!;
    expect(await linkedin.reconcilePart(ctx, part("Lost post", 1, null), { sentAt, parent: null })).toEqual({
      outcome: "found",
      externalId: earlier.urn,
      url: `https://www.linkedin.com/feed/update/${earlier.urn}/`,
    });
    expect(fake.countPosts("Lost post")).toBe(1);
    // A fresh send of the same text is a real duplicate: refused for good.
    const duplicate = await failure(linkedin.publishPart(ctx, part("Lost post", 1, null)));
    expect(linkedin.classifyError(duplicate)).toEqual({ kind: "permanent", code: "duplicate" });
  });

  it("says unknown for an uncertain comment, with the post to check, and sends nothing", async () => {
    const ctx = member();
    expect(linkedin.reconciliation(2)).toBe("unknowable");
    const post = await linkedin.publishPart(ctx, part("Commented", 1, null));
    const before = fake.state.requests.length;
    expect(await linkedin.reconcilePart(ctx, part("Maybe sent", 2, post.externalId), { sentAt: new Date(), parent: post.externalId })).toEqual({
      outcome: "unknown",
      checkUrl: post.url,
    });
    expect(fake.state.requests.length).toBe(before);
  });
});

describe("LinkedIn metrics and errors", () => {
  it("gives every metric as null for member posts, without calling LinkedIn", async () => {
    const spy = vi.spyOn(globalThis, "fetch");
    const metrics = await linkedin.fetchMetrics(member(), ["urn:li:share:1", "urn:li:share:2"]);
    expect([...metrics.values()]).toEqual([
      { likes: null, reposts: null, replies: null, quotes: null, impressions: null },
      { likes: null, reposts: null, replies: null, quotes: null, impressions: null },
    ]);
    expect(spy).not.toHaveBeenCalled();
    spy.mockRestore();
  });

  it("needs a reconnect on 401 and waits out the daily limit until midnight UTC", async () => {
    const ctx = member();
    fake.expireToken(ctx.accessToken);
    expect(linkedin.classifyError(await failure(linkedin.publishPart(ctx, part("Expired", 1, null))))).toEqual({
      kind: "needs_reconnect",
      code: "unauthorized",
    });
    const fresh = member();
    fake.failNext("POST /rest/posts", { status: 429 });
    const daily = linkedin.classifyError(await failure(linkedin.publishPart(fresh, part("Daily", 1, null))));
    expect(daily.kind).toBe("retryable");
    expect(daily.retryAt!.getUTCHours()).toBe(0);
    expect(daily.retryAt!.getUTCMinutes()).toBe(0);
  });
});
