// The posting queue through its JSON routes (docs/api.md, "Queue"), on SQLite and PostgreSQL:
// slots replaced and read back, their validation, the next free times, "add to queue" (never two
// posts at one time, even 20 at once), and a post's time freed when it moves or goes.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { createSession } from "~/modules/auth/session.server";
import { getDb } from "~/modules/db/db.server";
import { createPostWithTargets, deletePost, schedulePost } from "~/modules/posts/post.server";
import * as channelRoute from "~/routes/api.channels.$channelId";
import * as postQueue from "~/routes/api.posts.$postId.queue";
import * as queue from "~/routes/api.queue";
import * as next from "~/routes/api.queue.next";
import { call, type Handler } from "../support/route-call";
import { connectedUser, startFakes, type Fakes } from "../support/publishing";

let fakes: Fakes;
beforeAll(async () => {
  fakes = await startFakes();
});
afterAll(async () => {
  await fakes.close();
});

// Friday 4 June 2027, 14:00 in Paris: the first Monday slot is 7 June.
const NOW = new Date("2027-06-04T12:00:00Z");
beforeEach(() => {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(NOW);
});
afterEach(() => vi.useRealTimers());

async function queueUser(networks: ("linkedin" | "twitter")[] = ["linkedin", "twitter"]) {
  const { user } = await connectedUser(fakes, networks);
  await getDb().user.update({ where: { id: user.id }, data: { timezone: "Europe/Paris" } });
  const cookie = (await createSession(user.id)).split(";")[0]!;
  const channels = await getDb().channel.findMany({ where: { userId: user.id }, orderBy: { createdAt: "asc" } });
  const channelOf = (network: string) => channels.find((channel) => channel.network === network)!.id;
  const draft = (networks: string[] = ["linkedin"]) =>
    createPostWithTargets(
      user.id,
      networks.map((network) => ({ channelId: channelOf(network), parts: [{ text: `Queued for ${network}` }] })),
    );
  return {
    user,
    cookie,
    channelOf,
    draft,
    getQueue: (lang?: string) => call(queue.loader as Handler, { url: "http://localhost:3000/api/queue", cookie, lang }),
    putQueue: (slots: unknown, lang?: string) =>
      call(queue.action as Handler, { method: "PUT", url: "http://localhost:3000/api/queue", cookie, body: { slots }, lang }),
    next: (query: string, as = cookie) => call(next.loader as Handler, { url: `http://localhost:3000/api/queue/next?${query}`, cookie: as }),
    add: (postId: string, as = cookie) =>
      call(postQueue.action as Handler, { method: "POST", url: `http://localhost:3000/api/posts/${postId}/queue`, params: { postId }, cookie: as }),
  };
}

