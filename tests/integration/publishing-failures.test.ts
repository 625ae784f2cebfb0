// Every way a delivery can go wrong (ADR 0013, 0014), against the LinkedIn and X fakes: what the
// publisher records, when it tries again, and that a post never exists twice on a platform.
// Time-based retries are made due by moving nextAttemptAt back (what time passing would do).
import { createServer } from "node:net";
import sharp from "sharp";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { isProviderError } from "~/integrations/provider-error";
import { getXMe, refreshXToken } from "~/integrations/networks/twitter/client.server";
import { usableConnection } from "~/modules/connections/access-token.server";
import { unseal } from "~/modules/crypto/secrets.server";
import { getDb } from "~/modules/db/db.server";
import { resetEnvCache } from "~/core/env/env.server";
import { addImage } from "~/modules/posts/post-images.server";
import { createPost, publishNow, schedulePost } from "~/modules/posts/post.server";
import type { Platform } from "~/core/platforms/platforms";
import { claimDue, markSent, renewLease } from "~/modules/publishing/claim.server";
import { attemptDelivery } from "~/modules/publishing/deliver.server";
import { MAX_ATTEMPTS } from "~/modules/publishing/failures.server";
import { recordFailure, recordPublished } from "~/modules/publishing/outcome.server";
import { startPublisher } from "~/modules/publishing/publisher.server";
import {
  connectedUser,
  duePost,
  type Fakes,
  linkedinPostRequests,
  postState,
  publishAllDue,
  startFakes,
  timePasses,
  tweetRequests,
  uniqueText,
} from "../support/publishing";

let fakes: Fakes;
beforeAll(async () => {
  fakes = await startFakes();
});
afterAll(async () => {
  await fakes.close();
});

// Each test that changes the environment (a provider down, a shorter timeout) puts it back.
const savedEnv: Record<string, string | undefined> = {};
function setEnv(values: Record<string, string>) {
  for (const [key, value] of Object.entries(values)) {
    if (!(key in savedEnv)) savedEnv[key] = process.env[key];
    process.env[key] = value;
  }
  resetEnvCache();
}
afterEach(() => {
  for (const [key, value] of Object.entries(savedEnv)) {
    if (value === undefined) delete process.env[key];
    else process.env[key] = value;
    delete savedEnv[key];
  }
  resetEnvCache();
});

async function deliveryOf(postId: string, platform: Platform) {
  return getDb().delivery.findFirstOrThrow({ where: { postId, platform } });
}

/** Requests the fakes received that create a post with this text. */
const timelineRequests = (xUserId: string) => fakes.x.state.requests.filter((r) => r.method === "GET" && r.path === `/2/users/${xUserId}/tweets`);
const refreshRequests = (refreshToken: string) =>
  fakes.x.state.requests.filter((r) => r.path === "/2/oauth2/token" && r.body?.grant_type === "refresh_token" && r.body?.refresh_token === refreshToken);

async function waitFor(condition: () => boolean, timeoutMs = 5000) {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error("Timed out waiting for the fake");
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** A port nothing listens on: connections to it are refused. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (!address || typeof address === "string") throw new Error("No port");
  return address.port;
}

function nextMidnightUtc(at: number): number {
  const d = new Date(at);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate() + 1);
}

