// The current workspace (issue 30, decision 82), on SQLite and PostgreSQL: the session's choice
// and its fall back to the personal workspace, the `Plume-Workspace` header on API calls, and a
// token's own workspace; a workspace one is not a member of is "not found".
import { describe, expect, it } from "vitest";
import { createApiToken } from "~/modules/api-tokens/api-tokens.server";
import { requireMember } from "~/modules/auth/guards.server";
import { getDb } from "~/modules/db/db.server";
import { chooseWorkspace } from "~/modules/workspaces/membership.server";
import { createWorkspace, listWorkspaces, MAX_OWNED_WORKSPACES } from "~/modules/workspaces/workspaces.server";
import * as posts from "~/routes/api.posts";
import * as workspaces from "~/routes/api.workspaces";
import * as oneWorkspace from "~/routes/api.workspaces.$workspaceId";
import * as tokens from "~/routes/api.tokens";
import { makeUser } from "../support/admin";
import { call, type Handler } from "../support/route-call";
import { requestWithCookie, uniqueEmail } from "./helpers";

const BASE = "http://localhost:3000";
const user = () => makeUser(uniqueEmail("workspace"));
const sessionIdOf = async (userId: string) => (await getDb().session.findFirstOrThrow({ where: { userId } })).id;
const current = async (cookie: string) => (await requireMember(requestWithCookie(cookie))).workspace;

describe("the current workspace", () => {
  it("is the personal one for a new session, where the user is the owner", async () => {
    const alice = await user();
    expect(await current(alice.cookie)).toEqual({ id: alice.id, name: "", personal: true, role: "owner", approvalRequired: false });
  });

  it("is the one chosen in the session, with the user's role there", async () => {
    const [alice, bob] = [await user(), await user()];
    const acme = await createWorkspace(alice.id, "Acme – client");
    await getDb().workspaceMember.create({ data: { workspaceId: acme.id, userId: bob.id, role: "editor" } });
    expect(await chooseWorkspace(await sessionIdOf(bob.id), bob.id, acme.id)).toMatchObject({ id: acme.id, role: "editor" });
    expect(await current(bob.cookie)).toEqual({ id: acme.id, name: "Acme – client", personal: false, role: "editor", approvalRequired: false });
    // Back to the personal one: stored as no choice at all.
    await chooseWorkspace(await sessionIdOf(bob.id), bob.id, bob.id);
    expect((await current(bob.cookie)).id).toBe(bob.id);
    expect((await getDb().session.findFirstOrThrow({ where: { userId: bob.id } })).workspaceId).toBeNull();
  });

  it("cannot be one the user is not a member of, and trying changes nothing", async () => {
    const [alice, mallory] = [await user(), await user()];
    const acme = await createWorkspace(alice.id, "Acme");
    expect(await chooseWorkspace(await sessionIdOf(mallory.id), mallory.id, acme.id)).toBeNull();
    expect(await chooseWorkspace(await sessionIdOf(mallory.id), mallory.id, alice.id)).toBeNull();
    expect((await current(mallory.cookie)).id).toBe(mallory.id);
  });

  it("falls back to the personal one at once when the membership ends, or the workspace goes", async () => {
    const [alice, bob] = [await user(), await user()];
    const acme = await createWorkspace(alice.id, "Acme");
    const beta = await createWorkspace(alice.id, "Beta");
    for (const workspace of [acme, beta]) await getDb().workspaceMember.create({ data: { workspaceId: workspace.id, userId: bob.id, role: "writer" } });
    const sessionId = await sessionIdOf(bob.id);

    await chooseWorkspace(sessionId, bob.id, acme.id);
    await getDb().workspaceMember.delete({ where: { workspaceId_userId: { workspaceId: acme.id, userId: bob.id } } });
    expect(await current(bob.cookie)).toMatchObject({ id: bob.id, personal: true, role: "owner" });
    expect((await getDb().session.findUniqueOrThrow({ where: { id: sessionId } })).workspaceId).toBeNull();

    await chooseWorkspace(sessionId, bob.id, beta.id);
    await getDb().workspace.delete({ where: { id: beta.id } });
    expect((await current(bob.cookie)).id).toBe(bob.id);
  });

  it("lists the user's workspaces, the personal one first, with their role and member count", async () => {
    const [alice, bob] = [await user(), await user()];
    const zeta = await createWorkspace(alice.id, "Zeta");
    const acme = await createWorkspace(alice.id, "Acme");
    await getDb().workspaceMember.create({ data: { workspaceId: zeta.id, userId: bob.id, role: "viewer" } });
    expect((await listWorkspaces(alice.id)).map((w) => [w.name, w.role, w.personal, w.memberCount])).toEqual([
      ["", "owner", true, 1],
      ["Acme", "owner", false, 1],
      ["Zeta", "owner", false, 2],
    ]);
    expect((await listWorkspaces(bob.id)).map((w) => [w.id, w.role])).toEqual([
      [bob.id, "owner"],
      [zeta.id, "viewer"],
    ]);
    expect(acme.memberCount).toBe(1);
  });
});