describe("GET and PUT /api/queue", () => {
  it("replaces every slot and answers them by weekday and time, with the user's time zone", async () => {
    const q = await queueUser();
    const linkedin = q.channelOf("linkedin");
    expect((await q.putQueue([{ weekday: 3, time: "08:00" }])).status).toBe(200);
    const put = await q.putQueue([
      { channelId: linkedin, weekday: 2, time: "17:30" },
      { channelId: null, weekday: 1, time: "09:00" },
      { weekday: 2, time: "08:15" },
    ]);
    expect(put.status).toBe(200);
    const expected = [
      { channelId: null, weekday: 1, time: "09:00" },
      { channelId: null, weekday: 2, time: "08:15" },
      { channelId: linkedin, weekday: 2, time: "17:30" },
    ];
    expect(put.body.data.timezone).toBe("Europe/Paris");
    expect(put.body.data.slots.map(({ id: _id, ...slot }: { id: string }) => slot)).toEqual(expected);
    const got = await q.getQueue();
    expect(got.status).toBe(200);
    expect(got.body.data).toEqual(put.body.data);
  });

  it("refuses bad slots with a message per slot, in the user's language, and changes nothing", async () => {
    const q = await queueUser();
    const other = await queueUser(["linkedin"]);
    await q.putQueue([{ weekday: 1, time: "09:00" }]);
    const before = (await q.getQueue()).body.data;

    const bad = await q.putQueue([
      { weekday: 8, time: "09:00" },
      { weekday: 1, time: "24:00" },
      { weekday: 1, time: "9:00" },
      { weekday: 2, time: "10:00" },
      { weekday: 2, time: "10:00" },
    ]);
    expect(bad.status).toBe(422);
    expect(bad.body.error.code).toBe("validation_failed");
    expect(bad.body.error.fields).toEqual({
      "slots.0.weekday": "The weekday is a number from 1 (Monday) to 7 (Sunday).",
      "slots.1.time": "The time is HH:MM, from 00:00 to 23:59.",
      "slots.2.time": "The time is HH:MM, from 00:00 to 23:59.",
      "slots.4.time": "This slot is already in the list.",
    });

    const foreign = await q.putQueue([{ channelId: other.channelOf("linkedin"), weekday: 1, time: "10:00" }], "fr");
    expect(foreign.status).toBe(422);
    expect(foreign.body.error.fields).toEqual({ "slots.0.channelId": "Choisissez l'un de vos comptes, ou aucun pour tous les comptes." });

    const tooMany = await q.putQueue(
      Array.from({ length: 101 }, (_, i) => ({ weekday: (i % 7) + 1, time: `${String(Math.floor(i / 7)).padStart(2, "0")}:00` })),
    );
    expect(tooMany.status).toBe(422);
    expect(tooMany.body.error.fields).toEqual({ slots: "At most 100 slots." });

    expect((await q.putQueue("every day")).body.error.fields).toEqual({ slots: "Send the slots as a list." });
    expect((await q.getQueue()).body.data).toEqual(before);
  });

  it("drops a channel's slots when the channel is removed", async () => {
    const q = await queueUser();
    const linkedin = q.channelOf("linkedin");
    await q.putQueue([
      { channelId: linkedin, weekday: 1, time: "09:00" },
      { channelId: null, weekday: 1, time: "10:00" },
    ]);
    const removed = await call(channelRoute.action as Handler, {
      method: "DELETE",
      url: `http://localhost:3000/api/channels/${linkedin}`,
      params: { channelId: linkedin },
      cookie: q.cookie,
    });
    expect(removed.status).toBe(204);
    expect((await q.getQueue()).body.data.slots).toEqual([expect.objectContaining({ channelId: null, time: "10:00" })]);
  });

  it("answers 401 without a session", async () => {
    expect((await call(queue.loader as Handler, { url: "http://localhost:3000/api/queue" })).status).toBe(401);
  });
});

describe("GET /api/queue/next", () => {
  it("answers a channel's next free times in UTC: its own slots and every channel's, 10 by default", async () => {
    const q = await queueUser();
    await q.putQueue([
      { weekday: 1, time: "09:00" },
      { channelId: q.channelOf("twitter"), weekday: 1, time: "12:00" },
    ]);
    const linkedin = await q.next(`channelId=${q.channelOf("linkedin")}&count=2`);
    expect(linkedin.status).toBe(200);
    expect(linkedin.body.data).toEqual(["2027-06-07T07:00:00.000Z", "2027-06-14T07:00:00.000Z"]);
    const twitter = await q.next(`channelId=${q.channelOf("twitter")}`);
    expect(twitter.body.data).toHaveLength(10);
    expect(twitter.body.data.slice(0, 3)).toEqual(["2027-06-07T07:00:00.000Z", "2027-06-07T10:00:00.000Z", "2027-06-14T07:00:00.000Z"]);
  });

  it("refuses another user's channel (404), a missing channel and a count over 50 (422)", async () => {
    const q = await queueUser();
    const other = await queueUser(["linkedin"]);
    await other.putQueue([{ weekday: 1, time: "09:00" }]);
    const foreign = await q.next(`channelId=${other.channelOf("linkedin")}`);
    expect(foreign.status).toBe(404);
    expect(foreign.body.error.code).toBe("not_found");
    const missing = await q.next("count=3");
    expect(missing.status).toBe(422);
    expect(missing.body.error.fields).toEqual({ channelId: "Say which account (channelId)." });
    const tooMany = await q.next(`channelId=${q.channelOf("linkedin")}&count=51`);
    expect(tooMany.status).toBe(422);
    expect(tooMany.body.error.fields).toEqual({ count: "Ask for 1 to 50 times." });
  });
});

