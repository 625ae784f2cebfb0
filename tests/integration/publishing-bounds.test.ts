// Nothing keeps a delivery going round for ever, and stopping a publisher never sends twice
// (ADR 0013, 0019): a delivery that keeps stopping its publisher fails at claim time, a platform
// that keeps answering 429 fails it after a day, and shutdown gives back only what was not sent.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "~/modules/db/db.server";
import type { Platform } from "~/core/platforms/platforms";
import { claimDue } from "~/modules/publishing/claim.server";
import { MAX_ATTEMPTS, RATE_LIMIT_WAIT_MS } from "~/modules/publishing/failures.server";
import { startPublisher } from "~/modules/publishing/publisher.server";
import {
  connectedUser,
  deliveryOf,
  duePost,
  failureNotices,
  type Fakes,
  linkedinPostRequests,
  postState,
  publishAllDue,
  startFakes,
  tweetRequests,
  uniqueText,
  waitFor,
} from "../support/publishing";

let fakes: Fakes;
beforeAll(async () => {
  fakes = await startFakes();
});
afterAll(async () => {
  await fakes.close();
});

/** What a publisher dying mid-attempt leaves: its lease simply runs out. */
async function leaseRunsOut(postId: string) {
  await getDb().delivery.updateMany({ where: { postId, status: "publishing" }, data: { leaseUntil: new Date(Date.now() - 1000) } });
}

describe("a delivery that keeps stopping its publisher", () => {
  for (const platform of ["linkedin", "twitter"] as const satisfies Platform[]) {
    it(`${platform}: fails at claim time after ${MAX_ATTEMPTS} interrupted runs, with its reason, and the post fails and tells the user`, async () => {
      const { user } = await connectedUser(fakes, [platform]);
      const text = uniqueText(`Crash loop ${platform}`);
      const postId = await duePost(user.id, [platform], text);
      for (let run = 1; run <= MAX_ATTEMPTS; run++) {
        const [claimed] = await claimDue(`doomed-${run}`, platform, 1);
        expect(claimed).toMatchObject({ postId, attempts: run });
        if (run > 1) expect(await deliveryOf(postId, platform)).toMatchObject({ errorCode: "interrupted" });
        await leaseRunsOut(postId);
      }
      await publishAllDue();
      expect(await deliveryOf(postId, platform)).toMatchObject({
        status: "failed",
        errorCode: "interrupted_too_often",
        attempts: MAX_ATTEMPTS,
        leaseOwner: null,
        leaseUntil: null,
      });
      expect((await postState(postId)).status).toBe("failed");
      expect(await failureNotices(postId)).toBe(1);
      expect(platform === "linkedin" ? linkedinPostRequests(fakes, text) : tweetRequests(fakes, text)).toHaveLength(0);
    });
  }

  it("one interruption after many rate-limit waits is still taken over and published once", async () => {
    const { user } = await connectedUser(fakes, ["twitter"]);
    const text = uniqueText("Interrupted once after waiting");
    const postId = await duePost(user.id, ["twitter"], text);
    await getDb().delivery.updateMany({
      where: { postId },
      data: { status: "publishing", attempts: MAX_ATTEMPTS + 4, errorCode: "rate_limited", leaseOwner: "gone", leaseUntil: new Date(Date.now() - 1000) },
    });
    await publishAllDue();
    expect(await deliveryOf(postId, "twitter")).toMatchObject({ status: "published", attempts: MAX_ATTEMPTS + 5, errorCode: null });
    expect(fakes.x.countTweets(text)).toBe(1);
  });
});

