// Access tokens that live less than the refresh margin (ADR 0043): the fakes issue 4-second tokens,
// so every use refreshes first, and the token a refresh just returned must be used, on every path
// of the publisher, exactly once.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getXMe } from "~/integrations/networks/twitter/client.server";
import { unseal } from "~/modules/crypto/secrets.server";
import { getDb } from "~/modules/db/db.server";
import type { Platform } from "~/core/platforms/platforms";
import { claimDue, markSent, renewLease } from "~/modules/publishing/claim.server";
import { attemptDelivery } from "~/modules/publishing/deliver.server";
import { startPublisher } from "~/modules/publishing/publisher.server";
import {
  connectedUser,
  deliveryOf,
  duePost,
  type Fakes,
  postState,
  publishAllDue,
  startFakes,
  timePasses,
  tweetRequests,
  uniqueText,
} from "../support/publishing";

const SECONDS = 4;

let fakes: Fakes;
beforeAll(async () => {
  fakes = await startFakes({ accessTokenSeconds: SECONDS });
});
afterAll(async () => {
  await fakes.close();
});

const connectionOf = (userId: string, network: Platform) => getDb().channel.findFirstOrThrow({ where: { userId, network } });
const xRefreshes = () => fakes.x.state.requests.filter((r) => r.path === "/2/oauth2/token" && r.body?.grant_type === "refresh_token");

/** The post is published on X once, under the stored (refreshed, still living) pair. */
async function expectPublishedOnX(postId: string, text: string, userId: string) {
  const post = await postState(postId);
  expect(post.status).toBe("published");
  expect(post.deliveries[0]).toMatchObject({ platform: "twitter", status: "published", errorCode: null, lastError: null });
  expect(fakes.x.countTweets(text)).toBe(1);
  const row = await connectionOf(userId, "twitter");
  expect(row.status).toBe("active");
  const stored = fakes.x.state.refreshTokens.get(unseal(row.refreshTokenEnc!))!;
  expect(stored.used).toBe(false);
  expect(fakes.x.state.invalidatedChains.has(stored.chainId)).toBe(false);
  return post;
}

