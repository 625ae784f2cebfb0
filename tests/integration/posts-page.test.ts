// The /posts page's data (gallery, list and calendar) against the real test database: only what the
// cards show, from a fixed number of queries.
import { describe, expect, it } from "vitest";
import { getDb } from "~/modules/db/db.server";
import { createPost } from "~/modules/posts/post.server";
import { calendarPosts } from "~/modules/posts/post-lists.server";
import { loadPostsCalendar, loadPostsPage } from "~/modules/posts/posts-page.server";
import { CARD_TEXT_LENGTH } from "~/modules/posts/post-card-view.server";
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

describe("loadPostsPage filters", () => {
  it("pages through one status, cuts long texts to what a card shows and keeps other users' posts out", async () => {
    const user = await createUser();
    const other = await createUser();
    await createPost(other.id, { platforms: ["linkedin"], linkedinText: "Someone else's" });
    const statuses = ["scheduled", "publishing", "draft", "failed", "published"];
    const ids: Record<string, string> = {};
    for (const [i, status] of statuses.entries()) {
      const post = await createPost(user.id, { platforms: ["linkedin"], linkedinText: `   ${status} ${"y".repeat(2000)}` });
      await getDb().post.update({ where: { id: post.id }, data: { status, createdAt: new Date(Date.now() - i * MINUTE) } });
      ids[status] = post.id;
    }
    const pending = await loadPostsPage(user.id, "pending", 1, 10);
    expect(pending.posts.map((p) => p.id)).toEqual([ids.scheduled, ids.publishing]);
    expect(pending.counts).toEqual({ all: 5, draft: 1, pending: 2, published: 1, failed: 1 });
    expect(pending.posts[0]!.text).toBe(`scheduled ${"y".repeat(CARD_TEXT_LENGTH - 10)}`);
    const secondPage = await loadPostsPage(user.id, "all", 2, 2);
    expect(secondPage.posts.map((p) => p.id)).toEqual([ids.draft, ids.failed]);
    expect((await loadPostsPage(user.id, "failed", 1, 10)).posts.map((p) => p.id)).toEqual([ids.failed]);
  });
});

describe("a post neither version 1 text says (Bluesky only)", () => {
  it("shows part 1 of its first target on its card and in the calendar", async () => {
    const user = await createUser();
    const post = await getDb().post.create({
      data: {
        userId: user.id,
        workspaceId: user.id,
        platforms: "bluesky",
        status: "scheduled",
        scheduledAt: new Date("2026-04-02T09:00:00Z"),
        targets: {
          create: {
            network: "bluesky",
            position: 1,
            parts: {
              create: [
                { position: 2, text: "The second post of the thread" },
                { position: 1, text: " Only on Bluesky, part one" },
              ],
            },
          },
        },
      },
    });
    const page = await loadPostsPage(user.id, "all", 1, 10);
    expect(page.posts.find((p) => p.id === post.id)).toMatchObject({ text: "Only on Bluesky, part one" });
    const { calendar } = await loadPostsCalendar(user.id, { timezone: "UTC" }, "all", "2026-04", "en");
    expect(calendar.posts.find((p) => p.id === post.id)).toMatchObject({ text: " Only on Bluesky, part one" });
  });
});

