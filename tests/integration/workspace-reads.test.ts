// What the /posts views, search, the CSV export and the counts show is the current workspace's
// only (issue 30, step 2), on SQLite and PostgreSQL: a member who chooses a shared workspace sees
// its posts, not their own, and back in their personal workspace the other way round.
import { beforeAll, describe, expect, it } from "vitest";
import { loadAllContent } from "~/modules/content/content.server";
import { getDb } from "~/modules/db/db.server";
import { chooseWorkspace } from "~/modules/workspaces/membership.server";
import { createWorkspace } from "~/modules/workspaces/workspaces.server";
import * as exportCsv from "~/routes/api.posts.export[.]csv";
import * as apiSearch from "~/routes/api.search";
import * as postsPage from "~/routes/_dashboard.posts._index";
import * as searchPage from "~/routes/_default.search";
import { makeUser } from "../support/admin";
import { call, type Handler } from "../support/route-call";
import { uniqueEmail } from "./helpers";

const BASE = "http://localhost:3000";

async function post(userId: string, workspaceId: string, text: string, scheduledAt: Date | null = null) {
  return getDb().post.create({
    data: { userId, workspaceId, platforms: "linkedin", linkedinText: text, status: scheduledAt ? "scheduled" : "draft", scheduledAt },
    select: { id: true },
  });
}

async function setting() {
  const alice = await makeUser(uniqueEmail("reads"));
  const bob = await makeUser(uniqueEmail("reads"));
  const acme = await createWorkspace(alice.id, "Acme");
  await getDb().workspaceMember.create({ data: { workspaceId: acme.id, userId: bob.id, role: "editor" } });
  const soon = new Date(Date.now() + 3 * 86_400_000);
  const acmePost = await post(alice.id, acme.id, "Acme launch zebra", soon);
  const bobsOwn = await post(bob.id, bob.id, "Bob's own zebra", soon);
  const bobSession = (await getDb().session.findFirstOrThrow({ where: { userId: bob.id } })).id;
  return { alice, bob, acme, acmePost, bobsOwn, bobSession };
}

const ids = (posts: { id: string }[]) => posts.map((p) => p.id);

describe("reads of the current workspace", () => {
  // The search pages search the docs and blog too, which the server reads as it starts.
  beforeAll(() => loadAllContent());

  it("the posts views (gallery, list, calendar, queue) and their counts", async () => {
    const { bob, acme, acmePost, bobsOwn, bobSession } = await setting();
    const view = (query: string) => call(postsPage.loader as Handler, { url: `${BASE}/posts${query}`, cookie: bob.cookie });

    const personal = await view("");
    expect(ids(personal.body.list.posts)).toEqual([bobsOwn.id]);
    expect(personal.body.counts.all).toBe(1);

    await chooseWorkspace(bobSession, bob.id, acme.id);
    const shared = await view("?view=list");
    expect(ids(shared.body.list.posts)).toEqual([acmePost.id]);
    expect(shared.body.counts).toMatchObject({ all: 1, pending: 1, draft: 0 });
    const month = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 7);
    const calendar = await view(`?view=calendar&month=${month}`);
    expect(ids(calendar.body.calendar.posts)).toEqual([acmePost.id]);
    const queue = await view("?view=queue&days=7");
    expect(queue.body.counts.all).toBe(1);
  });

  it("search, on the page and through the API (with the header)", async () => {
    const { bob, acme, acmePost, bobsOwn } = await setting();
    const page = await call(searchPage.loader as Handler, { url: `${BASE}/search?q=zebra`, cookie: bob.cookie });
    expect(ids(page.body.posts)).toEqual([bobsOwn.id]);
    const api = await call(apiSearch.loader as Handler, { url: `${BASE}/api/search?q=zebra`, cookie: bob.cookie, headers: { "Plume-Workspace": acme.id } });
    expect(ids(api.body.posts)).toEqual([acmePost.id]);
  });

  it("the CSV export (with the header)", async () => {
    const { bob, acme } = await setting();
    const csv = async (headers: Record<string, string>) => {
      const answer = await exportCsv.loader({
        request: new Request(`${BASE}/api/posts/export.csv`, { headers: { Cookie: bob.cookie, ...headers } }),
        params: {},
        context: {},
      } as never);
      return (answer as Response).text();
    };
    const own = await csv({});
    expect(own).toContain("Bob's own zebra");
    expect(own).not.toContain("Acme launch");
    const shared = await csv({ "Plume-Workspace": acme.id });
    expect(shared).toContain("Acme launch zebra");
    expect(shared).not.toContain("Bob's own");
  });

  it("a workspace left is not read any more", async () => {
    const { bob, acme, bobsOwn, bobSession } = await setting();
    await chooseWorkspace(bobSession, bob.id, acme.id);
    await getDb().workspaceMember.delete({ where: { workspaceId_userId: { workspaceId: acme.id, userId: bob.id } } });
    const after = await call(postsPage.loader as Handler, { url: `${BASE}/posts`, cookie: bob.cookie });
    expect(ids(after.body.list.posts)).toEqual([bobsOwn.id]);
  });
});
