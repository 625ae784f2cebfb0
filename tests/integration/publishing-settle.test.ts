// A post's status follows all its deliveries (ADR 0013, 0019): it fails, and the user is told, only
// once nothing is left to do; while anything is on its way it stays "publishing" and cannot be
// changed. The sweep that settles what a stopped publisher left behind leaves live publishers alone.
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { getDb } from "~/modules/db/db.server";
import { logger } from "~/core/logger/logger.server";
import { deletePost, schedulePost, updatePost } from "~/modules/posts/post.server";
import { claimDue } from "~/modules/publishing/claim.server";
import { startPublisher } from "~/modules/publishing/publisher.server";
import { settleStrandedPosts } from "~/modules/publishing/stranded.server";
import {
  connectedUser,
  deliveryOf,
  duePost,
  failureNotices,
  type Fakes,
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

describe("a post with a delivery still to do", () => {
  it("stays publishing after its sibling failed (no notice, no edit, no deletion), and fails once, when the last is over", async () => {
    const { user } = await connectedUser(fakes);
    const text = uniqueText("Sibling still waiting");
    const postId = await duePost(user.id, ["linkedin", "twitter"], text);
    fakes.linkedin.failNext("POST /rest/posts", { status: 400, body: { message: "Refused for good", status: 400 } });
    // Every X slot busy: X's delivery is due but not claimed yet when LinkedIn's fails.
    const linkedinOnly = startPublisher({ concurrency: { linkedin: 1, twitter: 0 }, pollMs: 25 });
    await linkedinOnly.idle();
    await linkedinOnly.stop();
    expect(await deliveryOf(postId, "linkedin")).toMatchObject({ status: "failed" });
    expect(await deliveryOf(postId, "twitter")).toMatchObject({ status: "pending", attempts: 0 });
    expect((await postState(postId)).status).toBe("publishing");
    expect(await failureNotices(postId)).toBe(0);
    await expect(updatePost(user.id, postId, { linkedinText: "Changed mid-send" })).rejects.toMatchObject({ code: "post_publishing", status: 409 });
    await expect(deletePost(user.id, postId)).rejects.toMatchObject({ code: "post_publishing", status: 409 });

    await publishAllDue();
    const post = await postState(postId);
    expect(post.deliveries.map((d) => d.status)).toEqual(["failed", "published"]);
    expect(post).toMatchObject({ status: "failed", errorMessage: "linkedin", linkedinText: text });
    expect(await failureNotices(postId)).toBe(1);
    expect(fakes.x.countTweets(text)).toBe(1);
  });

  it("a post left failed while a delivery was still pending is publishing again as soon as that one is sent: no deletion mid-send", async () => {
    const { user } = await connectedUser(fakes);
    const text = uniqueText("Failed but still sending");
    const postId = await duePost(user.id, ["linkedin", "twitter"], text);
    // What the earlier rule left behind: LinkedIn failed, the post failed, X still due.
    await getDb().delivery.updateMany({
      where: { postId, platform: "linkedin" },
      data: { status: "failed", attempts: 1, errorCode: "http_400", lastError: "Refused" },
    });
    await getDb().post.update({ where: { id: postId }, data: { status: "failed", errorCode: "delivery_failed", errorMessage: "linkedin" } });
    fakes.x.failNext("POST /2/tweets", { delayMs: 600 });
    const publisher = startPublisher({ concurrency: { linkedin: 1, twitter: 1 }, pollMs: 25 });
    await waitFor(() => tweetRequests(fakes, text).length === 1);
    expect((await postState(postId)).status).toBe("publishing");
    await expect(deletePost(user.id, postId)).rejects.toMatchObject({ code: "post_publishing" });
    await publisher.idle();
    await publisher.stop();
    const post = await postState(postId);
    expect(post.deliveries.map((d) => d.status)).toEqual(["failed", "published"]);
    expect(post.status).toBe("failed");
    expect(fakes.x.countTweets(text)).toBe(1);
  });
});

describe("a post whose delivery was just claimed, before the post itself says publishing", () => {
  it("cannot be edited, rescheduled or deleted: the delivery in flight is never removed", async () => {
    const { user } = await connectedUser(fakes);
    const text = uniqueText("Claimed a moment ago");
    const postId = await duePost(user.id, ["linkedin", "twitter"], text);
    // A publisher has taken LinkedIn's delivery; the post's own status follows a moment later.
    const [claimed] = await claimDue("worker-in-a-hurry", "linkedin", 1);
    expect(claimed?.postId).toBe(postId);
    expect((await postState(postId)).status).toBe("scheduled");

    await expect(updatePost(user.id, postId, { platforms: ["twitter"] })).rejects.toMatchObject({ code: "post_publishing", status: 409 });
    await expect(updatePost(user.id, postId, { linkedinText: "Changed mid-send" })).rejects.toMatchObject({ code: "post_publishing", status: 409 });
    await expect(schedulePost(user.id, postId, new Date(Date.now() + 3_600_000))).rejects.toMatchObject({ code: "post_publishing", status: 409 });
    await expect(deletePost(user.id, postId)).rejects.toMatchObject({ code: "post_publishing", status: 409 });

    const post = await postState(postId);
    expect(post).toMatchObject({ linkedinText: text, platforms: expect.stringContaining("linkedin") });
    expect(await deliveryOf(postId, "linkedin")).toMatchObject({ status: "publishing", leaseOwner: "worker-in-a-hurry" });
  });
});

describe("the sweep of posts a stopped publisher left unsettled", () => {
  it("two live publishers sweeping all the time find nothing to report: every post settled by its own publisher", { timeout: 60_000 }, async () => {
    // The sweep used to catch posts between a delivery's write and its post's settle: it takes two
    // connections working at once to see it (PostgreSQL here; on SQLite one connection runs the
    // queries of both in turn), or two processes (publisher-processes.test.ts).
    const users = await Promise.all(Array.from({ length: 6 }, () => connectedUser(fakes)));
    const postIds: string[] = [];
    for (let i = 0; i < 60; i++) postIds.push(await duePost(users[i % users.length]!.user.id, ["linkedin", "twitter"], uniqueText(`Swept ${i}`)));
    const warn = vi.spyOn(logger, "warn");
    try {
      const publishers = [1, 2].map(() => startPublisher({ concurrency: { linkedin: 4, twitter: 4 }, pollMs: 25, sweepEveryMs: 1 }));
      await waitFor(async () => (await getDb().post.count({ where: { id: { in: postIds }, status: "published" } })) === postIds.length, 45_000);
      await Promise.all(publishers.map((p) => p.stop()));
      const reports = warn.mock.calls.filter((call) => call.includes("Settled posts a stopped publisher left unsettled"));
      expect(reports).toEqual([]);
    } finally {
      warn.mockRestore();
    }
  });

  it("settles and counts a post really left behind, once its deliveries have been quiet for a lease", async () => {
    const { user } = await connectedUser(fakes, ["twitter"]);
    const postId = await duePost(user.id, ["twitter"], uniqueText("Left behind"));
    await getDb().post.update({ where: { id: postId }, data: { status: "publishing" } });
    // A publisher recorded the delivery, then died before settling the post.
    await getDb().delivery.updateMany({
      where: { postId },
      data: { status: "published", attempts: 1, externalId: "1", url: "https://x.com/i/status/1", publishedAt: new Date() },
    });
    expect(await settleStrandedPosts(100)).toBe(0); // its publisher may still be about to settle it
    expect((await postState(postId)).status).toBe("publishing");
    const aLeaseLater = Date.now() + 120_000 + 1000;
    expect(await settleStrandedPosts(100, aLeaseLater)).toBe(1);
    expect((await postState(postId)).status).toBe("published");
    expect(await settleStrandedPosts(100, aLeaseLater)).toBe(0);
  });
});
