// The queue's "shuffle" and "move to top" (docs/decisions/0070) through their JSON routes and the
// queue view's forms, on SQLite and PostgreSQL: only queued posts move, and only among the times
// posts of the same channels hold; deliveries move with their post; published and in-flight posts
// stay; another user's post is out of reach; parallel shuffles never give two posts one time.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { createSession } from "~/modules/auth/session.server";
import { getDb } from "~/modules/db/db.server";
import { createPostWithTargets, schedulePost } from "~/modules/posts/post.server";
import * as postQueue from "~/routes/api.posts.$postId.queue";
import * as queueTop from "~/routes/api.posts.$postId.queue.top";
import * as queue from "~/routes/api.queue";
import * as shuffle from "~/routes/api.queue.shuffle";
import * as postsPage from "~/routes/_dashboard.posts._index";
import { call, type Handler } from "../support/route-call";
import { connectedUser, startFakes, type Fakes } from "../support/publishing";

let fakes: Fakes;
beforeAll(async () => {
  fakes = await startFakes();
});
afterAll(async () => {
  await fakes.close();
});

// Friday 4 June 2027, 14:00 in Paris: the Monday slots start on 7 June.
const NOW = new Date("2027-06-04T12:00:00Z");
beforeEach(() => {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(NOW);
});
afterEach(() => vi.useRealTimers());

const BASE = "http://localhost:3000";

async function queueUser(networks: ("linkedin" | "twitter")[] = ["linkedin"]) {
  const { user } = await connectedUser(fakes, networks);
  await getDb().user.update({ where: { id: user.id }, data: { timezone: "Europe/Paris" } });
  const cookie = (await createSession(user.id)).split(";")[0]!;
  const channels = await getDb().channel.findMany({ where: { userId: user.id }, orderBy: { createdAt: "asc" } });
  const channelOf = (network: string) => channels.find((channel) => channel.network === network)!.id;
  const draft = (on: string[] = ["linkedin"]) =>
    createPostWithTargets(
      user.id,
      on.map((network) => ({ channelId: channelOf(network), parts: [{ text: `For ${network}` }] })),
    );
  const add = async (on: string[] = ["linkedin"]) => {
    const post = await draft(on);
    const answer = await call(postQueue.action as Handler, { method: "POST", url: `${BASE}/api/posts/${post.id}/queue`, params: { postId: post.id }, cookie });
    expect(answer.status).toBe(200);
    return post.id;
  };
  return {
    user,
    cookie,
    channelOf,
    draft,
    add,
    putQueue: (slots: unknown) => call(queue.action as Handler, { method: "PUT", url: `${BASE}/api/queue`, cookie, body: { slots } }),
    shuffle: (as = cookie) => call(shuffle.action as Handler, { method: "POST", url: `${BASE}/api/queue/shuffle`, cookie: as }),
    top: (postId: string, as = cookie) =>
      call(queueTop.action as Handler, { method: "POST", url: `${BASE}/api/posts/${postId}/queue/top`, params: { postId }, cookie: as }),
  };
}

/** Each post's time, and its deliveries' due times (they must always say the same). */
async function timesOf(ids: string[]) {
  const posts = await getDb().post.findMany({ where: { id: { in: ids } }, include: { deliveries: true } });
  return new Map(
    posts.map((post) => {
      for (const delivery of post.deliveries)
        if (delivery.status === "pending") expect(delivery.nextAttemptAt?.toISOString()).toBe(post.scheduledAt?.toISOString());
      return [post.id, post.scheduledAt!.toISOString()];
    }),
  );
}

const DAILY = [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, time: "09:00" }));

describe("POST /api/queue/shuffle", () => {
  it("re-deals the queued posts among their own times, deliveries with them, and leaves the rest alone", async () => {
    const q = await queueUser();
    await q.putQueue(DAILY);
    const queued = [];
    for (let i = 0; i < 5; i++) queued.push(await q.add());
    // Not queued: a post at a time of its own, and a published one at a slot time.
    const own = await q.draft();
    await schedulePost(q.user.id, own.id, new Date("2027-06-08T15:00:00Z"));
    const published = await q.add();
    await getDb().post.update({ where: { id: published }, data: { status: "published", publishedAt: NOW } });
    const before = await timesOf([...queued, own.id, published]);

    const answer = await q.shuffle();
    expect(answer.status).toBe(200);
    expect(answer.body.data.moved).toBeGreaterThan(0);
    const after = await timesOf([...queued, own.id, published]);
    expect(queued.filter((id) => after.get(id) !== before.get(id))).toHaveLength(answer.body.data.moved);
    expect(queued.map((id) => after.get(id)).sort()).toEqual(queued.map((id) => before.get(id)).sort());
    expect(after.get(own.id)).toBe(before.get(own.id));
    expect(after.get(published)).toBe(before.get(published));
  });

  it("never moves a post with a delivery in flight, nor trades times between different channel sets", async () => {
    const q = await queueUser(["linkedin", "twitter"]);
    await q.putQueue(DAILY);
    const both = [await q.add(["linkedin", "twitter"]), await q.add(["linkedin", "twitter"])];
    const linkedin = [await q.add(["linkedin"]), await q.add(["linkedin"]), await q.add(["linkedin"])];
    const inFlight = linkedin[0]!;
    await getDb().delivery.updateMany({ where: { postId: inFlight }, data: { status: "publishing" } });
    const before = await timesOf([...both, ...linkedin]);
    for (let i = 0; i < 4; i++) expect((await q.shuffle()).status).toBe(200);
    const after = await timesOf([...both, ...linkedin]);
    expect(after.get(inFlight)).toBe(before.get(inFlight));
    expect(both.map((id) => after.get(id)).sort()).toEqual(both.map((id) => before.get(id)).sort());
    expect(linkedin.map((id) => after.get(id)).sort()).toEqual(linkedin.map((id) => before.get(id)).sort());
  });

  it("touches only the caller's posts, and asks to sign in", async () => {
    const q = await queueUser();
    const other = await queueUser();
    await q.putQueue(DAILY);
    await other.putQueue(DAILY);
    const mine = [await q.add(), await q.add()];
    const before = await timesOf(mine);
    expect((await other.shuffle()).body.data).toEqual({ moved: 0 });
    expect(await timesOf(mine)).toEqual(before);
    expect((await q.shuffle("")).status).toBe(401);
  });

  it("keeps every time distinct when shuffles run at once", async () => {
    const q = await queueUser();
    await q.putQueue(DAILY);
    const queued = [];
    for (let i = 0; i < 8; i++) queued.push(await q.add());
    const before = [...(await timesOf(queued)).values()].sort();
    const answers = await Promise.all(Array.from({ length: 6 }, () => q.shuffle()));
    expect(answers.map((answer) => answer.status)).toEqual(Array(6).fill(200));
    const after = [...(await timesOf(queued)).values()].sort();
    expect(after).toEqual(before);
    expect(new Set(after).size).toBe(8);
  });
});