describe("rate limits (429) wait for the platform's reset", () => {
  it("X: back to pending until x-rate-limit-reset, then posted once", async () => {
    const { user } = await connectedUser(fakes, ["twitter"]);
    const text = uniqueText("X rate limited");
    const postId = await duePost(user.id, ["twitter"], text);
    fakes.x.failNext("POST /2/tweets", { status: 429 });
    const before = Date.now();
    await publishAllDue();
    const after = Date.now();
    const waiting = await deliveryOf(postId, "twitter");
    expect(waiting).toMatchObject({ status: "pending", errorCode: "rate_limited", lastError: "Rate limit exceeded", attempts: 1, leaseOwner: null });
    // The fake's 429 says the window resets in 15 minutes (x-rate-limit-reset, Unix seconds).
    const resetLow = Math.ceil((before + 15 * 60_000) / 1000) * 1000;
    const resetHigh = Math.ceil((after + 15 * 60_000) / 1000) * 1000;
    expect(waiting.nextAttemptAt!.getTime()).toBeGreaterThanOrEqual(resetLow);
    expect(waiting.nextAttemptAt!.getTime()).toBeLessThanOrEqual(resetHigh + 2000);
    expect((await postState(postId)).status).toBe("publishing");
    expect(fakes.x.countTweets(text)).toBe(0);

    // Nothing happens before the reset.
    await publishAllDue();
    expect((await deliveryOf(postId, "twitter")).attempts).toBe(1);

    await timePasses(postId);
    await publishAllDue();
    const post = await postState(postId);
    expect(post.status).toBe("published");
    expect(post.deliveries[0]).toMatchObject({ status: "published", attempts: 2, errorCode: null, lastError: null });
    expect(fakes.x.countTweets(text)).toBe(1);
  });

  it("X: the real per-user limit of the fake (remaining 0) is waited out the same way", async () => {
    const { user } = await connectedUser(fakes, ["twitter"]);
    const text = uniqueText("X user limit");
    const postId = await duePost(user.id, ["twitter"], text);
    const limits = fakes.x.state.limits;
    const saved = limits.tweetsPer15Min;
    limits.tweetsPer15Min = 0;
    const before = Date.now();
    try {
      await publishAllDue();
    } finally {
      limits.tweetsPer15Min = saved;
    }
    const waiting = await deliveryOf(postId, "twitter");
    expect(waiting).toMatchObject({ status: "pending", errorCode: "rate_limited" });
    expect(waiting.nextAttemptAt!.getTime()).toBeGreaterThanOrEqual(Math.floor((before + 15 * 60_000) / 1000) * 1000);
    expect(waiting.nextAttemptAt!.getTime()).toBeLessThanOrEqual(Date.now() + 15 * 60_000 + 3000);
    expect(fakes.x.countTweets(text)).toBe(0);
    await timePasses(postId);
    await publishAllDue();
    expect((await postState(postId)).status).toBe("published");
    expect(fakes.x.countTweets(text)).toBe(1);
  });

  it("LinkedIn: back to pending until midnight UTC, then posted once", async () => {
    const { user } = await connectedUser(fakes, ["linkedin"]);
    const text = uniqueText("LinkedIn daily limit");
    const postId = await duePost(user.id, ["linkedin"], text);
    fakes.linkedin.failNext("POST /rest/posts", { status: 429 });
    const before = Date.now();
    await publishAllDue();
    const after = Date.now();
    const waiting = await deliveryOf(postId, "linkedin");
    expect(waiting).toMatchObject({ status: "pending", errorCode: "rate_limited", attempts: 1 });
    expect(waiting.lastError).toMatch(/throttle/);
    expect(waiting.nextAttemptAt!.getTime()).toBeGreaterThanOrEqual(nextMidnightUtc(before));
    expect(waiting.nextAttemptAt!.getTime()).toBeLessThanOrEqual(nextMidnightUtc(after) + 2000);
    expect(fakes.linkedin.countPosts(text)).toBe(0);

    await timePasses(postId);
    await publishAllDue();
    const post = await postState(postId);
    expect(post.status).toBe("published");
    expect(post.deliveries[0]!.externalId).toMatch(/^urn:li:share:/);
    expect(fakes.linkedin.countPosts(text)).toBe(1);
  });

  it("a Retry-After header wins over LinkedIn's midnight", async () => {
    const { user } = await connectedUser(fakes, ["linkedin"]);
    const postId = await duePost(user.id, ["linkedin"], uniqueText("LinkedIn retry-after"));
    fakes.linkedin.failNext("POST /rest/posts", { status: 429, headers: { "Retry-After": "120" } });
    const before = Date.now();
    await publishAllDue();
    const waiting = await deliveryOf(postId, "linkedin");
    expect(waiting.status).toBe("pending");
    expect(waiting.nextAttemptAt!.getTime()).toBeGreaterThanOrEqual(before + 120_000);
    expect(waiting.nextAttemptAt!.getTime()).toBeLessThanOrEqual(Date.now() + 122_000);
    await timePasses(postId);
    await publishAllDue();
    expect((await postState(postId)).status).toBe("published");
  });
});

/** Backoff bounds of failures.server.ts: about 10 s × 3^(attempts − 1) ± 20 %, capped at 30 minutes. */
function expectBackoff(nextAttemptAt: Date | null, attempts: number, from: number, to: number) {
  const base = Math.min(10_000 * 3 ** (attempts - 1), 30 * 60_000);
  expect(nextAttemptAt!.getTime()).toBeGreaterThanOrEqual(from + base * 0.8);
  expect(nextAttemptAt!.getTime()).toBeLessThanOrEqual(to + base * 1.2);
}

