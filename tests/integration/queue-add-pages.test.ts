// "Add to queue" from the pages (issue 27): the post's page and the posts list post to
// /posts/{id}/queue; the composer's main button does the same once the user has slots. On SQLite
// and PostgreSQL.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { createSession } from "~/modules/auth/session.server";
import { getDb } from "~/modules/db/db.server";
import { createPostWithTargets } from "~/modules/posts/post.server";
import { replaceQueue } from "~/modules/queue/queue.server";
import { getToast } from "~/modules/toast/toast.server";
import * as compose from "~/routes/_dashboard.compose.($postId)";
import * as postPage from "~/routes/_dashboard.posts.$postId";
import * as postQueue from "~/routes/_dashboard.posts.$postId_.queue";
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

// Friday 4 June 2027, 14:00 in Paris: the first Monday 09:00 slot is 7 June, 07:00 UTC.
const NOW = new Date("2027-06-04T12:00:00Z");
const MONDAY_NINE = "2027-06-07T07:00:00.000Z";
beforeEach(() => {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(NOW);
});
afterEach(() => vi.useRealTimers());

async function parisUser({ slots = true } = {}) {
  const { user } = await connectedUser(fakes, ["linkedin", "twitter"]);
  await getDb().user.update({ where: { id: user.id }, data: { timezone: "Europe/Paris" } });
  if (slots) await replaceQueue(user.id, [{ channelId: null, weekday: 1, time: "09:00" }]);
  const cookie = (await createSession(user.id)).split(";")[0]!;
  const channels = await getDb().channel.findMany({ where: { userId: user.id }, orderBy: { createdAt: "asc" } });
  const draft = () => createPostWithTargets(user.id, [{ channelId: channels[0]!.id, parts: [{ text: "For the queue" }] }]);
  return { user: { ...user, timezone: "Europe/Paris" }, cookie, channels, draft };
}

const add = (postId: string, cookie: string, redirectTo?: string, lang?: string) =>
  call(postQueue.action as Handler, {
    method: "POST",
    url: `http://localhost:3000/posts/${postId}/queue`,
    params: { postId },
    cookie,
    form: new URLSearchParams(redirectTo === undefined ? [] : [["redirectTo", redirectTo]]),
    lang,
  });

async function toastOf(response: { headers: Headers }) {
  const cookie = response.headers.get("Set-Cookie")!.split(";")[0]!;
  return (await getToast(new Request("http://localhost:3000/posts", { headers: { Cookie: cookie } }))).toast;
}

const stored = (postId: string) => getDb().post.findUniqueOrThrow({ where: { id: postId }, select: { status: true, scheduledAt: true } });

