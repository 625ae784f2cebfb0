// The workspace pages (issue 30, step 3) through their routes, on SQLite and PostgreSQL: the list
// and the switch (the shell's switcher posts the same form), a new workspace that the user is put
// in, renaming by an admin only, and deleting after the name is typed again; a workspace the user
// is not a member of is "not found" everywhere, and every refusal changes nothing.
import { describe, expect, it } from "vitest";
import { requireMember } from "~/modules/auth/guards.server";
import { getDb } from "~/modules/db/db.server";
import { getToast } from "~/modules/toast/toast.server";
import { chooseWorkspace } from "~/modules/workspaces/membership.server";
import { createWorkspace } from "~/modules/workspaces/workspaces.server";
import * as list from "~/routes/_dashboard.workspaces._index";
import * as settings from "~/routes/_dashboard.workspaces.$workspaceId";
import * as removal from "~/routes/_dashboard.workspaces.$workspaceId_.delete";
import { makeUser } from "../support/admin";
import { call, type Answer, type Handler } from "../support/route-call";
import { requestWithCookie, uniqueEmail } from "./helpers";

const BASE = "http://localhost:3000";
const user = () => makeUser(uniqueEmail("workspace-pages"));
const current = async (cookie: string) => (await requireMember(requestWithCookie(cookie))).workspace;
const sessionIdOf = async (userId: string) => (await getDb().session.findFirstOrThrow({ where: { userId } })).id;

async function toastOf(answer: Answer) {
  const cookie = answer.headers.get("Set-Cookie")!.split(";")[0]!;
  return (await getToast(new Request(BASE, { headers: { Cookie: cookie } }))).toast!;
}

const postList = (cookie: string, form: Record<string, string>, lang?: string) =>
  call(list.action as Handler, { method: "POST", url: `${BASE}/workspaces?index`, cookie, form, lang });
const postSettings = (cookie: string, workspaceId: string, form: Record<string, string>, lang?: string) =>
  call(settings.action as Handler, { method: "POST", url: `${BASE}/workspaces/${workspaceId}`, params: { workspaceId }, cookie, form, lang });
const postDelete = (cookie: string, workspaceId: string, form: Record<string, string>, lang?: string) =>
  call(removal.action as Handler, { method: "POST", url: `${BASE}/workspaces/${workspaceId}/delete`, params: { workspaceId }, cookie, form, lang });

