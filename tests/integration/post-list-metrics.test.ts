// The posts list's numbers (docs/decisions/0074-analytics-page.md) on this file's database (SQLite
// and PostgreSQL): a published post's likes, reposts and replies summed over its parts, null where
// no part has the number, nothing for a post not fetched yet or not published.
import { describe, expect, it } from "vitest";
import { getDb } from "~/modules/db/db.server";
import { loadPostsPage } from "~/modules/posts/posts-page.server";
import { uniqueEmail } from "./helpers";

type Part = { likes?: number | null; reposts?: number | null; replies?: number | null; fetched: boolean };

async function post(userId: string, status: string, network: string, parts: Part[], createdAt: Date) {
  return getDb().post.create({
    data: {
      userId,
      workspaceId: userId,
      status,
      platforms: network,
      twitterText: `${status} post`,
      createdAt,
      publishedAt: status === "published" ? createdAt : null,
      targets: {
        create: {
          network,
          position: 1,
          parts: {
            create: parts.map((part, index) => ({
              position: index + 1,
              status: status === "published" ? "published" : "pending",
              likes: part.likes ?? null,
              reposts: part.reposts ?? null,
              replies: part.replies ?? null,
              metricsFetchedAt: part.fetched ? createdAt : null,
            })),
          },
        },
      },
    },
  });
}

describe("the posts list's numbers", () => {
  it("sums a published post's parts, keeps null for what no part has, and shows nothing before the first fetch", async () => {
    const user = await getDb().user.create({ data: { email: uniqueEmail("list-metrics"), passwordHash: "x" } });
    const at = (minutes: number) => new Date(Date.UTC(2026, 5, 1, 12, minutes));
    const thread = await post(
      user.id,
      "published",
      "twitter",
      [
        { likes: 10, reposts: 2, replies: 3, fetched: true },
        { likes: 4, reposts: 0, replies: 1, fetched: true },
        // Not fetched yet: its stale values are not counted.
        { likes: 99, reposts: 99, replies: 99, fetched: false },
      ],
      at(1),
    );
    const linkedin = await post(user.id, "published", "linkedin", [{ fetched: true }], at(2));
    const unfetched = await post(user.id, "published", "twitter", [{ fetched: false }], at(3));
    const draft = await post(user.id, "draft", "twitter", [{ likes: 5, fetched: true }], at(4));

    const page = await loadPostsPage(user.id, "all", 1, 20);
    const metricsOf = (id: string) => page.posts.find((p) => p.id === id)!.metrics;
    expect(metricsOf(thread.id)).toEqual({ likes: 14, reposts: 2, replies: 4 });
    expect(metricsOf(linkedin.id)).toEqual({ likes: null, reposts: null, replies: null });
    expect(metricsOf(unfetched.id)).toBeNull();
    expect(metricsOf(draft.id)).toBeNull();
  });
});