describe("a platform that keeps answering 429", () => {
  it("X: a reset beyond a day after the post was due fails it with X's reason, and the user is told", async () => {
    const { user } = await connectedUser(fakes, ["twitter"]);
    const text = uniqueText("Rate limited for a day");
    const postId = await duePost(user.id, ["twitter"], text);
    // Due almost a day ago (it has waited since); X's window resets in 15 minutes.
    await getDb().post.update({ where: { id: postId }, data: { scheduledAt: new Date(Date.now() - RATE_LIMIT_WAIT_MS + 5 * 60_000) } });
    fakes.x.failNext("POST /2/tweets", { status: 429 });
    await publishAllDue();
    expect(await deliveryOf(postId, "twitter")).toMatchObject({
      status: "failed",
      errorCode: "rate_limited_too_long",
      lastError: "Rate limit exceeded",
      nextAttemptAt: null,
    });
    expect((await postState(postId)).status).toBe("failed");
    expect(await failureNotices(postId)).toBe(1);
    expect(fakes.x.countTweets(text)).toBe(0);
  });

  it("LinkedIn: its daily limit waited out once, but not past a day after the post was due", async () => {
    const { user } = await connectedUser(fakes, ["linkedin"]);
    const text = uniqueText("LinkedIn limited for a day");
    const postId = await duePost(user.id, ["linkedin"], text);
    await getDb().post.update({ where: { id: postId }, data: { scheduledAt: new Date(Date.now() - RATE_LIMIT_WAIT_MS - 1000) } });
    fakes.linkedin.failNext("POST /rest/posts", { status: 429 });
    await publishAllDue();
    const failed = await deliveryOf(postId, "linkedin");
    expect(failed).toMatchObject({ status: "failed", errorCode: "rate_limited_too_long" });
    expect(failed.lastError).toContain("DAY limit");
    expect((await postState(postId)).status).toBe("failed");
  });
});

describe("stopping a publisher", () => {
  it("keeps the lease of a delivery whose create request is in flight: no other publisher sends it again, and its answer is still recorded", async () => {
    const { user } = await connectedUser(fakes, ["twitter"]);
    const text = uniqueText("In flight at shutdown");
    const postId = await duePost(user.id, ["twitter"], text);
    // Answered after the shutdown grace, within the client's timeout.
    fakes.x.failNext("POST /2/tweets", { delayMs: 1200 });
    const stopping = startPublisher({ concurrency: { linkedin: 1, twitter: 1 }, pollMs: 25, shutdownGraceMs: 100 });
    await waitFor(() => tweetRequests(fakes, text).length === 1);
    await stopping.stop();
    expect(await deliveryOf(postId, "twitter")).toMatchObject({ status: "publishing", leaseOwner: stopping.workerId, attempts: 1 });

    await publishAllDue();
    expect(tweetRequests(fakes, text)).toHaveLength(1);
    await waitFor(async () => (await deliveryOf(postId, "twitter")).status === "published", 5000);
    expect(await deliveryOf(postId, "twitter")).toMatchObject({ status: "published", externalId: fakes.x.state.tweets.find((t) => t.text === text)!.id });
    // The post is settled just after its delivery is recorded (a separate write).
    await waitFor(async () => (await postState(postId)).status === "published", 5000);
    expect(tweetRequests(fakes, text)).toHaveLength(1);
    expect(fakes.x.countTweets(text)).toBe(1);
  });

  it("gives back at once a delivery that has not sent its create request, and that attempt then sends nothing", async () => {
    const { user } = await connectedUser(fakes, ["twitter"]);
    const text = uniqueText("Preparing at shutdown");
    const postId = await duePost(user.id, ["twitter"], text, 1);
    fakes.x.failNext("POST /2/media/upload", { delayMs: 600 });
    const stopping = startPublisher({ concurrency: { linkedin: 1, twitter: 1 }, pollMs: 25, shutdownGraceMs: 100 });
    await waitFor(() => fakes.x.state.requests.some((r) => r.path === "/2/media/upload" && r.at.getTime() > Date.now() - 2000));
    await stopping.stop();
    expect(await deliveryOf(postId, "twitter")).toMatchObject({ status: "pending", leaseOwner: null, attempts: 0 });
    await new Promise((resolve) => setTimeout(resolve, 800)); // the upload's answer comes back to an attempt that lost its lease
    expect(tweetRequests(fakes, text)).toHaveLength(0);
    await publishAllDue();
    expect(await deliveryOf(postId, "twitter")).toMatchObject({ status: "published", attempts: 1 });
    expect(fakes.x.countTweets(text)).toBe(1);
  });
});