describe("/workspaces", () => {
  it("lists the user's workspaces with the current one, and creating one puts the user in it", async () => {
    const alice = await user();
    const before = await call(list.loader as Handler, { url: `${BASE}/workspaces`, cookie: alice.cookie });
    expect(before.body).toEqual({ currentId: alice.id, workspaces: [expect.objectContaining({ id: alice.id, personal: true, role: "owner" })] });

    const created = await postList(alice.cookie, { intent: "create", name: "  Acme – client " });
    expect(created.status).toBe(302);
    const acme = await getDb().workspace.findFirstOrThrow({ where: { members: { some: { userId: alice.id } }, personalOfId: null } });
    expect(acme.name).toBe("Acme – client");
    expect(created.headers.get("Location")).toBe(`/workspaces/${acme.id}`);
    expect((await toastOf(created)).title).toBe("“Acme – client” created. You are working in it now.");
    expect(await current(alice.cookie)).toMatchObject({ id: acme.id, role: "owner" });

    const after = await call(list.loader as Handler, { url: `${BASE}/workspaces`, cookie: alice.cookie });
    expect(after.body.currentId).toBe(acme.id);
    expect(after.body.workspaces.map((w: { id: string }) => w.id)).toEqual([alice.id, acme.id]);
  });

  it("refuses a name that is empty or too long, in the user's language, and makes nothing", async () => {
    const alice = await user();
    const empty = await postList(alice.cookie, { intent: "create", name: "   " }, "fr");
    expect(empty.status).toBe(400);
    expect(empty.body.result.error.name).toEqual(["workspaces.validation.name"]);
    const long = await postList(alice.cookie, { intent: "create", name: "x".repeat(81) });
    expect(long.body.result.error.name).toEqual(["workspaces.validation.nameTooLong"]);
    const unknown = await postList(alice.cookie, { intent: "explode" });
    expect(unknown.status).toBe(400);
    expect(await getDb().workspaceMember.count({ where: { userId: alice.id } })).toBe(1);
  });

  it("switches to a workspace the user is a member of, landing on the same section", async () => {
    const [alice, bob] = [await user(), await user()];
    const acme = await createWorkspace(alice.id, "Acme");
    await getDb().workspaceMember.create({ data: { workspaceId: acme.id, userId: bob.id, role: "writer" } });
    const there = await postList(bob.cookie, { intent: "switch", workspaceId: acme.id, redirectTo: "/posts/some-post-of-the-other-workspace" });
    expect(there.status).toBe(302);
    expect(there.headers.get("Location")).toBe("/posts");
    expect((await toastOf(there)).title).toBe("You are working in Acme now.");
    expect(await current(bob.cookie)).toMatchObject({ id: acme.id, role: "writer" });

    const back = await postList(bob.cookie, { intent: "switch", workspaceId: bob.id, redirectTo: "/queue" }, "fr");
    expect(back.headers.get("Location")).toBe("/queue");
    expect((await toastOf(back)).title).toBe("Vous travaillez maintenant dans Personnel.");
    expect((await current(bob.cookie)).id).toBe(bob.id);
  });

  it("never switches to a workspace the user is not a member of, whatever the id, and says so", async () => {
    const [alice, mallory] = [await user(), await user()];
    const acme = await createWorkspace(alice.id, "Acme");
    await chooseWorkspace(await sessionIdOf(alice.id), alice.id, acme.id);
    for (const workspaceId of [acme.id, alice.id, "x".repeat(65), "", "../admin"]) {
      const refused = await postList(mallory.cookie, { intent: "switch", workspaceId });
      expect(refused.status, workspaceId).toBe(302);
      expect(refused.headers.get("Location")).toBe("/workspaces");
      expect((await toastOf(refused)).title).toBe("This workspace does not exist, or you are not a member of it.");
    }
    expect((await current(mallory.cookie)).id).toBe(mallory.id);
    // Alice's own choice is untouched.
    expect((await current(alice.cookie)).id).toBe(acme.id);
  });
});

describe("/workspaces/{id}", () => {
  it("shows a workspace to its members only: 404 for anyone else, by any id", async () => {
    const [alice, bob, mallory] = [await user(), await user(), await user()];
    const acme = await createWorkspace(alice.id, "Acme");
    await getDb().workspaceMember.create({ data: { workspaceId: acme.id, userId: bob.id, role: "viewer" } });
    const seen = await call(settings.loader as Handler, { url: `${BASE}/workspaces/${acme.id}`, params: { workspaceId: acme.id }, cookie: bob.cookie });
    expect(seen.body).toMatchObject({ workspace: { id: acme.id, name: "Acme", role: "viewer", memberCount: 2 }, current: false });
    for (const workspaceId of [acme.id, alice.id, "nope"]) {
      const hidden = await call(settings.loader as Handler, { url: `${BASE}/workspaces/${workspaceId}`, params: { workspaceId }, cookie: mallory.cookie });
      expect(hidden.status, workspaceId).toBe(404);
      const deletion = await call(removal.loader as Handler, {
        url: `${BASE}/workspaces/${workspaceId}/delete`,
        params: { workspaceId },
        cookie: mallory.cookie,
      });
      expect(deletion.status, workspaceId).toBe(404);
    }
  });

  it("lets admins and the owner rename it; an editor is refused, an outsider sees nothing, the personal one keeps its name", async () => {
    const [alice, bob, carol, mallory] = [await user(), await user(), await user(), await user()];
    const acme = await createWorkspace(alice.id, "Acme");
    await getDb().workspaceMember.createMany({
      data: [
        { workspaceId: acme.id, userId: bob.id, role: "admin" },
        { workspaceId: acme.id, userId: carol.id, role: "editor" },
      ],
    });
    const renamed = await postSettings(bob.cookie, acme.id, { intent: "rename", name: "Acme Inc." });
    expect(renamed.status).toBe(302);
    expect(renamed.headers.get("Location")).toBe(`/workspaces/${acme.id}`);
    expect((await toastOf(renamed)).title).toBe("Renamed to “Acme Inc.”.");

    const byEditor = await postSettings(carol.cookie, acme.id, { intent: "rename", name: "Carol's" }, "fr");
    expect(byEditor.status).toBe(403);
    expect(byEditor.body.result.error[""][0]).toContain("administrateurs");
    expect((await postSettings(mallory.cookie, acme.id, { intent: "rename", name: "Mallory's" })).status).toBe(404);
    expect((await postSettings(alice.cookie, acme.id, { intent: "rename", name: "" })).status).toBe(400);
    const personal = await postSettings(alice.cookie, alice.id, { intent: "rename", name: "Mine" });
    expect(personal.status).toBe(409);
    expect(personal.body.result.error[""]).toEqual(["Your personal workspace keeps its name."]);
    expect((await getDb().workspace.findUniqueOrThrow({ where: { id: acme.id } })).name).toBe("Acme Inc.");
    expect((await getDb().workspace.findUniqueOrThrow({ where: { id: alice.id } })).name).toBe("");
  });
});

