// The role matrix (issue 30, docs/decisions/0084), on SQLite and PostgreSQL: every role of a shared
// workspace tries every kind of action, through the real routes, in a workspace of its own. What the
// role allows goes through; anything else is a 403 `forbidden` that changes nothing. A writer
// changes drafts only.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { createSession } from "~/modules/auth/session.server";
import { getDb } from "~/modules/db/db.server";
import { chooseWorkspace } from "~/modules/workspaces/membership.server";
import { can, WORKSPACE_ROLES, type Capability, type WorkspaceRole } from "~/modules/workspaces/roles";
import { createWorkspace } from "~/modules/workspaces/workspaces.server";
import * as channelApi from "~/routes/api.channels.$channelId";
import * as posts from "~/routes/api.posts";
import * as post from "~/routes/api.posts.$postId";
import * as publish from "~/routes/api.posts.$postId.publish";
import * as schedule from "~/routes/api.posts.$postId.schedule";
import * as queue from "~/routes/api.queue";
import * as webhooks from "~/routes/api.webhooks";
import * as oneWorkspace from "~/routes/api.workspaces.$workspaceId";
import * as composePage from "~/routes/_dashboard.compose.($postId)";
import * as createPage from "~/routes/_dashboard.create._index";
import * as importPage from "~/routes/_dashboard.posts.import";
import * as postsPage from "~/routes/_dashboard.posts._index";
import * as webhooksPage from "~/routes/_dashboard.webhooks._index";
import { makeUser } from "../support/admin";
import { connectedUser, startFakes, type Fakes } from "../support/publishing";
import { call, type Answer, type Handler } from "../support/route-call";
import { uniqueEmail } from "./helpers";

const BASE = "http://localhost:3000";
let fakes: Fakes;
beforeAll(async () => {
  fakes = await startFakes();
});
afterAll(async () => {
  await fakes.close();
});
const NOW = new Date("2027-06-04T12:00:00Z");
beforeEach(() => {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(NOW);
});
afterEach(() => vi.useRealTimers());

/** A workspace with a LinkedIn and an X channel, two drafts and a scheduled post; `role` is the member who acts. */
async function workspaceWith(role: WorkspaceRole) {
  const { user: owner } = await connectedUser(fakes, ["linkedin", "twitter"]);
  const acme = await createWorkspace(owner.id, "Acme");
  await getDb().channel.updateMany({ where: { userId: owner.id }, data: { workspaceId: acme.id } });
  const linkedin = await getDb().channel.findFirstOrThrow({ where: { workspaceId: acme.id, network: "linkedin" } });
  const x = await getDb().channel.findFirstOrThrow({ where: { workspaceId: acme.id, network: "twitter" } });
  const actor = role === "owner" ? owner : await makeUser(uniqueEmail(`role-${role}`));
  if (role !== "owner") await getDb().workspaceMember.create({ data: { workspaceId: acme.id, userId: actor.id, role } });
  const cookie = (await createSession(actor.id)).split(";")[0]!;
  // Every session of theirs works in Acme (the pages read the session's workspace).
  for (const { id } of await getDb().session.findMany({ where: { userId: actor.id } })) expect(await chooseWorkspace(id, actor.id, acme.id)).not.toBeNull();
  const ownerCookie = (await createSession(owner.id)).split(";")[0]!;
  const headers = { "Plume-Workspace": acme.id };
  const draft = async (text: string) => {
    const made = await call(posts.action as Handler, {
      method: "POST",
      url: `${BASE}/api/posts`,
      cookie: ownerCookie,
      headers,
      body: { targets: [{ channelId: linkedin.id, parts: [{ text }] }] },
    });
    expect(made.status).toBe(201);
    return made.body.data.id as string;
  };
  const [first, second, third, scheduled] = [await draft("First draft"), await draft("Second draft"), await draft("Third draft"), await draft("Planned")];
  const planned = await call(schedule.action as Handler, {
    method: "POST",
    url: `${BASE}/api/posts/${scheduled}/schedule`,
    params: { postId: scheduled },
    cookie: ownerCookie,
    headers,
    body: { scheduledAt: "2027-06-10T09:00:00Z" },
  });
  expect(planned.status).toBe(200);
  return { acme, linkedin, x, cookie, headers, drafts: { first, second, third }, scheduled };
}