describe("loadPostsCalendar", () => {
  async function placePost(userId: string, text: string, data: { status: string; scheduledAt?: Date; publishedAt?: Date }) {
    const post = await createPost(userId, { platforms: ["linkedin"], linkedinText: text });
    await getDb().post.update({ where: { id: post.id }, data });
    return post;
  }

  it("places posts on their local day and keeps the first few of a busy day", async () => {
    const user = await createUser();
    const day = new Date("2026-03-10T12:00:00Z");
    const busy = [];
    for (let i = 0; i < 6; i++) {
      busy.push(await placePost(user.id, `Busy ${i} ${"x".repeat(200)}`, { status: "scheduled", scheduledAt: new Date(day.getTime() + (5 - i) * MINUTE) }));
    }
    // 23:30 UTC on the 10th is already the 11th in Paris.
    const late = await createPost(user.id, { platforms: ["twitter"], twitterText: "Late" });
    await getDb().post.update({ where: { id: late.id }, data: { status: "scheduled", scheduledAt: new Date("2026-03-10T23:30:00Z") } });

    const { calendar } = await loadPostsCalendar(user.id, { timezone: "Europe/Paris" }, "all", "2026-03", "en");
    expect(calendar.dayTotals).toEqual({ "2026-03-10": 6, "2026-03-11": 1 });
    // The earliest three of the day, in time order; the others only count.
    expect(calendar.posts.filter((p) => p.day === "2026-03-10").map((p) => p.id)).toEqual([busy[5]!.id, busy[4]!.id, busy[3]!.id]);
    expect(calendar.posts.find((p) => p.id === late.id)).toMatchObject({
      day: "2026-03-11",
      text: "Late",
      platforms: ["twitter"],
      status: "scheduled",
      at: "2026-03-10T23:30:00.000Z",
    });
    // Cut to what a day cell or a phone row can show (64 characters).
    expect(calendar.posts[0]!.text).toBe(`Busy 5 ${"x".repeat(57)}`);
  });

  it("starts a day at its local midnight, places a published post by its publication time and keeps the grid's edges", async () => {
    const user = await createUser();
    // New York, November 2026 (English grid: Sun Nov 1 to Sat Dec 5; EST from Nov 1 at 02:00).
    const atMidnight = await placePost(user.id, "At midnight", { status: "scheduled", scheduledAt: new Date("2026-11-03T05:00:00Z") });
    const justBefore = await placePost(user.id, "Just before", { status: "scheduled", scheduledAt: new Date("2026-11-03T04:59:59.999Z") });
    const published = await placePost(user.id, "Published", {
      status: "published",
      scheduledAt: new Date("2026-11-20T15:00:00Z"),
      publishedAt: new Date("2026-11-21T15:00:00Z"),
    });
    const firstOfGrid = await placePost(user.id, "First", { status: "failed", scheduledAt: new Date("2026-11-01T04:00:00Z") });
    const lastOfGrid = await placePost(user.id, "Last", { status: "scheduled", scheduledAt: new Date("2026-12-06T04:59:59.999Z") });
    await placePost(user.id, "Before the grid", { status: "scheduled", scheduledAt: new Date("2026-11-01T03:59:59.999Z") });
    await placePost(user.id, "After the grid", { status: "scheduled", scheduledAt: new Date("2026-12-06T05:00:00Z") });
    await createPost(user.id, { platforms: ["linkedin"], linkedinText: "A draft has no day" });

    const { calendar } = await loadPostsCalendar(user.id, { timezone: "America/New_York" }, "all", "2026-11", "en");
    const dayOf = Object.fromEntries(calendar.posts.map((p) => [p.id, p.day]));
    expect(dayOf).toEqual({
      [firstOfGrid.id]: "2026-11-01",
      [justBefore.id]: "2026-11-02",
      [atMidnight.id]: "2026-11-03",
      [published.id]: "2026-11-21",
      [lastOfGrid.id]: "2026-12-05",
    });
    expect(calendar.dayTotals).toEqual({ "2026-11-01": 1, "2026-11-02": 1, "2026-11-03": 1, "2026-11-21": 1, "2026-12-05": 1 });

    const failed = await loadPostsCalendar(user.id, { timezone: "America/New_York" }, "failed", "2026-11", "en");
    expect(failed.calendar.posts.map((p) => p.id)).toEqual([firstOfGrid.id]);
    const pending = await loadPostsCalendar(user.id, { timezone: "America/New_York" }, "pending", "2026-11", "en");
    expect(pending.calendar.posts.map((p) => p.id)).toEqual([justBefore.id, atMidnight.id, lastOfGrid.id]);
    // Another user sees none of them.
    const other = await createUser();
    expect((await loadPostsCalendar(other.id, { timezone: "America/New_York" }, "all", "2026-11", "en")).calendar.posts).toEqual([]);
  });

  it("counts every post of a month that holds hundreds a day", async () => {
    const user = await createUser();
    const start = Date.parse("2026-05-04T00:00:00Z");
    await getDb().post.createMany({
      data: Array.from({ length: 700 }, (_, i) => ({
        userId: user.id,
        workspaceId: user.id,
        status: "scheduled",
        platforms: "linkedin",
        linkedinText: `Post ${i}`,
        scheduledAt: new Date(start + (i % 2) * 86_400_000 + i * 1000),
      })),
    });
    const { calendar } = await loadPostsCalendar(user.id, { timezone: "UTC" }, "all", "2026-05", "fr");
    expect(calendar.dayTotals).toEqual({ "2026-05-04": 350, "2026-05-05": 350 });
    expect(calendar.posts.map((p) => p.text)).toEqual(["Post 0", "Post 2", "Post 4", "Post 1", "Post 3", "Post 5"]);
  });

  it("answers for a single day, and for no day at all", async () => {
    const user = await createUser();
    const post = await placePost(user.id, "Alone", { status: "scheduled", scheduledAt: new Date("2026-06-01T10:00:00Z") });
    const day = [new Date("2026-06-01T00:00:00Z"), new Date("2026-06-02T00:00:00Z")];
    expect(await calendarPosts(user.id, day, "all", 3, 120)).toEqual([
      { id: post.id, status: "scheduled", platforms: "linkedin", text: "Alone", at: new Date("2026-06-01T10:00:00Z"), day: 0, dayTotal: 1 },
    ]);
    expect(await calendarPosts(user.id, [], "all", 3, 120)).toEqual([]);
  });
});
