// Posts and the queue of a shared workspace through the API (issue 30, step 2), on SQLite and
// PostgreSQL: a member writes, changes, queues and deletes in the workspace the Plume-Workspace
// header names; the same ids are "not found" from another workspace or to someone who is not a
// member; the queue's slots are in the owner's time zone, whoever adds.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { getDb } from "~/modules/db/db.server";
import { createWorkspace } from "~/modules/workspaces/workspaces.server";
import * as posts from "~/routes/api.posts";
import * as post from "~/routes/api.posts.$postId";
import * as postQueue from "~/routes/api.posts.$postId.queue";
import * as queue from "~/routes/api.queue";
import { makeUser } from "../support/admin";
import { connectedUser, startFakes, type Fakes } from "../support/publishing";
import { call, type Handler } from "../support/route-call";
import { createSession } from "~/modules/auth/session.server";
import { uniqueEmail } from "./helpers";

const BASE = "http://localhost:3000";
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

/** Alice owns "Acme" (her LinkedIn account connected there), Bob is its editor, Mallory is not a member. */
async function agency() {
  const { user: alice } = await connectedUser(fakes, ["linkedin"]);
  await getDb().user.update({ where: { id: alice.id }, data: { timezone: "Europe/Paris" } });
  const acme = await createWorkspace(alice.id, "Acme");
  await getDb().channel.updateMany({ where: { userId: alice.id }, data: { workspaceId: acme.id } });
  const channel = await getDb().channel.findFirstOrThrow({ where: { workspaceId: acme.id } });
  const bob = await makeUser(uniqueEmail("editor"));
  await getDb().user.update({ where: { id: bob.id }, data: { timezone: "America/New_York" } });
  await getDb().workspaceMember.create({ data: { workspaceId: acme.id, userId: bob.id, role: "editor" } });
  const mallory = await makeUser(uniqueEmail("outsider"));
  const aliceCookie = (await createSession(alice.id)).split(";")[0]!;
  const inAcme = { "Plume-Workspace": acme.id };
  return { alice: { ...alice, cookie: aliceCookie }, bob, mallory, acme, channel, inAcme };
}

const onePost = (cookie: string, postId: string, headers: Record<string, string> = {}) =>
  call(post.loader as Handler, { url: `${BASE}/api/posts/${postId}`, params: { postId }, cookie, headers });