describe("POST /api/posts/{id}/queue/top", () => {
  it("gives the post the first time and moves each post before it one slot later, deliveries with them", async () => {
    const q = await queueUser();
    await q.putQueue(DAILY);
    const [a, b, c, d] = [await q.add(), await q.add(), await q.add(), await q.add()];
    const before = await timesOf([a!, b!, c!, d!]);
    const answer = await q.top(c!);
    expect(answer.status).toBe(200);
    expect(answer.body.data).toMatchObject({ id: c, scheduledAt: before.get(a!) });
    const after = await timesOf([a!, b!, c!, d!]);
    expect([after.get(c!), after.get(a!), after.get(b!), after.get(d!)]).toEqual([before.get(a!), before.get(b!), before.get(c!), before.get(d!)]);
    // First already: nothing changes.
    expect((await q.top(c!)).status).toBe(200);
    expect(await timesOf([a!, b!, c!, d!])).toEqual(after);
  });

  it("refuses another user's post (404), a published one, one not in the queue, and changes nothing", async () => {
    const q = await queueUser();
    const other = await queueUser();
    await q.putQueue(DAILY);
    const [a, b] = [await q.add(), await q.add()];
    const before = await timesOf([a!, b!]);
    expect((await other.top(b!)).status).toBe(404);
    const draft = await q.draft();
    const notQueued = await q.top(draft.id);
    expect(notQueued.status).toBe(409);
    expect(notQueued.body.error.code).toBe("post_not_queued");
    await getDb().post.update({ where: { id: b! }, data: { status: "published", publishedAt: NOW } });
    expect((await q.top(b!)).body.error.code).toBe("post_published");
    expect(await timesOf([a!, b!])).toEqual(before);
  });
});

describe("the queue view (/posts?view=queue)", () => {
  it("lists each slot free or filled at its local time, and its forms shuffle and move to top (PRG)", async () => {
    const q = await queueUser();
    await q.putQueue([
      { weekday: 1, time: "09:00" },
      { weekday: 2, time: "09:00" },
    ]);
    const [a, b] = [await q.add(), await q.add()];
    const page = await call(postsPage.loader as Handler, { url: `${BASE}/posts?view=queue&days=14`, cookie: q.cookie });
    const data = page.body as {
      queue: { hasSlots: boolean; channels: { days: { date: string; entries: { kind: string; at: string; postId?: string }[] }[] }[] };
    };
    expect(data.queue.hasSlots).toBe(true);
    const entries = data.queue.channels[0]!.days.flatMap((day) => day.entries.map((entry) => ({ date: day.date, ...entry })));
    expect(entries.slice(0, 3)).toMatchObject([
      { date: "2027-06-07", kind: "post", postId: a, at: "2027-06-07T07:00:00.000Z" },
      { date: "2027-06-08", kind: "post", postId: b, at: "2027-06-08T07:00:00.000Z" },
      { date: "2027-06-14", kind: "free", at: "2027-06-14T07:00:00.000Z" },
    ]);

    const moved = await call(postsPage.action as Handler, {
      method: "POST",
      url: `${BASE}/posts?index&view=queue`,
      cookie: q.cookie,
      form: { top: b! },
    });
    expect(moved.status).toBe(302);
    expect(moved.headers.get("Location")).toBe("/posts?view=queue");
    expect((await timesOf([b!])).get(b!)).toBe("2027-06-07T07:00:00.000Z");
    const refused = await call(postsPage.action as Handler, {
      method: "POST",
      url: `${BASE}/posts?index&view=queue&days=28`,
      cookie: q.cookie,
      form: { top: "nope" },
    });
    expect(refused.headers.get("Location")).toBe("/posts?view=queue&days=28");
    const shuffled = await call(postsPage.action as Handler, {
      method: "POST",
      url: `${BASE}/posts?index&view=queue`,
      cookie: q.cookie,
      form: { intent: "shuffle" },
    });
    expect(shuffled.status).toBe(302);
  });

  it("says there is no slot yet", async () => {
    const q = await queueUser();
    const page = await call(postsPage.loader as Handler, { url: `${BASE}/posts?view=queue`, cookie: q.cookie });
    expect((page.body as { queue: { hasSlots: boolean } }).queue.hasSlots).toBe(false);
  });
});
