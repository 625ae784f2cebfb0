// Threads and first comments end to end: the publisher against the X and LinkedIn fakes, on this
// file's database (SQLite and PostgreSQL). Each part goes out once, in order, each X part replying
// to the one before it and the LinkedIn comment on its post; a crash between parts is reconciled.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "~/modules/db/db.server";
import { getOwnPost, publishNow, setPostTargets } from "~/modules/posts/post.server";
import { toPostView } from "~/modules/posts/post-view.server";
import { claimDue, markSent, renewLease } from "~/modules/publishing/claim.server";
import { attemptDelivery } from "~/modules/publishing/deliver.server";
import { connectedUser, deliveryOf, dueThread, partsOf, postState, publishAllDue, startFakes, uniqueText, type Fakes } from "../support/publishing";

let fakes: Fakes;
beforeAll(async () => {
  fakes = await startFakes();
});
afterAll(async () => {
  await fakes.close();
});

const texts = (label: string, n: number) => Array.from({ length: n }, (_, i) => `${uniqueText(label)} part ${i + 1}/${n}`);
const tweetOf = (text: string) => fakes.x.state.tweets.filter((t) => t.text === text);
const isTweet = (text: string) => (r: { method: string; path: string; body: { text?: string } | null }) =>
  r.method === "POST" && r.path === "/2/tweets" && r.body?.text === text;

/** Each text on X exactly once, each replying to the one before it, under the ids the parts record. */
async function expectChain(postId: string, parts: string[]) {
  const stored = await partsOf(postId, "twitter");
  expect(stored.map((p) => p.status)).toEqual(parts.map(() => "published"));
  let parent: string | undefined;
  for (const [i, text] of parts.entries()) {
    const found = tweetOf(text);
    expect(found, `part ${i + 1} on X once`).toHaveLength(1);
    expect(found[0]!.id).toBe(stored[i]!.externalId);
    expect(found[0]!.repliedTo).toBe(parent);
    expect(stored[i]!.url).toMatch(new RegExp(`/status/${found[0]!.id}$`));
    parent = found[0]!.id;
  }
}