type Ctx = Awaited<ReturnType<typeof workspaceWith>>;

const api = (ctx: Ctx, handler: unknown, method: string, path: string, params: Record<string, string> = {}, body?: unknown) =>
  call(handler as Handler, { method, url: `${BASE}${path}`, params, cookie: ctx.cookie, headers: ctx.headers, body });

/** Every kind of action, the least capability it needs, and the status it answers when allowed. */
const ACTIONS: { name: string; needs: Capability | "edit scheduled"; ok: number; run: (ctx: Ctx) => Promise<Answer> }[] = [
  { name: "list posts", needs: "read", ok: 200, run: (ctx) => api(ctx, posts.loader, "GET", "/api/posts") },
  { name: "read a post", needs: "read", ok: 200, run: (ctx) => api(ctx, post.loader, "GET", `/api/posts/${ctx.drafts.first}`, { postId: ctx.drafts.first }) },
  {
    name: "write a draft",
    needs: "write",
    ok: 201,
    run: (ctx) => api(ctx, posts.action, "POST", "/api/posts", {}, { targets: [{ channelId: ctx.linkedin.id, parts: [{ text: "New" }] }] }),
  },
  {
    name: "change a draft",
    needs: "write",
    ok: 200,
    run: (ctx) =>
      api(
        ctx,
        post.action,
        "PATCH",
        `/api/posts/${ctx.drafts.first}`,
        { postId: ctx.drafts.first },
        { targets: [{ channelId: ctx.linkedin.id, parts: [{ text: "Changed" }] }] },
      ),
  },
  {
    name: "change a scheduled post",
    needs: "edit scheduled",
    ok: 200,
    run: (ctx) =>
      api(
        ctx,
        post.action,
        "PATCH",
        `/api/posts/${ctx.scheduled}`,
        { postId: ctx.scheduled },
        { targets: [{ channelId: ctx.linkedin.id, parts: [{ text: "Rewritten" }] }] },
      ),
  },
  {
    name: "delete a draft",
    needs: "write",
    ok: 204,
    run: (ctx) => api(ctx, post.action, "DELETE", `/api/posts/${ctx.drafts.third}`, { postId: ctx.drafts.third }),
  },
  {
    name: "delete a scheduled post",
    needs: "edit scheduled",
    ok: 204,
    run: (ctx) => api(ctx, post.action, "DELETE", `/api/posts/${ctx.scheduled}`, { postId: ctx.scheduled }),
  },
  {
    name: "schedule a draft",
    needs: "publish",
    ok: 200,
    run: (ctx) =>
      api(ctx, schedule.action, "POST", `/api/posts/${ctx.drafts.second}/schedule`, { postId: ctx.drafts.second }, { scheduledAt: "2027-06-11T09:00:00Z" }),
  },
  {
    name: "publish now",
    needs: "publish",
    ok: 200,
    run: (ctx) => api(ctx, publish.action, "POST", `/api/posts/${ctx.drafts.first}/publish`, { postId: ctx.drafts.first }),
  },
  {
    name: "set the posting times",
    needs: "publish",
    ok: 200,
    run: (ctx) => api(ctx, queue.action, "PUT", "/api/queue", {}, { slots: [{ weekday: 1, time: "09:00" }] }),
  },
  { name: "list webhooks", needs: "manage", ok: 200, run: (ctx) => api(ctx, webhooks.loader, "GET", "/api/webhooks") },
  {
    name: "add a webhook",
    needs: "manage",
    ok: 201,
    run: (ctx) => api(ctx, webhooks.action, "POST", "/api/webhooks", {}, { url: "https://hooks.example.com/plume", events: ["post.published"] }),
  },
  {
    name: "disconnect a channel",
    needs: "manage",
    ok: 204,
    run: (ctx) => api(ctx, channelApi.action, "DELETE", `/api/channels/${ctx.x.id}`, { channelId: ctx.x.id }),
  },
  {
    name: "rename the workspace",
    needs: "manage",
    ok: 200,
    run: (ctx) => api(ctx, oneWorkspace.action, "PATCH", `/api/workspaces/${ctx.acme.id}`, { workspaceId: ctx.acme.id }, { name: "Acme 2" }),
  },
  // Pages: a page for a right the role lacks is the error page's 403.
  { name: "open the posts page", needs: "read", ok: 200, run: (ctx) => page(ctx, postsPage.loader, "/posts") },
  { name: "open the composer", needs: "write", ok: 200, run: (ctx) => page(ctx, composePage.loader, "/compose") },
  { name: "open the wizard", needs: "write", ok: 200, run: (ctx) => page(ctx, createPage.loader, "/create") },
  { name: "open the CSV import", needs: "publish", ok: 200, run: (ctx) => page(ctx, importPage.loader, "/posts/import") },
  { name: "open the webhooks page", needs: "manage", ok: 200, run: (ctx) => page(ctx, webhooksPage.loader, "/webhooks") },
  // Last: nothing is left after it.
  {
    name: "delete the workspace",
    needs: "own",
    ok: 204,
    run: (ctx) => api(ctx, oneWorkspace.action, "DELETE", `/api/workspaces/${ctx.acme.id}`, { workspaceId: ctx.acme.id }),
  },
];