describe("server errors and refused connections back off a bounded number of times", () => {
  it("X 503 on every attempt: reconciled and retried with growing backoff, then failed with the message", async () => {
    const { user, xUserId } = await connectedUser(fakes, ["twitter"]);
    const text = uniqueText("X always down");
    const postId = await duePost(user.id, ["twitter"], text);
    fakes.x.failNext("POST /2/tweets", { status: 503, times: MAX_ATTEMPTS });
    for (let attempt = 1; attempt < MAX_ATTEMPTS; attempt++) {
      const from = Date.now();
      await publishAllDue();
      const delivery = await deliveryOf(postId, "twitter");
      // A 5xx answering the create request may hide a created post: uncertain, sentAt kept.
      expect(delivery).toMatchObject({ status: "pending", attempts: attempt, errorCode: "uncertain", lastError: "Service Unavailable" });
      expect(delivery.sentAt).not.toBeNull();
      expectBackoff(delivery.nextAttemptAt, attempt, from, Date.now());
      await timePasses(postId);
    }
    await publishAllDue();
    const post = await postState(postId);
    expect(post.status).toBe("failed");
    expect(post.deliveries[0]).toMatchObject({
      status: "failed",
      attempts: MAX_ATTEMPTS,
      errorCode: "uncertain",
      lastError: "Service Unavailable",
      nextAttemptAt: null,
    });
    // Every retry looked for an earlier tweet before posting again.
    expect(timelineRequests(xUserId!)).toHaveLength(MAX_ATTEMPTS - 1);
    expect(tweetRequests(fakes, text)).toHaveLength(MAX_ATTEMPTS);
    expect(fakes.x.countTweets(text)).toBe(0);
    expect(await getDb().notification.count({ where: { postId, kind: "publish_failed" } })).toBe(1);
    // It is over: no more attempts.
    await timePasses(postId);
    await publishAllDue();
    expect(tweetRequests(fakes, text)).toHaveLength(MAX_ATTEMPTS);
  });

  it("LinkedIn 500 twice, then up: published once", async () => {
    const { user } = await connectedUser(fakes, ["linkedin"]);
    const text = uniqueText("LinkedIn flaky");
    const postId = await duePost(user.id, ["linkedin"], text);
    fakes.linkedin.failNext("POST /rest/posts", { status: 500, times: 2 });
    for (let attempt = 1; attempt <= 2; attempt++) {
      const from = Date.now();
      await publishAllDue();
      const delivery = await deliveryOf(postId, "linkedin");
      expect(delivery).toMatchObject({ status: "pending", attempts: attempt, lastError: "Internal Server Error" });
      expectBackoff(delivery.nextAttemptAt, attempt, from, Date.now());
      await timePasses(postId);
    }
    await publishAllDue();
    expect((await postState(postId)).deliveries[0]).toMatchObject({ status: "published", attempts: 3 });
    expect(fakes.linkedin.countPosts(text)).toBe(1);
  });

  it("a 5xx while uploading an image (nothing posted yet) is a plain retry", async () => {
    const { user } = await connectedUser(fakes, ["linkedin"]);
    const text = uniqueText("LinkedIn upload down");
    const postId = await duePost(user.id, ["linkedin"], text, 1);
    fakes.linkedin.failNext("POST /rest/images", { status: 502 });
    await publishAllDue();
    const delivery = await deliveryOf(postId, "linkedin");
    expect(delivery).toMatchObject({ status: "pending", errorCode: "server_error", attempts: 1, sentAt: null });
    expect(linkedinPostRequests(fakes, text)).toHaveLength(0);
    await timePasses(postId);
    await publishAllDue();
    expect((await postState(postId)).status).toBe("published");
    const stored = fakes.linkedin.state.posts.filter((p) => p.text === text);
    expect(stored).toHaveLength(1);
    expect(stored[0]!.imageUrns).toHaveLength(1);
  });

  it("LinkedIn refusing connections: retried with backoff, then failed as unreachable", async () => {
    const { user } = await connectedUser(fakes, ["linkedin"]);
    const text = uniqueText("LinkedIn unreachable");
    const postId = await duePost(user.id, ["linkedin"], text);
    setEnv({ LINKEDIN_API_URL: `http://127.0.0.1:${await closedPort()}` });
    for (let attempt = 1; attempt < MAX_ATTEMPTS; attempt++) {
      const from = Date.now();
      await publishAllDue();
      const delivery = await deliveryOf(postId, "linkedin");
      expect(delivery).toMatchObject({ status: "pending", attempts: attempt, errorCode: "network" });
      expect(delivery.lastError).toMatch(/ECONNREFUSED/);
      expectBackoff(delivery.nextAttemptAt, attempt, from, Date.now());
      await timePasses(postId);
    }
    await publishAllDue();
    const post = await postState(postId);
    expect(post.status).toBe("failed");
    expect(post.deliveries[0]).toMatchObject({ status: "failed", errorCode: "unreachable", attempts: MAX_ATTEMPTS });
    expect(post.deliveries[0]!.lastError).toBe("LinkedIn post: ECONNREFUSED");
    expect(fakes.linkedin.countPosts(text)).toBe(0);
  });

  it("X refusing connections for a while: published once it is back", async () => {
    const { user } = await connectedUser(fakes, ["twitter"]);
    const text = uniqueText("X back up");
    const postId = await duePost(user.id, ["twitter"], text);
    setEnv({ X_API_URL: `http://127.0.0.1:${await closedPort()}` });
    await publishAllDue();
    await timePasses(postId);
    await publishAllDue();
    expect(await deliveryOf(postId, "twitter")).toMatchObject({ status: "pending", attempts: 2, errorCode: "network" });
    setEnv({ X_API_URL: fakes.x.apiUrl });
    await timePasses(postId);
    await publishAllDue();
    const post = await postState(postId);
    expect(post.status).toBe("published");
    expect(post.deliveries[0]!.attempts).toBe(3);
    expect(fakes.x.countTweets(text)).toBe(1);
  });
});

