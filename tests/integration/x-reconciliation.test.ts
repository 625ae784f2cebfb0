// After an uncertain attempt (answer lost, timeout, crash) the publisher looks for the tweet on the
// account before posting again (ADR 0013, 0018). X shows the text back its own way (escaped, t.co
// links for URLs and photos, as the fake does): the tweet must still be recognised, and X's
// duplicate refusal must not turn a live tweet into a failed post.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTweet } from "~/integrations/networks/twitter/client.server";
import { getDb } from "~/modules/db/db.server";
import {
  connectedUser,
  deliveryOf,
  duePost,
  failureNotices,
  type Fakes,
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

const isTimeline = (xUserId: string) => (r: { method: string; path: string }) => r.method === "GET" && r.path === `/2/users/${xUserId}/tweets`;

/** The tweet is created but its answer is lost; the next attempt must find it and not post again. */
async function expectReconciled(text: string, images = 0) {
  const { user } = await connectedUser(fakes, ["twitter"]);
  const postId = await duePost(user.id, ["twitter"], text, images);
  fakes.x.dropConnectionAfterHandling("POST /2/tweets");
  await publishAllDue();
  expect(await deliveryOf(postId, "twitter")).toMatchObject({ status: "pending", errorCode: "uncertain" });
  const tweet = fakes.x.state.tweets.find((t) => t.text === text)!;
  expect(tweet.shownText).not.toBe(text); // X shows it otherwise

  await timePasses(postId);
  await publishAllDue();
  const post = await postState(postId);
  expect(post.status).toBe("published");
  expect(post.deliveries[0]).toMatchObject({ status: "published", externalId: tweet.id, attempts: 2 });
  expect(tweetRequests(fakes, text)).toHaveLength(1);
  expect(fakes.x.countTweets(text)).toBe(1);
}

describe("an uncertain tweet is recognised however X shows its text", () => {
  it("with &, < and > (HTML-escaped by X)", async () => {
    await expectReconciled(uniqueText("Tom & Jerry <3 >_<"));
  });

  it("with a photo (X appends a t.co link)", async () => {
    await expectReconciled(uniqueText("Sunset over the bay"), 1);
  });

  it("with URLs in the text, a bare domain too (X replaces them by t.co links)", async () => {
    await expectReconciled(uniqueText("Read https://example.com/notes?a=1&b=2 and example.org"));
  });
});

describe("X's duplicate refusal after an uncertain attempt", () => {
  it("the timeline did not show the tweet yet: the duplicate 403 sends the publisher looking again, and it is published", async () => {
    const { user, xUserId } = await connectedUser(fakes, ["twitter"]);
    const text = uniqueText("Lagging timeline & photo");
    const postId = await duePost(user.id, ["twitter"], text, 1);
    fakes.x.dropConnectionAfterHandling("POST /2/tweets");
    await publishAllDue();
    expect(await deliveryOf(postId, "twitter")).toMatchObject({ status: "pending", errorCode: "uncertain" });

    // The first look finds nothing yet (as a timeline lagging behind would answer).
    fakes.x.failNext(isTimeline(xUserId!), { status: 200, body: { meta: { result_count: 0 } } });
    await timePasses(postId);
    await publishAllDue();
    const tweet = fakes.x.state.tweets.find((t) => t.text === text)!;
    const post = await postState(postId);
    expect(post.status).toBe("published");
    expect(post.deliveries[0]).toMatchObject({ status: "published", externalId: tweet.id, errorCode: null, lastError: null });
    expect(tweetRequests(fakes, text)).toHaveLength(2); // posted again, refused as a duplicate
    expect(fakes.x.state.requests.filter(isTimeline(xUserId!))).toHaveLength(2);
    expect(fakes.x.countTweets(text)).toBe(1);
    expect(await getDb().notification.count({ where: { postId } })).toBe(0);
  });

  it("the same text was on the account before the attempt: fails at once with a clear reason, no retry loop", async () => {
    const { user, xTokens } = await connectedUser(fakes, ["twitter"]);
    const text = uniqueText("Said by hand two hours ago");
    await createTweet(xTokens!.accessToken, { text, mediaIds: [] });
    fakes.x.state.tweets.at(-1)!.createdAt = new Date(Date.now() - 2 * 3600_000);
    const postId = await duePost(user.id, ["twitter"], text);
    // A 503 on the create: uncertain (X may have created it), though here it did not.
    fakes.x.failNext("POST /2/tweets", { status: 503 });
    await publishAllDue();
    expect(await deliveryOf(postId, "twitter")).toMatchObject({ status: "pending", errorCode: "uncertain" });

    await timePasses(postId);
    await publishAllDue();
    const failed = await deliveryOf(postId, "twitter");
    expect(failed).toMatchObject({ status: "failed", errorCode: "duplicate_not_found", attempts: 2, nextAttemptAt: null });
    expect(failed.lastError).toMatch(/^X refused the tweet as a duplicate, but the tweet of the earlier, unconfirmed attempt is not on the account/);
    expect(failed.sentAt).not.toBeNull(); // a manual retry looks again first
    expect((await postState(postId)).status).toBe("failed");
    expect(await failureNotices(postId)).toBe(1);

    await timePasses(postId);
    await publishAllDue();
    expect(tweetRequests(fakes, text)).toHaveLength(3); // by hand, the 503, the duplicate: nothing since
    expect(fakes.x.countTweets(text)).toBe(1);
  });
});