describe("Add to queue from the post's page and the posts list", () => {
  it("schedules the post at the first free slot and goes back to the list it came from, saying when", async () => {
    const u = await parisUser();
    const post = await u.draft();
    const answer = await add(post.id, u.cookie, "/posts?view=list&page=2");
    expect(answer.status).toBe(302);
    expect(answer.headers.get("Location")).toBe("/posts?view=list&page=2");
    const toast = await toastOf(answer);
    expect(toast?.title).toBe("Added to your queue");
    expect(toast?.description).toContain("Monday, June 7, 2027");
    expect(toast?.description).toContain("9:00");
    expect(await stored(post.id)).toEqual({ status: "scheduled", scheduledAt: new Date(MONDAY_NINE) });
    // The next one takes the following Monday: the first holds 7 June.
    const second = await u.draft();
    await add(second.id, u.cookie);
    expect((await stored(second.id)).scheduledAt).toEqual(new Date("2027-06-14T07:00:00.000Z"));
  });

  it("says in French why a user without slots cannot, and leaves the draft as it was", async () => {
    const u = await parisUser({ slots: false });
    const post = await u.draft();
    const answer = await add(post.id, u.cookie, undefined, "fr");
    expect(answer.headers.get("Location")).toBe(`/posts/${post.id}`);
    const toast = await toastOf(answer);
    expect(toast?.color).toBe("error");
    expect(toast?.title).toBe("Votre file d'attente n'a pas encore de créneaux : ajoutez-en d'abord.");
    expect(await stored(post.id)).toEqual({ status: "draft", scheduledAt: null });
  });

  it("answers 404 for another user's post and never goes to another site", async () => {
    const owner = await parisUser();
    const other = await parisUser();
    const post = await owner.draft();
    expect((await add(post.id, other.cookie)).status).toBe(404);
    expect(await stored(post.id)).toEqual({ status: "draft", scheduledAt: null });
    const answer = await add(post.id, owner.cookie, "//evil.example/posts");
    expect(answer.headers.get("Location")).toBe(`/posts/${post.id}`);
  });

  it("is offered on the post's page and the list only to a user with slots", async () => {
    const withQueue = await parisUser();
    const without = await parisUser({ slots: false });
    const postOf = async (u: Awaited<ReturnType<typeof parisUser>>) => {
      const post = await u.draft();
      const page = await call(postPage.loader as Handler, { url: `http://localhost:3000/posts/${post.id}`, params: { postId: post.id }, cookie: u.cookie });
      const list = await call(postsPage.loader as Handler, { url: "http://localhost:3000/posts?view=list", cookie: u.cookie });
      return [page.body.queueReady, list.body.queueReady];
    };
    expect(await postOf(withQueue)).toEqual([true, true]);
    expect(await postOf(without)).toEqual([false, false]);
  });
});

describe("the composer with a queue", () => {
  const composeUrl = (postId?: string) => `http://localhost:3000/compose${postId ? `/${postId}` : ""}`;
  const send = (cookie: string, fields: [string, string][], postId?: string) =>
    call(compose.action as Handler, { method: "POST", url: composeUrl(postId), params: postId ? { postId } : {}, cookie, form: new URLSearchParams(fields) });

  it("offers the queue's first free slot, and its main button adds the post there", async () => {
    const u = await parisUser();
    const page = await call(compose.loader as Handler, { url: composeUrl(), cookie: u.cookie });
    expect(page.body.queue).toEqual({ slotCount: 1, next: MONDAY_NINE });
    expect(page.body.slot).toEqual({ date: "2027-06-07", time: "09:00" });
    const answer = await send(u.cookie, [
      ["channels", u.channels[1]!.id],
      ["parts[0].text", "Queued from the composer"],
      ["intent", "queue"],
    ]);
    const postId = /\/posts\/([^/?]+)$/.exec(answer.headers.get("Location") ?? "")?.[1] ?? "";
    expect(postId).not.toBe("");
    expect(await stored(postId)).toEqual({ status: "scheduled", scheduledAt: new Date(MONDAY_NINE) });
    expect((await toastOf(answer))?.title).toBe("Added to your queue");
  });

  it("keeps the text as a draft in the composer when no slot fits, and says why", async () => {
    const u = await parisUser();
    // Only LinkedIn has a slot: a post for X has none.
    await replaceQueue(u.user.id, [{ channelId: u.channels.find((c) => c.network === "linkedin")!.id, weekday: 1, time: "09:00" }]);
    const x = u.channels.find((c) => c.network === "twitter")!.id;
    const page = await call(compose.loader as Handler, { url: composeUrl(), cookie: u.cookie });
    expect(page.body.queue.slotCount).toBe(1);
    const answer = await send(u.cookie, [
      ["channels", x],
      ["parts[0].text", "Nothing fits"],
      ["intent", "queue"],
    ]);
    const postId = /\/compose\/([^/?]+)$/.exec(answer.headers.get("Location") ?? "")?.[1] ?? "";
    expect(postId).not.toBe("");
    expect(await stored(postId)).toEqual({ status: "draft", scheduledAt: null });
    expect((await toastOf(answer))?.title).toBe("No queue slot is free for every account of this post in the next 53 weeks.");
  });
});