describe("an answer lost after the platform created the post is reconciled, never posted twice", () => {
  it("X: the connection drops after the tweet was created; the next attempt finds it in the timeline", async () => {
    const { user, xUserId } = await connectedUser(fakes, ["twitter"]);
    const text = uniqueText("X dropped");
    const postId = await duePost(user.id, ["twitter"], text);
    fakes.x.dropConnectionAfterHandling("POST /2/tweets");
    await publishAllDue();
    const uncertain = await deliveryOf(postId, "twitter");
    expect(uncertain).toMatchObject({ status: "pending", errorCode: "uncertain" });
    expect(uncertain.sentAt).not.toBeNull();
    expect(fakes.x.countTweets(text)).toBe(1);

    await timePasses(postId);
    await publishAllDue();
    const post = await postState(postId);
    const tweet = fakes.x.state.tweets.find((t) => t.text === text)!;
    const username = fakes.x.state.users.get(xUserId!)!.username;
    expect(post.status).toBe("published");
    expect(post.deliveries[0]).toMatchObject({ status: "published", externalId: tweet.id, url: `https://x.com/${username}/status/${tweet.id}` });
    expect(tweetRequests(fakes, text)).toHaveLength(1); // found, not posted again
    expect(fakes.x.countTweets(text)).toBe(1);
  });

  it("LinkedIn: the connection drops after the post was created; the next attempt gets DUPLICATE_POST naming it", async () => {
    const { user } = await connectedUser(fakes, ["linkedin"]);
    const text = uniqueText("LinkedIn dropped");
    const postId = await duePost(user.id, ["linkedin"], text, 1);
    fakes.linkedin.dropConnectionAfterHandling("POST /rest/posts");
    await publishAllDue();
    expect(await deliveryOf(postId, "linkedin")).toMatchObject({ status: "pending", errorCode: "uncertain" });
    expect(fakes.linkedin.countPosts(text)).toBe(1);

    await timePasses(postId);
    await publishAllDue();
    const post = await postState(postId);
    const stored = fakes.linkedin.state.posts.find((p) => p.text === text)!;
    expect(post.status).toBe("published");
    expect(post.deliveries[0]).toMatchObject({ status: "published", externalId: stored.urn, url: `https://www.linkedin.com/feed/update/${stored.urn}/` });
    expect(linkedinPostRequests(fakes, text)).toHaveLength(2);
    expect(fakes.linkedin.countPosts(text)).toBe(1);
  });

  it("X: an answer slower than PROVIDER_TIMEOUT_MS (the tweet is created after the client gave up)", async () => {
    setEnv({ PROVIDER_TIMEOUT_MS: "1000" });
    const { user } = await connectedUser(fakes, ["twitter"]);
    const text = uniqueText("X slow");
    const postId = await duePost(user.id, ["twitter"], text);
    fakes.x.failNext("POST /2/tweets", { delayMs: 1400 });
    await publishAllDue();
    const uncertain = await deliveryOf(postId, "twitter");
    expect(uncertain).toMatchObject({ status: "pending", errorCode: "uncertain", lastError: "X post: no answer within 1000 ms" });
    await waitFor(() => fakes.x.countTweets(text) === 1);

    await timePasses(postId);
    await publishAllDue();
    const post = await postState(postId);
    const tweet = fakes.x.state.tweets.find((t) => t.text === text)!;
    expect(post.deliveries[0]).toMatchObject({ status: "published", externalId: tweet.id });
    expect(fakes.x.countTweets(text)).toBe(1);
    expect(tweetRequests(fakes, text)).toHaveLength(1);
  });

  it("LinkedIn: an answer slower than PROVIDER_TIMEOUT_MS", async () => {
    setEnv({ PROVIDER_TIMEOUT_MS: "1000" });
    const { user } = await connectedUser(fakes, ["linkedin"]);
    const text = uniqueText("LinkedIn slow");
    const postId = await duePost(user.id, ["linkedin"], text);
    fakes.linkedin.failNext("POST /rest/posts", { delayMs: 1400 });
    await publishAllDue();
    expect(await deliveryOf(postId, "linkedin")).toMatchObject({
      status: "pending",
      errorCode: "uncertain",
      lastError: "LinkedIn post: no answer within 1000 ms",
    });
    await waitFor(() => fakes.linkedin.countPosts(text) === 1);

    await timePasses(postId);
    await publishAllDue();
    const stored = fakes.linkedin.state.posts.find((p) => p.text === text)!;
    expect((await postState(postId)).deliveries[0]).toMatchObject({ status: "published", externalId: stored.urn });
    expect(fakes.linkedin.countPosts(text)).toBe(1);
  });

  it("both platforms of one post dropped at once: each reconciled, the post published once everywhere", async () => {
    const { user } = await connectedUser(fakes);
    const text = uniqueText("Both dropped");
    const postId = await duePost(user.id, ["linkedin", "twitter"], text, 2);
    fakes.x.dropConnectionAfterHandling("POST /2/tweets");
    fakes.linkedin.dropConnectionAfterHandling("POST /rest/posts");
    await publishAllDue();
    expect((await postState(postId)).status).toBe("publishing");
    await timePasses(postId);
    await publishAllDue();
    const post = await postState(postId);
    expect(post.status).toBe("published");
    expect(post.deliveries.map((d) => d.status)).toEqual(["published", "published"]);
    expect(fakes.linkedin.countPosts(text)).toBe(1);
    expect(fakes.x.countTweets(text)).toBe(1);
  });
});

