import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "~/modules/db/db.server";
import { connectedUser, duePost, postState, publishAllDue, startFakes, type Fakes } from "../support/publishing";

let fakes: Fakes;
beforeAll(async () => {
  fakes = await startFakes();
});
afterAll(async () => {
  await fakes.close();
});

describe("publisher: delivery", () => {
  it("publishes a due post to both platforms exactly once, text whole, with its images", async () => {
    const { user } = await connectedUser(fakes);
    const text = `Launch (finally) #plume @team_one *bold* ${Date.now()}`;
    const postId = await duePost(user.id, ["linkedin", "twitter"], text, 2);
    await publishAllDue();
    const post = await postState(postId);
    expect(post.status).toBe("published");
    expect(post.publishedAt).not.toBeNull();
    expect(post.deliveries.map((d) => [d.platform, d.status])).toEqual([
      ["linkedin", "published"],
      ["twitter", "published"],
    ]);
    const [linkedin, x] = post.deliveries;
    expect(linkedin!.externalId).toMatch(/^urn:li:share:/);
    expect(linkedin!.url).toBe(`https://www.linkedin.com/feed/update/${linkedin!.externalId}/`);
    expect(x!.url).toMatch(new RegExp(`^https://x.com/[^/]+/status/${x!.externalId}$`));
    expect(fakes.linkedin.countPosts(text)).toBe(1);
    expect(fakes.x.countTweets(text)).toBe(1);
    const stored = fakes.linkedin.state.posts.find((p) => p.text === text);
    expect(stored).toBeDefined();
  });

  for (const images of [0, 1, 3, 4]) {
    it(`delivers ${images} image(s)`, async () => {
      const { user } = await connectedUser(fakes);
      const text = `Images ${images} ${Date.now()}`;
      const postId = await duePost(user.id, ["linkedin", "twitter"], text, images);
      await publishAllDue();
      expect((await postState(postId)).status).toBe("published");
      const tweet = fakes.x.state.tweets.find((t) => t.text === text);
      expect(tweet?.mediaIds ?? []).toHaveLength(images);
    });
  }

  it("marks a revoked LinkedIn token for reconnection, fails the delivery with the reason and tells the user", async () => {
    const { user, linkedinToken } = await connectedUser(fakes, ["linkedin"]);
    const connection = await getDb().channel.findFirstOrThrow({ where: { userId: user.id, network: "linkedin" } });
    fakes.linkedin.revoke(linkedinToken!);
    const postId = await duePost(user.id, ["linkedin"], `Revoked ${Date.now()}`);
    await publishAllDue();
    const post = await postState(postId);
    expect(post.status).toBe("failed");
    expect(post.deliveries[0]).toMatchObject({ status: "failed", errorCode: "needs_reconnect" });
    expect((await getDb().channel.findUniqueOrThrow({ where: { id: connection.id } })).status).toBe("needs_reconnect");
    expect(await getDb().notification.count({ where: { userId: user.id, postId, kind: "publish_failed" } })).toBe(1);
  });
});