describe("channels and workspaces", () => {
  it("one account is one channel in a workspace, and may be connected in another too", async () => {
    const alice = await user();
    const acme = await createWorkspace(alice.id, "Acme");
    const account = { userId: alice.id, network: "linkedin", providerUserId: `member-${alice.id}` };
    await getDb().channel.create({ data: { ...account, workspaceId: alice.id } });
    await getDb().channel.create({ data: { ...account, workspaceId: acme.id } });
    await expect(getDb().channel.create({ data: { ...account, workspaceId: acme.id } })).rejects.toThrow();
    expect(await getDb().channel.count({ where: { userId: alice.id } })).toBe(2);
  });
});

describe("the workspace of an API call", () => {
  const listPosts = (init: { cookie?: string; headers?: Record<string, string> }) => call(posts.loader as Handler, { url: `${BASE}/api/posts`, ...init });

  it("is the one the Plume-Workspace header names, if the caller is a member; else 404 whether it exists or not", async () => {
    const [alice, bob] = [await user(), await user()];
    const acme = await createWorkspace(alice.id, "Acme");
    expect((await listPosts({ cookie: alice.cookie, headers: { "Plume-Workspace": acme.id } })).status).toBe(200);
    expect((await listPosts({ cookie: alice.cookie, headers: { "Plume-Workspace": alice.id } })).status).toBe(200);
    for (const id of [acme.id, alice.id, "no-such-workspace", "", "x".repeat(5000)]) {
      const answer = await listPosts({ cookie: bob.cookie, headers: { "Plume-Workspace": id } });
      expect(answer.status, id.slice(0, 20)).toBe(404);
      expect(answer.body.error.code).toBe("not_found");
    }
    const french = await call(posts.loader as Handler, { url: `${BASE}/api/posts`, cookie: bob.cookie, lang: "fr", headers: { "Plume-Workspace": acme.id } });
    expect(french.body.error.message).toContain("espace de travail");
  });

  it("is a token's own workspace, whatever header it sends, and ends with its maker's membership", async () => {
    const [alice, bob] = [await user(), await user()];
    const acme = await createWorkspace(alice.id, "Acme");
    await getDb().workspaceMember.create({ data: { workspaceId: acme.id, userId: bob.id, role: "editor" } });
    const { token, id } = await createApiToken(bob.id, { name: "Script", scopes: ["posts:read"] });
    await getDb().apiToken.update({ where: { id }, data: { workspaceId: acme.id } });
    const bearer = { Authorization: `Bearer ${token}` };
    // The header is ignored, even one naming a workspace the maker cannot enter.
    expect((await listPosts({ headers: { ...bearer, "Plume-Workspace": "no-such-workspace" } })).status).toBe(200);
    await getDb().workspaceMember.delete({ where: { workspaceId_userId: { workspaceId: acme.id, userId: bob.id } } });
    const after = await listPosts({ headers: bearer });
    expect(after.status).toBe(401);
    expect(after.body.error.code).toBe("unauthorized");
  });

  it("files a token made with the header in that workspace, where it then acts; each workspace lists its own tokens", async () => {
    const alice = await user();
    const acme = await createWorkspace(alice.id, "Acme");
    await getDb().post.create({ data: { userId: alice.id, workspaceId: acme.id, platforms: "linkedin", linkedinText: "Acme's", status: "draft" } });
    await getDb().post.create({ data: { userId: alice.id, workspaceId: alice.id, platforms: "linkedin", linkedinText: "Mine", status: "draft" } });
    const made = await call(tokens.action as Handler, {
      method: "POST",
      url: `${BASE}/api/tokens`,
      cookie: alice.cookie,
      headers: { "Plume-Workspace": acme.id },
      body: { name: "Acme script", scopes: ["posts:read"] },
    });
    expect(made.status).toBe(201);
    expect((await getDb().apiToken.findUniqueOrThrow({ where: { id: made.body.data.id } })).workspaceId).toBe(acme.id);
    const listed = await listPosts({ headers: { Authorization: `Bearer ${made.body.data.token}` } });
    expect(listed.body.data.map((p: { linkedinText: string }) => p.linkedinText)).toEqual(["Acme's"]);
    const own = await call(tokens.loader as Handler, { url: `${BASE}/api/tokens`, cookie: alice.cookie });
    expect(own.body.data).toEqual([]);
    const inAcme = await call(tokens.loader as Handler, { url: `${BASE}/api/tokens`, cookie: alice.cookie, headers: { "Plume-Workspace": acme.id } });
    expect(inAcme.body.data.map((t: { name: string }) => t.name)).toEqual(["Acme script"]);
  });

  it("creates and lists workspaces through the API, for a session only", async () => {
    const alice = await user();
    const created = await call(workspaces.action as Handler, {
      method: "POST",
      url: `${BASE}/api/workspaces`,
      cookie: alice.cookie,
      body: { name: "  Acme  " },
    });
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({ name: "Acme", role: "owner", personal: false, memberCount: 1 });
    const listed = await call(workspaces.loader as Handler, { url: `${BASE}/api/workspaces`, cookie: alice.cookie });
    expect(listed.body.data.map((w: { name: string }) => w.name)).toEqual(["", "Acme"]);

    const empty = await call(workspaces.action as Handler, {
      method: "POST",
      url: `${BASE}/api/workspaces`,
      cookie: alice.cookie,
      body: { name: " " },
      lang: "fr",
    });
    expect(empty.status).toBe(422);
    expect(empty.body.error.fields.name).toContain("nom");
    const { token } = await createApiToken(alice.id, { name: "Script", scopes: ["posts:read", "posts:write", "channels:read"] });
    const byToken = await call(workspaces.loader as Handler, { url: `${BASE}/api/workspaces`, headers: { Authorization: `Bearer ${token}` } });
    expect(byToken.status).toBe(403);
    expect(await getDb().workspace.count({ where: { members: { some: { userId: alice.id } } } })).toBe(2);
  });

  it("renames a workspace and turns its approval on, for its admins only; others get 403, outsiders 404, and nothing changes", async () => {
    const [alice, bob, carol, mallory] = [await user(), await user(), await user(), await user()];
    const acme = await createWorkspace(alice.id, "Acme");
    await getDb().workspaceMember.createMany({
      data: [
        { workspaceId: acme.id, userId: bob.id, role: "admin" },
        { workspaceId: acme.id, userId: carol.id, role: "editor" },
      ],
    });
    const patch = (cookie: string, body: unknown, lang?: string) =>
      call(oneWorkspace.action as Handler, {
        method: "PATCH",
        url: `${BASE}/api/workspaces/${acme.id}`,
        params: { workspaceId: acme.id },
        cookie,
        body,
        lang,
      });
    const byAdmin = await patch(bob.cookie, { name: "Acme – client", approvalRequired: true });
    expect(byAdmin.status).toBe(200);
    expect(byAdmin.body.data).toMatchObject({ id: acme.id, name: "Acme – client", approvalRequired: true, role: "admin", memberCount: 3 });

    const byEditor = await patch(carol.cookie, { name: "Mine now" }, "fr");
    expect(byEditor.status).toBe(403);
    expect(byEditor.body.error.message).toContain("administrateurs");
    const byOutsider = await patch(mallory.cookie, { approvalRequired: false });
    expect(byOutsider.status).toBe(404);
    // A personal workspace keeps its empty name (the app names it), in the API as in the app.
    const personal = await call(oneWorkspace.action as Handler, {
      method: "PATCH",
      url: `${BASE}/api/workspaces/${alice.id}`,
      params: { workspaceId: alice.id },
      cookie: alice.cookie,
      body: { name: "Mine" },
    });
    expect(personal.status).toBe(409);
    expect(personal.body.error.code).toBe("personal_workspace");
    expect((await getDb().workspace.findUniqueOrThrow({ where: { id: alice.id } })).name).toBe("");
    for (const body of [{}, { name: "" }, { name: "x".repeat(81) }, { approvalRequired: "yes" }]) {
      const refused = await patch(alice.cookie, body);
      expect(refused.status, JSON.stringify(body)).toBe(422);
    }
    expect(await getDb().workspace.findUniqueOrThrow({ where: { id: acme.id }, select: { name: true, approvalRequired: true } })).toEqual({
      name: "Acme – client",
      approvalRequired: true,
    });
    // The owner sees it so too, and a session now reads the approval setting with the workspace.
    await chooseWorkspace(await sessionIdOf(carol.id), carol.id, acme.id);
    expect(await current(carol.cookie)).toMatchObject({ id: acme.id, approvalRequired: true, role: "editor" });
  });

  it("never lets one person own more than the bound, even asked many times at once", async () => {
    const alice = await user();
    await getDb().workspace.createMany({ data: Array.from({ length: MAX_OWNED_WORKSPACES - 3 }, (_, i) => ({ id: `${alice.id}-w${i}`, name: `W${i}` })) });
    await getDb().workspaceMember.createMany({
      data: Array.from({ length: MAX_OWNED_WORKSPACES - 3 }, (_, i) => ({ workspaceId: `${alice.id}-w${i}`, userId: alice.id, role: "owner" })),
    });
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        call(workspaces.action as Handler, { method: "POST", url: `${BASE}/api/workspaces`, cookie: alice.cookie, body: { name: `Burst ${i}` } }),
      ),
    );
    expect(answers.filter((a) => a.status === 201)).toHaveLength(3);
    expect(answers.filter((a) => a.status === 409).every((a) => a.body.error.code === "workspace_limit_reached")).toBe(true);
    expect(await getDb().workspaceMember.count({ where: { userId: alice.id, role: "owner", workspace: { personalOfId: null } } })).toBe(MAX_OWNED_WORKSPACES);
  });
});