describe("refusals", () => {
  it("X 401: the connection needs reconnecting and the delivery fails with that reason", async () => {
    const { user, xTokens } = await connectedUser(fakes, ["twitter"]);
    fakes.x.revoke(xTokens!.accessToken);
    const postId = await duePost(user.id, ["twitter"], uniqueText("X unauthorized"));
    await publishAllDue();
    const post = await postState(postId);
    expect(post.status).toBe("failed");
    expect(post.deliveries[0]).toMatchObject({ status: "failed", errorCode: "needs_reconnect", lastError: "Unauthorized", attempts: 1, sentAt: null });
    const connection = await getDb().channel.findFirstOrThrow({ where: { userId: user.id, network: "twitter" } });
    expect(connection.status).toBe("needs_reconnect");
    expect(await getDb().notification.count({ where: { postId, kind: "publish_failed" } })).toBe(1);
  });

  it("LinkedIn 401 on the post: needs reconnecting, and scheduling for it is refused until reconnected", async () => {
    const { user } = await connectedUser(fakes, ["linkedin"]);
    const text = uniqueText("LinkedIn unauthorized");
    const postId = await duePost(user.id, ["linkedin"], text);
    fakes.linkedin.failNext("POST /rest/posts", { status: 401 });
    await publishAllDue();
    expect(await deliveryOf(postId, "linkedin")).toMatchObject({ status: "failed", errorCode: "needs_reconnect", lastError: "Invalid access token" });
    const connection = await getDb().channel.findFirstOrThrow({ where: { userId: user.id, network: "linkedin" } });
    expect(connection.status).toBe("needs_reconnect");

    await expect(duePost(user.id, ["linkedin"], uniqueText("LinkedIn after 401"))).rejects.toThrow();
  });

  it("X duplicate (403) on a first attempt fails at once with X's message, and the earlier tweet stays alone", async () => {
    const { user } = await connectedUser(fakes, ["twitter"]);
    const text = uniqueText("X said twice");
    const first = await duePost(user.id, ["twitter"], text);
    await publishAllDue();
    expect((await postState(first)).status).toBe("published");
    const second = await duePost(user.id, ["twitter"], text);
    await publishAllDue();
    const post = await postState(second);
    expect(post.status).toBe("failed");
    expect(post.deliveries[0]).toMatchObject({
      status: "failed",
      errorCode: "duplicate",
      lastError: "You are not allowed to create a Tweet with duplicate content.",
      attempts: 1,
      sentAt: null,
      nextAttemptAt: null,
    });
    expect(fakes.x.countTweets(text)).toBe(1);
  });

  it("LinkedIn 400 fails at once with LinkedIn's message", async () => {
    const { user } = await connectedUser(fakes, ["linkedin"]);
    const text = uniqueText("LinkedIn bad request");
    const postId = await duePost(user.id, ["linkedin"], text);
    fakes.linkedin.failNext("POST /rest/posts", { status: 400, body: { message: "Invalid value for field commentary", serviceErrorCode: 100, status: 400 } });
    await publishAllDue();
    const post = await postState(postId);
    expect(post.status).toBe("failed");
    expect(post.errorCode).toBe("delivery_failed");
    expect(post.deliveries[0]).toMatchObject({
      status: "failed",
      errorCode: "100",
      lastError: "Invalid value for field commentary",
      attempts: 1,
      sentAt: null,
    });
    await timePasses(postId);
    await publishAllDue();
    expect(linkedinPostRequests(fakes, text)).toHaveLength(1);
  });

  it("LinkedIn's duplicate on a FIRST attempt is a refusal (someone posted it), not a success", async () => {
    const { user } = await connectedUser(fakes, ["linkedin"]);
    const text = uniqueText("LinkedIn already there");
    const first = await duePost(user.id, ["linkedin"], text);
    await publishAllDue();
    const second = await duePost(user.id, ["linkedin"], text);
    await publishAllDue();
    expect(await deliveryOf(second, "linkedin")).toMatchObject({ status: "failed", errorCode: "DUPLICATE_POST" });
    expect((await deliveryOf(first, "linkedin")).status).toBe("published");
    expect(fakes.linkedin.countPosts(text)).toBe(1);
  });
});