describe("posts of a shared workspace", () => {
  it("are written by a member into the workspace the header names, and read by its members only", async () => {
    const { alice, bob, mallory, acme, channel, inAcme } = await agency();
    const created = await call(posts.action as Handler, {
      method: "POST",
      url: `${BASE}/api/posts`,
      cookie: bob.cookie,
      headers: inAcme,
      body: { targets: [{ channelId: channel.id, parts: [{ text: "For Acme's followers" }] }] },
    });
    expect(created.status).toBe(201);
    const postId = created.body.data.id as string;
    expect(await getDb().post.findUniqueOrThrow({ where: { id: postId }, select: { workspaceId: true, userId: true } })).toEqual({
      workspaceId: acme.id,
      userId: bob.id,
    });

    expect((await onePost(alice.cookie, postId, inAcme)).status).toBe(200);
    // From another workspace (their personal one), and to someone outside, it does not exist.
    for (const [cookie, headers] of [
      [alice.cookie, {}],
      [bob.cookie, {}],
      [mallory.cookie, {}],
      [mallory.cookie, inAcme],
    ] as const) {
      const answer = await onePost(cookie, postId, headers);
      expect(answer.status).toBe(404);
      expect(answer.body.error.code).toBe("not_found");
    }
    const listed = await call(posts.loader as Handler, { url: `${BASE}/api/posts`, cookie: alice.cookie, headers: inAcme });
    expect(listed.body.data.map((p: { id: string }) => p.id)).toEqual([postId]);
    expect((await call(posts.loader as Handler, { url: `${BASE}/api/posts`, cookie: alice.cookie })).body.data).toEqual([]);
  });

  it("are changed and deleted in their workspace only; elsewhere the same id changes nothing", async () => {
    const { bob, mallory, channel, inAcme } = await agency();
    const created = await call(posts.action as Handler, {
      method: "POST",
      url: `${BASE}/api/posts`,
      cookie: bob.cookie,
      headers: inAcme,
      body: { targets: [{ channelId: channel.id, parts: [{ text: "First words" }] }] },
    });
    const postId = created.body.data.id as string;
    const patch = (cookie: string, headers: Record<string, string>) =>
      call(post.action as Handler, {
        method: "PATCH",
        url: `${BASE}/api/posts/${postId}`,
        params: { postId },
        cookie,
        headers,
        body: { targets: [{ channelId: channel.id, parts: [{ text: "Changed" }] }] },
      });
    const remove = (cookie: string, headers: Record<string, string>) =>
      call(post.action as Handler, { method: "DELETE", url: `${BASE}/api/posts/${postId}`, params: { postId }, cookie, headers });

    expect((await patch(bob.cookie, {})).status).toBe(404);
    expect((await patch(mallory.cookie, inAcme)).status).toBe(404);
    expect((await remove(mallory.cookie, {})).status).toBe(404);
    const parts = await getDb().postPart.findMany({ where: { target: { postId } }, select: { text: true } });
    expect(parts).toEqual([{ text: "First words" }]);

    expect((await patch(bob.cookie, inAcme)).status).toBe(200);
    expect((await remove(bob.cookie, inAcme)).status).toBe(204);
    expect(await getDb().post.count({ where: { id: postId } })).toBe(0);
  });

  it("a channel of another workspace cannot be a target", async () => {
    const { bob, channel } = await agency();
    const answer = await call(posts.action as Handler, {
      method: "POST",
      url: `${BASE}/api/posts`,
      cookie: bob.cookie,
      body: { targets: [{ channelId: channel.id, parts: [{ text: "In my own workspace, on Acme's account" }] }] },
    });
    expect(answer.status).toBe(422);
    expect(await getDb().post.count({ where: { userId: bob.id } })).toBe(0);
  });
});

describe("the queue of a shared workspace", () => {
  it("is the workspace's, its times in the owner's time zone whoever adds to it", async () => {
    const { alice, bob, channel, inAcme } = await agency();
    const put = await call(queue.action as Handler, {
      method: "PUT",
      url: `${BASE}/api/queue`,
      cookie: alice.cookie,
      headers: inAcme,
      body: { slots: [{ weekday: 1, time: "09:00" }] },
    });
    expect(put.status).toBe(200);
    expect(put.body.data.timezone).toBe("Europe/Paris");
    // Bob reads it in Acme (in Alice's time zone), and his own queue is still empty.
    const bobsView = await call(queue.loader as Handler, { url: `${BASE}/api/queue`, cookie: bob.cookie, headers: inAcme });
    expect(bobsView.body.data).toMatchObject({ timezone: "Europe/Paris", slots: [{ weekday: 1, time: "09:00" }] });
    expect((await call(queue.loader as Handler, { url: `${BASE}/api/queue`, cookie: bob.cookie })).body.data.slots).toEqual([]);

    const created = await call(posts.action as Handler, {
      method: "POST",
      url: `${BASE}/api/posts`,
      cookie: bob.cookie,
      headers: inAcme,
      body: { targets: [{ channelId: channel.id, parts: [{ text: "Queued by Bob" }] }] },
    });
    const postId = created.body.data.id as string;
    const add = (headers: Record<string, string>) =>
      call(postQueue.action as Handler, { method: "POST", url: `${BASE}/api/posts/${postId}/queue`, params: { postId }, cookie: bob.cookie, headers });
    expect((await add({})).status).toBe(404);
    const added = await add(inAcme);
    expect(added.status).toBe(200);
    // Monday 7 June, 09:00 in Paris (07:00 UTC), not 09:00 in New York.
    expect(added.body.data.scheduledAt).toBe("2027-06-07T07:00:00.000Z");
  });
});