describe("threads and first comments", () => {
  it("publishes a 4-part X thread and a LinkedIn post with its first comment, each part once, with its link", { timeout: 20_000 }, async () => {
    const { user } = await connectedUser(fakes);
    const x = texts("Thread", 4);
    const [post, comment] = [uniqueText("LinkedIn post"), uniqueText("First comment https://example.com/read-more")];
    const postId = await dueThread(user.id, { x, linkedin: [post, comment] }, 1);
    await publishAllDue();

    expect((await postState(postId)).status).toBe("published");
    await expectChain(postId, x);
    // Only part 1 carries the image.
    expect(tweetOf(x[0]!)[0]!.mediaIds).toHaveLength(1);
    expect(tweetOf(x[1]!)[0]!.mediaIds).toHaveLength(0);

    const linkedin = await partsOf(postId, "linkedin");
    const stored = fakes.linkedin.state.posts.filter((p) => p.text === post);
    expect(stored).toHaveLength(1);
    const comments = fakes.linkedin.state.comments.filter((c) => c.text === comment);
    expect(comments).toHaveLength(1);
    expect(comments[0]).toMatchObject({ postUrn: stored[0]!.urn, actor: stored[0]!.body.author });
    expect(linkedin.map((p) => [p.status, p.externalId])).toEqual([
      ["published", stored[0]!.urn],
      ["published", comments[0]!.urn],
    ]);

    const view = toPostView(await getOwnPost(user.id, postId));
    expect(view.targets.map((t) => [t.network, t.status, t.parts.length, t.url])).toEqual([
      ["linkedin", "published", 2, `https://www.linkedin.com/feed/update/${stored[0]!.urn}/`],
      ["twitter", "published", 4, expect.stringMatching(new RegExp(`/status/${tweetOf(x[0]!)[0]!.id}$`))],
    ]);
    expect(view.targets[1]!.parts.every((p) => p.url && p.publishedAt)).toBe(true);
    // The version 1 fields still say part 1 of each network.
    expect(view).toMatchObject({ platforms: ["linkedin", "twitter"], linkedinText: post, twitterText: x[0] });
  });

  it("a worker that died after part 3 went out, before recording it: the next one finds it and goes on with part 4", async () => {
    const { user } = await connectedUser(fakes, ["twitter"]);
    const x = texts("Crash mid-thread", 4);
    const postId = await dueThread(user.id, { x });
    const [claimed] = await claimDue("doomed-worker", "twitter", 1);
    expect(claimed?.postId).toBe(postId);
    // X creates part 3, but its answer never reaches the worker, which then dies.
    fakes.x.dropConnectionAfterHandling(isTweet(x[2]!));
    await expect(
      attemptDelivery(claimed!, {
        workerId: "doomed-worker",
        stillMine: () => renewLease(claimed!.id, "doomed-worker"),
        beforeSend: (partId) => markSent(claimed!.id, "doomed-worker", partId),
      }),
    ).rejects.toThrow();
    expect(tweetOf(x[2]!)).toHaveLength(1);
    expect(tweetOf(x[3]!)).toHaveLength(0);
    expect((await partsOf(postId, "twitter")).map((p) => [p.status, p.sentAt !== null])).toEqual([
      ["published", true],
      ["published", true],
      ["pending", true],
      ["pending", false],
    ]);

    await getDb().delivery.updateMany({ where: { postId }, data: { leaseUntil: new Date(Date.now() - 1000) } });
    await publishAllDue();
    expect(await deliveryOf(postId, "twitter")).toMatchObject({ status: "published", attempts: 2 });
    await expectChain(postId, x);
    expect(fakes.x.state.requests.filter(isTweet(x[2]!))).toHaveLength(1);
  });

  it("a first comment whose answer was lost is 'unknown' (a member app cannot read comments back): never sent again", async () => {
    const { user } = await connectedUser(fakes, ["linkedin", "twitter"]);
    const [post, comment] = [uniqueText("Post"), uniqueText("Comment lost")];
    const postId = await dueThread(user.id, { x: [uniqueText("Alone")], linkedin: [post, comment] });
    fakes.linkedin.dropConnectionAfterHandling((r) => r.method === "POST" && r.path.endsWith("/comments") && r.body?.message?.text === comment);
    await publishAllDue();
    // The lost answer is uncertain: tried again later, which finds it cannot know.
    await getDb().delivery.updateMany({ where: { postId, status: "pending" }, data: { nextAttemptAt: new Date(Date.now() - 1000) } });
    await publishAllDue();

    expect(fakes.linkedin.state.comments.filter((c) => c.text === comment)).toHaveLength(1);
    const requests = fakes.linkedin.state.requests.filter((r) => r.path.endsWith("/comments") && r.method === "POST" && r.body?.message?.text === comment);
    expect(requests).toHaveLength(1);
    const parts = await partsOf(postId, "linkedin");
    expect(parts.map((p) => p.status)).toEqual(["published", "unknown"]);
    expect(parts[1]!.url).toBe(`https://www.linkedin.com/feed/update/${parts[0]!.externalId}/`);
    const view = toPostView(await getOwnPost(user.id, postId));
    expect(view.status).toBe("published");
    expect(view.targets[0]).toMatchObject({ status: "published", parts: [{ status: "published" }, { status: "unknown" }] });
  });

  it("a part refused for good leaves the target partial and the post failed; after a fix, Retry sends only what is missing", async () => {
    const { user } = await connectedUser(fakes, ["twitter"]);
    const x = texts("Partial", 4);
    const postId = await dueThread(user.id, { x });
    // X refuses part 3 for good (its reply rules): parts 1 and 2 stay live.
    fakes.x.failNext(isTweet(x[2]!), {
      status: 403,
      body: { detail: "You are not allowed to create a Tweet with duplicate content.", title: "Forbidden", status: 403, type: "about:blank" },
    });
    await publishAllDue();
    const view = toPostView(await getOwnPost(user.id, postId));
    expect(view.status).toBe("failed");
    expect(view.targets[0]).toMatchObject({ status: "partial" });
    expect(view.targets[0]!.parts.map((p) => p.status)).toEqual(["published", "published", "failed", "pending"]);
    expect(view.targets[0]!.parts[2]!.error).toMatch(/duplicate/i);
    const live = view.targets[0]!.parts.slice(0, 2).map((p) => p.externalId);

    // Part 3 reworded; a live part cannot be changed.
    const fixed = [...x.slice(0, 2), `${x[2]} (reworded)`, x[3]!];
    const channelId = view.targets[0]!.channelId!;
    await expect(
      setPostTargets(user.id, postId, [{ channelId, parts: [{ text: "changed" }, ...fixed.slice(1).map((text) => ({ text }))] }]),
    ).rejects.toMatchObject({
      code: "post_published",
    });
    await setPostTargets(user.id, postId, [{ channelId, parts: fixed.map((text) => ({ text })) }]);
    await publishNow(user.id, postId);
    await getDb().delivery.updateMany({ where: { postId }, data: { nextAttemptAt: new Date(Date.now() - 1000) } });
    await publishAllDue();

    expect((await postState(postId)).status).toBe("published");
    await expectChain(postId, fixed);
    expect((await partsOf(postId, "twitter")).slice(0, 2).map((p) => p.externalId)).toEqual(live);
    expect(fakes.x.state.requests.filter(isTweet(x[0]!))).toHaveLength(1);
  });
});