describe("leases", () => {
  it("a delivery still leased to a live worker is left alone; once the lease expires it is taken over and finished", async () => {
    const { user } = await connectedUser(fakes, ["linkedin"]);
    const text = uniqueText("Held by a crashed worker");
    const postId = await duePost(user.id, ["linkedin"], text);
    const { count } = await getDb().delivery.updateMany({
      where: { postId },
      data: { status: "publishing", leaseOwner: "crashed-worker", leaseUntil: new Date(Date.now() + 60_000), attempts: 1 },
    });
    expect(count).toBe(1);
    await publishAllDue();
    expect(await deliveryOf(postId, "linkedin")).toMatchObject({ status: "publishing", leaseOwner: "crashed-worker" });
    expect(linkedinPostRequests(fakes, text)).toHaveLength(0);

    await getDb().delivery.updateMany({ where: { postId }, data: { leaseUntil: new Date(Date.now() - 1000) } });
    await publishAllDue();
    const post = await postState(postId);
    expect(post.status).toBe("published");
    expect(post.deliveries[0]).toMatchObject({ status: "published", attempts: 2, leaseOwner: null, leaseUntil: null });
    expect(fakes.linkedin.countPosts(text)).toBe(1);
  });

  for (const platform of ["linkedin", "twitter"] as const) {
    it(`${platform}: a worker that died right after the post was created is reconciled by the next one, and its late writes are ignored`, async () => {
      const { user } = await connectedUser(fakes, [platform]);
      const text = uniqueText(`Died after posting ${platform}`);
      const postId = await duePost(user.id, [platform], text);
      // The doomed worker runs the real attempt, then "crashes" before recording anything.
      const [claimed] = await claimDue("doomed-worker", platform, 1);
      expect(claimed?.postId).toBe(postId);
      const result = await attemptDelivery(claimed!, {
        workerId: "doomed-worker",
        stillMine: () => renewLease(claimed!.id, "doomed-worker"),
        beforeSend: (partId) => markSent(claimed!.id, "doomed-worker", partId),
      });
      const count = () => (platform === "linkedin" ? fakes.linkedin.countPosts(text) : fakes.x.countTweets(text));
      expect(count()).toBe(1);
      await getDb().delivery.updateMany({ where: { postId }, data: { leaseUntil: new Date(Date.now() - 1000) } });

      await publishAllDue();
      const published = await deliveryOf(postId, platform);
      expect(published).toMatchObject({ status: "published", externalId: result.externalId, url: result.url, attempts: 2 });
      expect(count()).toBe(1);

      // The dead worker's writes, arriving late, change nothing.
      await recordFailure(
        { id: claimed!.id, platform, postId, targetId: claimed!.targetId },
        "doomed-worker",
        { kind: "fail", code: "late", message: "late" },
        { userId: user.id },
      );
      await recordPublished(claimed!.id, "doomed-worker", { externalId: "other", url: "https://example.com/other", lastPart: null });
      expect(await deliveryOf(postId, platform)).toMatchObject({ status: "published", externalId: result.externalId, publishedAt: published.publishedAt });
      expect((await postState(postId)).status).toBe("published");
    });
  }
});

describe("a worker that dies between recording a delivery and settling its post", () => {
  async function doomedAttempt(platforms: Platform[], text: string) {
    const { user } = await connectedUser(fakes, platforms);
    const postId = await duePost(user.id, platforms, text);
    await getDb().post.update({ where: { id: postId }, data: { status: "publishing" } });
    return { user, postId };
  }
  // The sweep takes a post for stranded once its deliveries have been quiet for a lease (2 minutes).
  const aLeaseAgo = () => new Date(Date.now() - 121_000);

  it("the post still ends up published (not left 'publishing' forever)", async () => {
    const text = uniqueText("Died before settling");
    const { postId } = await doomedAttempt(["twitter"], text);
    const [claimed] = await claimDue("doomed-worker", "twitter", 1);
    expect(claimed?.postId).toBe(postId);
    // recordPublished's first write, then the process is gone before the post is settled.
    await getDb().delivery.updateMany({
      where: { id: claimed!.id, leaseOwner: "doomed-worker" },
      data: {
        status: "published",
        externalId: "1",
        url: "https://x.com/i/status/1",
        publishedAt: new Date(),
        leaseOwner: null,
        leaseUntil: null,
        updatedAt: aLeaseAgo(),
      },
    });
    expect((await postState(postId)).status).toBe("publishing");
    await publishAllDue();
    const post = await postState(postId);
    expect(post.status).toBe("published");
    expect(post.publishedAt).not.toBeNull();
  });

  it("a failure recorded just before dying still fails the post and tells the user", async () => {
    const text = uniqueText("Died before settling a failure");
    const { postId } = await doomedAttempt(["linkedin"], text);
    const [claimed] = await claimDue("doomed-worker", "linkedin", 1);
    await getDb().delivery.updateMany({
      where: { id: claimed!.id, leaseOwner: "doomed-worker" },
      data: { status: "failed", errorCode: "100", lastError: "Refused", nextAttemptAt: null, leaseOwner: null, leaseUntil: null, updatedAt: aLeaseAgo() },
    });
    await publishAllDue();
    const post = await postState(postId);
    expect(post.status).toBe("failed");
    expect(await getDb().notification.count({ where: { postId, kind: "publish_failed" } })).toBe(1);
  });
});

