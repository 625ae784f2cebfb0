// The /posts page's data (gallery, list and calendar) against the real test database: only what the
// cards show, from a fixed number of queries.
import { describe, expect, it } from "vitest";
import { getDb } from "~/modules/db/db.server";
import { createPost } from "~/modules/posts/post.server";
import { loadPostsCalendar, loadPostsPage } from "~/modules/posts/posts-page.server";
import { uniqueEmail } from "./helpers";

const MINUTE = 60_000;

async function createUser() {
  return getDb().user.create({ data: { email: uniqueEmail("posts-page"), passwordHash: "not-a-real-hash" } });
}

async function addMedia(userId: string, postId: string, position: number, altText: string) {
  await getDb().media.create({
    data: { userId, postId, position, altText, mimeType: "image/png", size: 10, width: 40, height: 30, storageKey: `${postId}-${position}.png` },
  });
}

describe("loadPostsPage", () => {
  it("gives each card its text, first image and image count, newest first", async () => {
    const user = await createUser();
    const base = Date.now() - 60 * MINUTE;
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      const post = await createPost(user.id, { platforms: ["linkedin", "twitter"], linkedinText: i === 1 ? "" : `LinkedIn ${i}`, twitterText: `X ${i}` });
      await getDb().post.update({ where: { id: post.id }, data: { createdAt: new Date(base + i * MINUTE) } });
      ids.push(post.id);
    }
    // Stored out of order: the card shows the image at the first position.
    await addMedia(user.id, ids[2]!, 1, "second");
    await addMedia(user.id, ids[2]!, 0, "first");
    await addMedia(user.id, ids[2]!, 2, "third");

    const page = await loadPostsPage(user.id, "all", 1, 2);
    expect(page).toMatchObject({ page: 1, pageCount: 2, total: 3, counts: { all: 3, draft: 3 } });
    expect(page.posts.map((p) => p.id)).toEqual([ids[2], ids[1]]);
    expect(page.posts[0]).toMatchObject({ text: "LinkedIn 2", imageCount: 3, image: { altText: "first", width: 40, height: 30 } });
    expect(page.posts[1]).toMatchObject({ text: "X 1", imageCount: 0, image: null, platforms: ["linkedin", "twitter"] });
    // What a card does not show stays out of the page's data.
    expect(Object.keys(page.posts[0]!)).not.toContain("deliveries");
    expect(Object.keys(page.posts[0]!)).not.toContain("linkedinText");

    const past = await loadPostsPage(user.id, "all", 9, 2);
    expect(past.page).toBe(2);
    expect(past.posts.map((p) => p.id)).toEqual([ids[0]]);
  });
});

describe("loadPostsCalendar", () => {
  it("places posts on their local day and keeps the first few of a busy day", async () => {
    const user = await createUser();
    const day = new Date("2026-03-10T12:00:00Z");
    for (let i = 0; i < 6; i++) {
      const post = await createPost(user.id, { platforms: ["linkedin"], linkedinText: `Busy ${i} ${"x".repeat(200)}` });
      await getDb().post.update({ where: { id: post.id }, data: { status: "scheduled", scheduledAt: new Date(day.getTime() + i * MINUTE) } });
    }
    // 23:30 UTC on the 10th is already the 11th in Paris.
    const late = await createPost(user.id, { platforms: ["twitter"], twitterText: "Late" });
    await getDb().post.update({ where: { id: late.id }, data: { status: "scheduled", scheduledAt: new Date("2026-03-10T23:30:00Z") } });

    const { calendar } = await loadPostsCalendar({ id: user.id, timezone: "Europe/Paris" }, "all", "2026-03", "en");
    expect(calendar.dayTotals).toEqual({ "2026-03-10": 6, "2026-03-11": 1 });
    expect(calendar.posts.filter((p) => p.day === "2026-03-10")).toHaveLength(4);
    expect(calendar.posts.find((p) => p.id === late.id)).toMatchObject({ day: "2026-03-11", text: "Late" });
    expect(calendar.posts[0]!.text).toHaveLength(120);
  });
});