function page(ctx: Ctx, handler: unknown, path: string) {
  return call(handler as Handler, { url: `${BASE}${path}`, cookie: ctx.cookie });
}

function allowed(role: WorkspaceRole, needs: Capability | "edit scheduled"): boolean {
  return needs === "edit scheduled" ? can(role, "publish") : can(role, needs);
}

/** Everything an action could change in the workspace, to show a refusal changed none of it. */
async function stateOf(workspaceId: string) {
  const db = getDb();
  const [workspace, postRows, parts, channels, hooks, slots] = await Promise.all([
    db.workspace.findUnique({ where: { id: workspaceId }, select: { name: true } }),
    db.post.findMany({ where: { workspaceId }, select: { id: true, status: true, scheduledAt: true }, orderBy: { id: "asc" } }),
    db.postPart.findMany({ where: { target: { post: { workspaceId } } }, select: { id: true, text: true }, orderBy: { id: "asc" } }),
    db.channel.count({ where: { workspaceId } }),
    db.webhook.count({ where: { workspaceId } }),
    db.queueSlot.count({ where: { workspaceId } }),
  ]);
  return { workspace, posts: postRows, parts, channels, hooks, slots };
}

describe("what each role may do in a shared workspace", () => {
  for (const role of WORKSPACE_ROLES) {
    it(`${role}: allowed what the role allows, refused (403, nothing changed) anything else`, { timeout: 60_000 }, async () => {
      const ctx = await workspaceWith(role);
      for (const action of ACTIONS) {
        const before = await stateOf(ctx.acme.id);
        const answer = await action.run(ctx);
        if (allowed(role, action.needs)) {
          expect(answer.status, `${role} may ${action.name}: ${JSON.stringify(answer.body)}`).toBe(action.ok);
        } else {
          expect(answer.status, `${role} may not ${action.name}`).toBe(403);
          if (answer.body?.error) expect(answer.body.error.code).toBe("forbidden");
          expect(await stateOf(ctx.acme.id), `${role}: ${action.name} changed nothing`).toEqual(before);
        }
      }
    });
  }
});
