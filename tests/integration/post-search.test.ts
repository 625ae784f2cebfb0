// Meta+K and /search find the signed-in user's own posts, on SQLite and PostgreSQL: case aside,
// in every part of every target, bounded, and never another user's.
import { beforeAll, describe, expect, it } from "vitest";
import { loadAllContent } from "~/modules/content/content.server";
import { getDb } from "~/modules/db/db.server";
import { createPost, createPostWithTargets } from "~/modules/posts/post.server";
import { MAX_POST_QUERY_LENGTH, MAX_POST_RESULTS, searchWorkspacePosts } from "~/modules/posts/post-search.server";
import { loader } from "~/routes/_default.search";
import { loader as apiSearch } from "~/routes/api.search";
import { requestWithCookie, signedInUser } from "./helpers";

beforeAll(() => loadAllContent()); // /search also searches the docs

async function searchApi(q: string, cookie?: string) {
  const url = `http://localhost:3000/api/search?${new URLSearchParams({ q })}`;
  const request = cookie ? requestWithCookie(cookie, url) : new Request(url);
  const response = await apiSearch({ request, params: {}, context: { cspNonce: "", clientIp: "192.0.2.61" } });
  return (await response.json()) as { data: unknown[]; posts?: { id: string }[] };
}

async function searchPage(q: string, cookie?: string) {
  const url = `http://localhost:3000/search?${new URLSearchParams({ q })}`;
  const request = cookie ? requestWithCookie(cookie, url) : new Request(url);
  return loader({ request, params: {}, context: { cspNonce: "", clientIp: "192.0.2.60" } });
}

describe("searchWorkspacePosts", () => {
  it("finds the user's posts whatever the case, never another user's", async () => {
    const owner = await signedInUser("search-owner");
    const other = await signedInUser("search-other");
    const mine = await createPost(owner.user.id, { platforms: ["linkedin"], linkedinText: "Our Quarterly ROADMAP is out" });
    await createPost(other.user.id, { platforms: ["linkedin"], linkedinText: "their quarterly roadmap" });

    const found = await searchWorkspacePosts(owner.user.id, "quarterly roadmap");
    expect(found.map((post) => post.id)).toEqual([mine.id]);
    expect(found[0]).toMatchObject({ status: "draft", excerpt: "Our Quarterly ROADMAP is out", publishedAt: null });

    const page = await searchPage("QUARTERLY", owner.cookie);
    expect(page.posts.map((post) => post.id)).toEqual([mine.id]);
    // Signed out: the public pages only, as before.
    expect((await searchPage("quarterly")).posts).toEqual([]);
    // The JSON API: `posts` beside `data` for a session, absent without one.
    expect((await searchApi("Quarterly", owner.cookie)).posts?.map((post) => post.id)).toEqual([mine.id]);
    expect(await searchApi("quarterly")).not.toHaveProperty("posts");
  });

  it("reads every part of every target, and takes % and _ literally", async () => {
    const { user } = await signedInUser("search-parts");
    const db = getDb();
    const x = await db.channel.create({
      data: { userId: user.id, workspaceId: user.id, network: "twitter", providerUserId: `x-${user.id}`, displayName: "Ada", handle: "ada" },
    });
    const bluesky = await db.channel.create({
      data: { userId: user.id, workspaceId: user.id, network: "bluesky", providerUserId: `did:plc:${user.id}`, displayName: "Ada", handle: "ada.test" },
    });
    const long = `${"word ".repeat(60)}Third part talks about Zebras at 100% ${"tail ".repeat(60)}`;
    const post = await createPostWithTargets(user.id, [
      { channelId: bluesky.id, parts: [{ text: "Hello" }] },
      { channelId: x.id, parts: [{ text: "One" }, { text: "Two" }, { text: long }] },
    ]);
    await createPostWithTargets(user.id, [{ channelId: x.id, parts: [{ text: "a 100x gain" }] }]);

    const [found, ...rest] = await searchWorkspacePosts(user.id, "zebras at 100%");
    expect(rest).toEqual([]);
    expect(found!.id).toBe(post.id);
    expect(found!.excerpt).toContain("Zebras at 100%");
    expect(found!.excerpt.length).toBeLessThanOrEqual(122);
    expect(found!.excerpt.startsWith("…") && found!.excerpt.endsWith("…")).toBe(true);
    // "100_" would match "100x" if _ were a wildcard.
    expect(await searchWorkspacePosts(user.id, "100_")).toEqual([]);
    expect(await searchWorkspacePosts(user.id, "   ")).toEqual([]);
  });

  it("gives at most a few posts, newest change first, and cuts long queries", async () => {
    const { user } = await signedInUser("search-bound");
    const ids: string[] = [];
    for (let i = 0; i < MAX_POST_RESULTS + 3; i++) {
      const post = await createPost(user.id, { platforms: ["linkedin"], linkedinText: `Launch note ${i}` });
      await getDb().post.update({ where: { id: post.id }, data: { updatedAt: new Date(Date.UTC(2026, 0, 1, 0, i)) } });
      ids.push(post.id);
    }
    const found = await searchWorkspacePosts(user.id, "launch NOTE");
    expect(found.map((post) => post.id)).toEqual(ids.slice(-MAX_POST_RESULTS).reverse());

    // A query beyond the bound is cut to it: the first MAX_POST_QUERY_LENGTH characters still match.
    const text = "x".repeat(MAX_POST_QUERY_LENGTH);
    const post = await createPost(user.id, { platforms: ["linkedin"], linkedinText: text });
    expect((await searchWorkspacePosts(user.id, `${text}y`)).map((p) => p.id)).toEqual([post.id]);
  });
});