describe("retry from the post", () => {
  it("re-runs only the failed platform; the published one is never posted again", async () => {
    const { user } = await connectedUser(fakes);
    const text = uniqueText("Half published");
    const postId = await duePost(user.id, ["linkedin", "twitter"], text);
    fakes.linkedin.failNext("POST /rest/posts", { status: 400, body: { message: "Temporarily refused", status: 400 } });
    await publishAllDue();
    const failed = await postState(postId);
    expect(failed.status).toBe("failed");
    expect(failed.errorMessage).toBe("linkedin");
    const [linkedinBefore, xBefore] = failed.deliveries;
    expect(linkedinBefore).toMatchObject({ status: "failed", lastError: "Temporarily refused" });
    expect(xBefore!.status).toBe("published");

    await publishNow(user.id, postId);
    await publishAllDue();
    const post = await postState(postId);
    expect(post.status).toBe("published");
    expect(post.errorCode).toBeNull();
    const [linkedin, x] = post.deliveries;
    expect(linkedin).toMatchObject({ status: "published", errorCode: null, lastError: null });
    expect(x).toMatchObject({ status: "published", externalId: xBefore!.externalId, publishedAt: xBefore!.publishedAt, attempts: xBefore!.attempts });
    expect(tweetRequests(fakes, text)).toHaveLength(1);
    expect(fakes.x.countTweets(text)).toBe(1);
    expect(fakes.linkedin.countPosts(text)).toBe(1);
  });

  it("retrying an uncertain failure looks for the post first", async () => {
    const { user } = await connectedUser(fakes, ["twitter"]);
    const text = uniqueText("Uncertain then retried");
    const postId = await duePost(user.id, ["twitter"], text);
    // The tweet is created, but every answer is lost until the publisher gives up.
    fakes.x.dropConnectionAfterHandling("POST /2/tweets");
    fakes.x.failNext((r) => r.method === "GET" && r.path.endsWith("/tweets"), { status: 503, times: MAX_ATTEMPTS - 1 });
    for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
      await publishAllDue();
      await timePasses(postId);
    }
    const failed = await deliveryOf(postId, "twitter");
    expect(failed).toMatchObject({ status: "failed", errorCode: "server_error", attempts: MAX_ATTEMPTS });
    expect(failed.sentAt).not.toBeNull(); // still uncertain: a manual retry must reconcile
    await publishNow(user.id, postId);
    await publishAllDue();
    const tweet = fakes.x.state.tweets.find((t) => t.text === text)!;
    expect(await deliveryOf(postId, "twitter")).toMatchObject({ status: "published", externalId: tweet.id });
    expect(fakes.x.countTweets(text)).toBe(1);
  });
});

describe("images", () => {
  it("a WebP image reaches LinkedIn as PNG (and X as WebP)", async () => {
    const { user } = await connectedUser(fakes);
    const text = uniqueText("WebP");
    const webp = await sharp({ create: { width: 64, height: 48, channels: 3, background: { r: 200, g: 30, b: 90 } } })
      .webp()
      .toBuffer();
    const post = await createPost(user.id, { platforms: ["linkedin", "twitter"], linkedinText: text, twitterText: text });
    const image = await addImage(user.id, post.id, webp, "a red card");
    expect(image.mimeType).toBe("image/webp");
    await schedulePost(user.id, post.id, new Date(Date.now() + 120_000));
    await getDb().delivery.updateMany({ where: { postId: post.id }, data: { nextAttemptAt: new Date(Date.now() - 1000) } });
    await publishAllDue();
    expect((await postState(post.id)).status).toBe("published");

    const stored = fakes.linkedin.state.posts.find((p) => p.text === text)!;
    expect(stored.body.content.media.altText).toBe("a red card");
    const uploaded = fakes.linkedin.state.images.get(stored.imageUrns[0]!)!;
    expect(uploaded.contentType).toBe("image/png");
    expect(uploaded.bytes!.subarray(0, 8).toString("hex")).toBe("89504e470d0a1a0a");
    const meta = await sharp(uploaded.bytes!).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(["png", 64, 48]);

    const tweet = fakes.x.state.tweets.find((t) => t.text === text)!;
    const media = fakes.x.state.media.get(tweet.mediaIds[0]!)!;
    expect(media.bytes.equals(webp)).toBe(true);
  });
});