describe("POST /api/posts/{id}/queue", () => {
  it("schedules the post at the first slot free on every channel it targets, and answers it", async () => {
    const q = await queueUser();
    await q.putQueue([
      { weekday: 1, time: "09:00" },
      { channelId: q.channelOf("linkedin"), weekday: 1, time: "10:00" },
    ]);
    const first = await q.draft(["linkedin", "twitter"]);
    const added = await q.add(first.id);
    expect(added.status).toBe(200);
    expect(added.body.data).toMatchObject({ id: first.id, status: "scheduled", scheduledAt: "2027-06-07T07:00:00.000Z" });
    expect(added.body.data.deliveries).toHaveLength(2);
    // LinkedIn alone has 10:00 too; both networks meet again only the next Monday at 09:00.
    expect((await q.add((await q.draft(["linkedin"])).id)).body.data.scheduledAt).toBe("2027-06-07T08:00:00.000Z");
    expect((await q.add((await q.draft(["linkedin", "twitter"])).id)).body.data.scheduledAt).toBe("2027-06-14T07:00:00.000Z");
  });

  it("answers 409 queue_empty without slots, and 404 for another user's post; nothing is scheduled", async () => {
    const q = await queueUser();
    const other = await queueUser(["linkedin"]);
    const post = await q.draft();
    const empty = await q.add(post.id);
    expect(empty.status).toBe(409);
    expect(empty.body.error).toMatchObject({ code: "queue_empty", message: "Your queue has no time slots yet: add some first." });
    await other.putQueue([{ weekday: 1, time: "09:00" }]);
    const foreign = await other.add(post.id);
    expect(foreign.status).toBe(404);
    expect((await getDb().post.findUniqueOrThrow({ where: { id: post.id } })).status).toBe("draft");
  });

  it("takes a failed post too, and refuses a published one (409 post_published)", async () => {
    const q = await queueUser(["linkedin"]);
    await q.putQueue([{ weekday: 1, time: "09:00" }]);
    const failed = await q.draft();
    await getDb().post.update({ where: { id: failed.id }, data: { status: "failed", errorCode: "network_error" } });
    expect((await q.add(failed.id)).body.data).toMatchObject({ status: "scheduled", scheduledAt: "2027-06-07T07:00:00.000Z", error: null });
    const published = await q.draft();
    await getDb().post.update({ where: { id: published.id }, data: { status: "published", publishedAt: NOW } });
    const refused = await q.add(published.id);
    expect(refused.status).toBe(409);
    expect(refused.body.error.code).toBe("post_published");
  });

  it("answers 409 queue_empty when no slot applies to every channel of the post", async () => {
    const q = await queueUser();
    await q.putQueue([{ channelId: q.channelOf("twitter"), weekday: 1, time: "09:00" }]);
    const answer = await q.add((await q.draft(["linkedin"])).id);
    expect(answer.status).toBe(409);
    expect(answer.body.error.code).toBe("queue_empty");
  });

  it("frees a queued post's time when it is rescheduled or deleted", async () => {
    const q = await queueUser(["linkedin"]);
    await q.putQueue([
      { weekday: 1, time: "09:00" },
      { weekday: 2, time: "09:00" },
    ]);
    const monday = "2027-06-07T07:00:00.000Z";
    const tuesday = "2027-06-08T07:00:00.000Z";
    const a = await q.draft();
    const b = await q.draft();
    expect((await q.add(a.id)).body.data.scheduledAt).toBe(monday);
    expect((await q.add(b.id)).body.data.scheduledAt).toBe(tuesday);
    expect((await q.next(`channelId=${q.channelOf("linkedin")}&count=1`)).body.data).toEqual(["2027-06-14T07:00:00.000Z"]);

    await schedulePost(q.user.id, a.id, new Date("2027-06-20T10:00:00Z"));
    expect((await q.next(`channelId=${q.channelOf("linkedin")}&count=1`)).body.data).toEqual([monday]);
    expect((await q.add((await q.draft()).id)).body.data.scheduledAt).toBe(monday);

    await deletePost(q.user.id, b.id);
    expect((await q.add((await q.draft()).id)).body.data.scheduledAt).toBe(tuesday);
  });

  it("gives 20 posts added at once 20 different times", async () => {
    const q = await queueUser(["linkedin"]);
    await q.putQueue([1, 2, 3, 4, 5, 6, 7].flatMap((weekday) => ["09:00", "12:00", "17:00"].map((time) => ({ weekday, time }))));
    const drafts = await Promise.all(Array.from({ length: 20 }, () => q.draft()));
    const answers = await Promise.all(drafts.map((post) => q.add(post.id)));
    expect(answers.map((answer) => answer.status)).toEqual(Array(20).fill(200));
    const times = answers.map((answer) => answer.body.data.scheduledAt as string);
    expect(new Set(times).size).toBe(20);
    const expected = (await q.next(`channelId=${q.channelOf("linkedin")}&count=20`)).body.data;
    expect(expected[0] > times.sort().at(-1)!).toBe(true);
  });
});