describe("/workspaces/{id}/delete", () => {
  it("deletes it for its owner once the name is typed again, and its members fall back to their own", async () => {
    const [alice, bob] = [await user(), await user()];
    const acme = await createWorkspace(alice.id, "Acme");
    await getDb().workspaceMember.create({ data: { workspaceId: acme.id, userId: bob.id, role: "editor" } });
    await chooseWorkspace(await sessionIdOf(bob.id), bob.id, acme.id);
    await getDb().post.create({ data: { userId: bob.id, workspaceId: acme.id, linkedinText: "Launch day" } });

    const preview = await call(removal.loader as Handler, {
      url: `${BASE}/workspaces/${acme.id}/delete`,
      params: { workspaceId: acme.id },
      cookie: alice.cookie,
    });
    expect(preview.body).toMatchObject({ workspace: { name: "Acme", memberCount: 2 }, posts: 1, channels: 0 });

    const wrong = await postDelete(alice.cookie, acme.id, { confirmName: "acme" });
    expect(wrong.status).toBe(422);
    expect(wrong.body.result.error.confirmName).toEqual(["workspaces.delete.mismatch"]);
    expect(await getDb().workspace.count({ where: { id: acme.id } })).toBe(1);

    const byMember = await postDelete(bob.cookie, acme.id, { confirmName: "Acme" });
    expect(byMember.status).toBe(403);
    expect(await getDb().workspace.count({ where: { id: acme.id } })).toBe(1);

    const deleted = await postDelete(alice.cookie, acme.id, { confirmName: " Acme " });
    expect(deleted.status).toBe(302);
    expect(deleted.headers.get("Location")).toBe("/workspaces");
    expect((await toastOf(deleted)).title).toBe("“Acme” deleted.");
    expect(await getDb().workspace.count({ where: { id: acme.id } })).toBe(0);
    expect(await getDb().post.count({ where: { workspaceId: acme.id } })).toBe(0);
    expect((await current(bob.cookie)).id).toBe(bob.id);
  });

  it("never deletes the personal workspace, even asked by its owner", async () => {
    const alice = await user();
    const page = await call(removal.loader as Handler, {
      url: `${BASE}/workspaces/${alice.id}/delete`,
      params: { workspaceId: alice.id },
      cookie: alice.cookie,
    });
    expect(page.status).toBe(409);
    const refused = await postDelete(alice.cookie, alice.id, { confirmName: "Personal" });
    expect(refused.status).toBe(409);
    expect(await getDb().workspace.count({ where: { id: alice.id } })).toBe(1);
  });
});