describe("tokens", () => {
  async function xConnection(userId: string) {
    return getDb().channel.findFirstOrThrow({ where: { userId, network: "twitter" } });
  }

  /**
   * The access token ran out (at X and in our records) after the posts were scheduled. (Scheduling
   * itself refuses an X connection whose access token has expired: see the report on usablePlatforms.)
   */
  async function expireX(userId: string, accessToken: string) {
    fakes.x.expireAccessToken(accessToken);
    await getDb().channel.updateMany({ where: { userId, network: "twitter" }, data: { expiresAt: new Date(Date.now() - 1000) } });
  }

  it("an expired X access token is refreshed: the new pair is stored sealed before it is used", async () => {
    const { user, xTokens } = await connectedUser(fakes, ["twitter"]);
    const old = xTokens!;
    const text = uniqueText("After refresh");
    const postId = await duePost(user.id, ["twitter"], text);
    await expireX(user.id, old.accessToken);
    await publishAllDue();
    expect((await postState(postId)).status).toBe("published");

    const row = await xConnection(user.id);
    const accessToken = unseal(row.accessTokenEnc!);
    const refreshToken = unseal(row.refreshTokenEnc!);
    expect(accessToken).not.toBe(old.accessToken);
    expect(refreshToken).not.toBe(old.refreshToken);
    expect(row.accessTokenEnc).not.toContain(accessToken);
    expect(row.refreshTokenEnc).not.toContain(refreshToken);
    expect(row.expiresAt!.getTime()).toBeGreaterThan(Date.now() + 7000_000);
    expect(row.refreshLeaseUntil).toBeNull();
    expect(fakes.x.state.refreshTokens.has(refreshToken)).toBe(true);
    expect(refreshRequests(old.refreshToken)).toHaveLength(1);

    const [tweetRequest] = tweetRequests(fakes, text);
    expect(tweetRequest!.headers.authorization).toBe(`Bearer ${accessToken}`);
    expect(row.updatedAt.getTime()).toBeLessThanOrEqual(tweetRequest!.at.getTime());

    // The old refresh token was spent (and reusing it is refused; on X that also kills the chain).
    expect(fakes.x.state.refreshTokens.get(old.refreshToken)!.used).toBe(true);
    const reuse = await refreshXToken(old.refreshToken).catch((error: unknown) => error);
    expect(isProviderError(reuse) && reuse.status).toBe(400);
  });

  it("two refreshes of one connection at once do one refresh at X and both get the stored token", async () => {
    const { user, xTokens } = await connectedUser(fakes, ["twitter"]);
    await expireX(user.id, xTokens!.accessToken);
    const [a, b] = await Promise.all([usableConnection(user.id, "twitter"), usableConnection(user.id, "twitter")]);
    expect(a.accessToken).toBe(b.accessToken);
    expect(a.accessToken).not.toBe(xTokens!.accessToken);
    expect(refreshRequests(xTokens!.refreshToken)).toHaveLength(1);
    const row = await xConnection(user.id);
    expect(unseal(row.accessTokenEnc!)).toBe(a.accessToken);
    expect(row.refreshLeaseUntil).toBeNull();
    // The stored pair still works at X (no refresh token was reused, the chain is alive).
    expect((await getXMe(a.accessToken)).id).toBe(row.providerUserId);
    const stored = fakes.x.state.refreshTokens.get(unseal(row.refreshTokenEnc!))!;
    expect(stored.used).toBe(false);
    expect(fakes.x.state.invalidatedChains.has(stored.chainId)).toBe(false);
  });

  it("two publishers delivering for the same user at once refresh once and never lose the token", async () => {
    const { user, xTokens } = await connectedUser(fakes, ["twitter"]);
    const texts = [uniqueText("Concurrent refresh A"), uniqueText("Concurrent refresh B"), uniqueText("Concurrent refresh C")];
    const postIds = [];
    for (const text of texts) postIds.push(await duePost(user.id, ["twitter"], text));
    await expireX(user.id, xTokens!.accessToken);
    // Two publishers (as two processes would), plus two deliveries inside one of them.
    const one = startPublisher({ concurrency: { linkedin: 1, twitter: 2 }, pollMs: 25, workerId: "publisher-one" });
    const two = startPublisher({ concurrency: { linkedin: 1, twitter: 1 }, pollMs: 25, workerId: "publisher-two" });
    await Promise.all([one.idle(), two.idle()]);
    await Promise.all([one.stop(), two.stop()]);
    for (const postId of postIds) expect((await postState(postId)).status).toBe("published");
    for (const text of texts) expect(fakes.x.countTweets(text)).toBe(1);
    expect(refreshRequests(xTokens!.refreshToken)).toHaveLength(1);
    const row = await xConnection(user.id);
    expect(row.status).toBe("active");
    const accessToken = unseal(row.accessTokenEnc!);
    expect((await getXMe(accessToken)).id).toBe(row.providerUserId);
    const stored = fakes.x.state.refreshTokens.get(unseal(row.refreshTokenEnc!))!;
    expect(fakes.x.state.invalidatedChains.has(stored.chainId)).toBe(false);
  });

  it("a refused refresh (revoked refresh token) marks the connection for reconnection", async () => {
    const { user, xTokens } = await connectedUser(fakes, ["twitter"]);
    const text = uniqueText("Refresh refused");
    const postId = await duePost(user.id, ["twitter"], text);
    await expireX(user.id, xTokens!.accessToken);
    fakes.x.revoke(xTokens!.refreshToken);
    await publishAllDue();
    const post = await postState(postId);
    expect(post.status).toBe("failed");
    expect(post.deliveries[0]).toMatchObject({ status: "failed", errorCode: "needs_reconnect", attempts: 1 });
    expect(post.deliveries[0]!.lastError).toMatch(/needs_reconnect/);
    const row = await xConnection(user.id);
    expect(row.status).toBe("needs_reconnect");
    expect(row.refreshLeaseUntil).toBeNull();
    expect(refreshRequests(xTokens!.refreshToken)).toHaveLength(1);
    expect(tweetRequests(fakes, text)).toHaveLength(0);
    expect(await getDb().notification.count({ where: { postId, kind: "publish_failed" } })).toBe(1);
  });

  it("an expired LinkedIn token without a refresh token needs reconnecting (no call to LinkedIn)", async () => {
    const { user, linkedinToken } = await connectedUser(fakes, ["linkedin"]);
    const text = uniqueText("LinkedIn expired");
    const postId = await duePost(user.id, ["linkedin"], text);
    fakes.linkedin.expireToken(linkedinToken!);
    await getDb().channel.updateMany({ where: { userId: user.id, network: "linkedin" }, data: { expiresAt: new Date(Date.now() - 1000) } });
    await publishAllDue();
    expect(await deliveryOf(postId, "linkedin")).toMatchObject({ status: "failed", errorCode: "needs_reconnect" });
    expect((await getDb().channel.findFirstOrThrow({ where: { userId: user.id, network: "linkedin" } })).status).toBe("needs_reconnect");
    expect(linkedinPostRequests(fakes, text)).toHaveLength(0);
  });
});