describe("X issuing access tokens shorter than the refresh margin", { timeout: 30_000 }, () => {
  it("publishes with images, under the token the refresh just returned, with the post's address", async () => {
    const { user, xUserId, xTokens } = await connectedUser(fakes, ["twitter"]);
    const text = uniqueText("Short token images");
    const postId = await duePost(user.id, ["twitter"], text, 2);
    await publishAllDue();
    const post = await expectPublishedOnX(postId, text, user.id);
    const tweet = fakes.x.state.tweets.find((t) => t.text === text)!;
    expect(tweet.mediaIds).toHaveLength(2);
    const username = fakes.x.state.users.get(xUserId!)!.username;
    expect(post.deliveries[0]).toMatchObject({ externalId: tweet.id, url: `https://x.com/${username}/status/${tweet.id}` });
    const [request] = tweetRequests(fakes, text);
    expect(request!.headers.authorization).not.toBe(`Bearer ${xTokens!.accessToken}`);
    expect(fakes.x.state.tokens.get(request!.headers.authorization!.slice(7))!.expiresAt).toBeGreaterThan(request!.at.getTime());
  });

  it("a 429 is waited out, then posted once", async () => {
    const { user } = await connectedUser(fakes, ["twitter"]);
    const text = uniqueText("Short token 429");
    const postId = await duePost(user.id, ["twitter"], text);
    fakes.x.failNext("POST /2/tweets", { status: 429 });
    await publishAllDue();
    expect(await deliveryOf(postId, "twitter")).toMatchObject({ status: "pending", errorCode: "rate_limited" });
    await timePasses(postId);
    await publishAllDue();
    await expectPublishedOnX(postId, text, user.id);
    expect((await deliveryOf(postId, "twitter")).attempts).toBe(2);
  });

  it("a 503 on the create request is reconciled, then posted once", async () => {
    const { user, xUserId } = await connectedUser(fakes, ["twitter"]);
    const text = uniqueText("Short token 503");
    const postId = await duePost(user.id, ["twitter"], text);
    fakes.x.failNext("POST /2/tweets", { status: 503, times: 2 });
    for (let attempt = 1; attempt <= 2; attempt++) {
      await publishAllDue();
      expect(await deliveryOf(postId, "twitter")).toMatchObject({ status: "pending", errorCode: "uncertain", attempts: attempt });
      await timePasses(postId);
    }
    await publishAllDue();
    await expectPublishedOnX(postId, text, user.id);
    const timeline = fakes.x.state.requests.filter((r) => r.method === "GET" && r.path === `/2/users/${xUserId}/tweets`);
    expect(timeline).toHaveLength(2);
    expect(tweetRequests(fakes, text)).toHaveLength(3);
  });

  it("a connection dropped after the tweet was created: the next attempt finds it, never posts twice", async () => {
    const { user } = await connectedUser(fakes, ["twitter"]);
    const text = uniqueText("Short token dropped");
    const postId = await duePost(user.id, ["twitter"], text);
    fakes.x.dropConnectionAfterHandling("POST /2/tweets");
    await publishAllDue();
    expect(await deliveryOf(postId, "twitter")).toMatchObject({ status: "pending", errorCode: "uncertain" });
    await timePasses(postId);
    await publishAllDue();
    await expectPublishedOnX(postId, text, user.id);
    expect(tweetRequests(fakes, text)).toHaveLength(1);
  });

  it("X's duplicate refusal on a first attempt fails at once with X's message", async () => {
    const { user } = await connectedUser(fakes, ["twitter"]);
    const text = uniqueText("Short token twice");
    const first = await duePost(user.id, ["twitter"], text);
    await publishAllDue();
    await expectPublishedOnX(first, text, user.id);
    const second = await duePost(user.id, ["twitter"], text);
    await publishAllDue();
    expect(await deliveryOf(second, "twitter")).toMatchObject({
      status: "failed",
      errorCode: "duplicate",
      lastError: "You are not allowed to create a Tweet with duplicate content.",
      attempts: 1,
    });
    expect(fakes.x.countTweets(text)).toBe(1);
  });

  it("a worker that died right after the tweet was created is reconciled by the next one", async () => {
    const { user } = await connectedUser(fakes, ["twitter"]);
    const text = uniqueText("Short token crash");
    const postId = await duePost(user.id, ["twitter"], text);
    const [claimed] = await claimDue("doomed-worker", "twitter", 1);
    expect(claimed?.postId).toBe(postId);
    const result = await attemptDelivery(claimed!, {
      workerId: "doomed-worker",
      stillMine: () => renewLease(claimed!.id, "doomed-worker"),
      beforeSend: (partId) => markSent(claimed!.id, "doomed-worker", partId),
    });
    expect(fakes.x.countTweets(text)).toBe(1);
    await getDb().delivery.updateMany({ where: { postId }, data: { leaseUntil: new Date(Date.now() - 1000) } });
    await publishAllDue();
    await expectPublishedOnX(postId, text, user.id);
    expect(await deliveryOf(postId, "twitter")).toMatchObject({ externalId: result.externalId, attempts: 2 });
  });

  it("two publishers delivering for one user at once: each post once, the chain never broken", async () => {
    const { user } = await connectedUser(fakes, ["twitter"]);
    const texts = [uniqueText("Short token A"), uniqueText("Short token B"), uniqueText("Short token C")];
    const postIds: string[] = [];
    for (const text of texts) postIds.push(await duePost(user.id, ["twitter"], text));
    const one = startPublisher({ concurrency: { linkedin: 1, twitter: 2 }, pollMs: 25, workerId: "short-one" });
    const two = startPublisher({ concurrency: { linkedin: 1, twitter: 1 }, pollMs: 25, workerId: "short-two" });
    await Promise.all([one.idle(), two.idle()]);
    await Promise.all([one.stop(), two.stop()]);
    for (const [i, postId] of postIds.entries()) await expectPublishedOnX(postId, texts[i]!, user.id);
    const row = await connectionOf(user.id, "twitter");
    expect((await getXMe(unseal(row.accessTokenEnc!))).id).toBe(row.providerUserId);
    expect(xRefreshes().length).toBeGreaterThan(0);
  });
});

describe("LinkedIn issuing access tokens shorter than the refresh margin", { timeout: 30_000 }, () => {
  it("with a refresh token: refreshed, and the new token used at once", async () => {
    const { user, linkedinToken } = await connectedUser(fakes, ["linkedin"], { linkedinRefreshToken: true });
    const text = uniqueText("LinkedIn short token");
    const postId = await duePost(user.id, ["linkedin"], text);
    await publishAllDue();
    expect((await postState(postId)).status).toBe("published");
    expect(fakes.linkedin.countPosts(text)).toBe(1);
    const row = await connectionOf(user.id, "linkedin");
    expect(row.status).toBe("active");
    expect(unseal(row.accessTokenEnc!)).not.toBe(linkedinToken);
  });

  it("without a refresh token: a token still valid is used until it runs out, not given up early", async () => {
    const { user } = await connectedUser(fakes, ["linkedin"]);
    const text = uniqueText("LinkedIn last seconds");
    const postId = await duePost(user.id, ["linkedin"], text);
    await publishAllDue();
    expect((await postState(postId)).status).toBe("published");
    expect(fakes.linkedin.countPosts(text)).toBe(1);
    expect((await connectionOf(user.id, "linkedin")).status).toBe("active");
  });
});
