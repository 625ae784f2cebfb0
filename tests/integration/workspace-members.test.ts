// Members and invitations (issue 30, step 4, docs/decisions/0085) through the API, on SQLite and
// PostgreSQL: an invitation mailed, listed, accepted once by the invited address (verified) and by
// no one else; withdrawn or expired links are gone; roles changed and members removed by the rules,
// with access ending at once; bounds and single use held under parallel requests.
import { describe, expect, it } from "vitest";
import { createApiToken } from "~/modules/api-tokens/api-tokens.server";
import { requireMember } from "~/modules/auth/guards.server";
import { getDb } from "~/modules/db/db.server";
import { MAX_PENDING_INVITATIONS } from "~/modules/workspace-members/invitations.server";
import { chooseWorkspace } from "~/modules/workspaces/membership.server";
import { createWorkspace } from "~/modules/workspaces/workspaces.server";
import * as accept from "~/routes/api.invitations.$token.accept";
import * as posts from "~/routes/api.posts";
import * as invitations from "~/routes/api.workspaces.$workspaceId.invitations";
import * as invitation from "~/routes/api.workspaces.$workspaceId.invitations.$invitationId";
import * as members from "~/routes/api.workspaces.$workspaceId.members";
import * as member from "~/routes/api.workspaces.$workspaceId.members.$userId";
import { makeUser } from "../support/admin";
import { call, type Handler } from "../support/route-call";
import { mailedInvitationToken, mailsTo, requestWithCookie, uniqueEmail } from "./helpers";

const BASE = "http://localhost:3000";
const user = (options?: { verified?: boolean }) => makeUser(uniqueEmail("members"), options);

const invite = (cookie: string, workspaceId: string, body: unknown, lang?: string) =>
  call(invitations.action as Handler, {
    method: "POST",
    url: `${BASE}/api/workspaces/${workspaceId}/invitations`,
    params: { workspaceId },
    cookie,
    body,
    lang,
  });
const acceptWith = (cookie: string, token: string) =>
  call(accept.action as Handler, { method: "POST", url: `${BASE}/api/invitations/${token}/accept`, params: { token }, cookie });
const listMembers = (cookie: string, workspaceId: string) =>
  call(members.loader as Handler, { url: `${BASE}/api/workspaces/${workspaceId}/members`, params: { workspaceId }, cookie });
const patchMember = (cookie: string, workspaceId: string, userId: string, role: string) =>
  call(member.action as Handler, {
    method: "PATCH",
    url: `${BASE}/api/workspaces/${workspaceId}/members/${userId}`,
    params: { workspaceId, userId },
    cookie,
    body: { role },
  });
const removeMember = (cookie: string, workspaceId: string, userId: string) =>
  call(member.action as Handler, { method: "DELETE", url: `${BASE}/api/workspaces/${workspaceId}/members/${userId}`, params: { workspaceId, userId }, cookie });

async function roleOf(workspaceId: string, userId: string) {
  return (await getDb().workspaceMember.findUnique({ where: { workspaceId_userId: { workspaceId, userId } } }))?.role ?? null;
}

describe("invitations", () => {
  it("mails a link that the invited address, verified, accepts once, joining with the role", async () => {
    const [alice, bob] = [await user(), await user()];
    const acme = await createWorkspace(alice.id, "Acme");
    const sent = await invite(alice.cookie, acme.id, { email: bob.email.toUpperCase(), role: "writer" });
    expect(sent.status).toBe(201);
    expect(sent.body.data).toMatchObject({ email: bob.email, role: "writer" });
    const token = mailedInvitationToken(bob.email);
    expect(mailsTo(bob.email).at(-1)).toContain("Acme");
    // Stored as a hash only.
    const row = await getDb().workspaceInvitation.findFirstOrThrow({ where: { workspaceId: acme.id } });
    expect(row.tokenHash).not.toContain(token);
    expect(JSON.stringify(row)).not.toContain(token);
    const listed = await call(invitations.loader as Handler, {
      url: `${BASE}/api/workspaces/${acme.id}/invitations`,
      params: { workspaceId: acme.id },
      cookie: alice.cookie,
    });
    expect(listed.body.data.map((i: { email: string }) => i.email)).toEqual([bob.email]);

    const joined = await acceptWith(bob.cookie, token);
    expect(joined.status).toBe(200);
    expect(joined.body.data).toMatchObject({ id: acme.id, name: "Acme", role: "writer", memberCount: 2 });
    expect(await roleOf(acme.id, bob.id)).toBe("writer");
    const again = await acceptWith(bob.cookie, token);
    expect(again.status).toBe(410);
    expect(again.body.error.code).toBe("invitation_gone");
    expect((await listMembers(bob.cookie, acme.id)).body.data.map((m: { email: string; role: string }) => [m.email, m.role])).toEqual([
      [alice.email, "owner"],
      [bob.email, "writer"],
    ]);
  });

  it("is for the invited address only, verified: anyone else is refused and the invitation stays", async () => {
    const [alice, mallory] = [await user(), await user()];
    const unverified = await user({ verified: false });
    const acme = await createWorkspace(alice.id, "Acme");
    expect((await invite(alice.cookie, acme.id, { email: unverified.email, role: "editor" })).status).toBe(201);
    const token = mailedInvitationToken(unverified.email);
    const wrong = await acceptWith(mallory.cookie, token);
    expect(wrong.status).toBe(403);
    expect(wrong.body.error.code).toBe("invitation_email_mismatch");
    const notYet = await acceptWith(unverified.cookie, token);
    expect(notYet.status).toBe(403);
    expect(notYet.body.error.message).toContain("confirm that address first");
    expect(await roleOf(acme.id, mallory.id)).toBeNull();
    expect(await roleOf(acme.id, unverified.id)).toBeNull();
    await getDb().user.update({ where: { id: unverified.id }, data: { emailVerifiedAt: new Date() } });
    expect((await acceptWith(unverified.cookie, token)).status).toBe(200);
    expect(await roleOf(acme.id, unverified.id)).toBe("editor");
  });

  it("stops at once when withdrawn, replaced or expired", async () => {
    const [alice, bob, carol, dave] = [await user(), await user(), await user(), await user()];
    const acme = await createWorkspace(alice.id, "Acme");
    const sent = await invite(alice.cookie, acme.id, { email: bob.email, role: "viewer" });
    const withdrawn = await call(invitation.action as Handler, {
      method: "DELETE",
      url: `${BASE}/api/workspaces/${acme.id}/invitations/${sent.body.data.id}`,
      params: { workspaceId: acme.id, invitationId: sent.body.data.id },
      cookie: alice.cookie,
    });
    expect(withdrawn.status).toBe(204);
    expect((await acceptWith(bob.cookie, mailedInvitationToken(bob.email))).status).toBe(410);

    await invite(alice.cookie, acme.id, { email: carol.email, role: "viewer" });
    const first = mailedInvitationToken(carol.email);
    await invite(alice.cookie, acme.id, { email: carol.email, role: "editor" });
    expect((await acceptWith(carol.cookie, first)).status).toBe(410);
    expect((await acceptWith(carol.cookie, mailedInvitationToken(carol.email))).status).toBe(200);
    expect(await roleOf(acme.id, carol.id)).toBe("editor");

    await invite(alice.cookie, acme.id, { email: dave.email, role: "viewer" });
    await getDb().workspaceInvitation.updateMany({ where: { workspaceId: acme.id, email: dave.email }, data: { expiresAt: new Date(Date.now() - 1000) } });
    expect((await acceptWith(dave.cookie, mailedInvitationToken(dave.email))).status).toBe(410);
    expect(await roleOf(acme.id, dave.id)).toBeNull();
    for (const token of ["short", "x".repeat(101), "../../etc/passwd"]) expect((await acceptWith(dave.cookie, token)).status).toBeGreaterThanOrEqual(404);
  });

  it("is an admin's to send, an admin's only by the owner, never into a personal workspace nor to a member", async () => {
    const [alice, admin, editor, outsider] = [await user(), await user(), await user(), await user()];
    const acme = await createWorkspace(alice.id, "Acme");
    await getDb().workspaceMember.createMany({
      data: [
        { workspaceId: acme.id, userId: admin.id, role: "admin" },
        { workspaceId: acme.id, userId: editor.id, role: "editor" },
      ],
    });
    expect((await invite(admin.cookie, acme.id, { email: uniqueEmail("new"), role: "editor" })).status).toBe(201);
    const adminByAdmin = await invite(admin.cookie, acme.id, { email: uniqueEmail("new"), role: "admin" });
    expect(adminByAdmin.status).toBe(403);
    expect((await invite(editor.cookie, acme.id, { email: uniqueEmail("new"), role: "viewer" })).status).toBe(403);
    expect((await invite(outsider.cookie, acme.id, { email: uniqueEmail("new"), role: "viewer" })).status).toBe(404);
    expect((await invite(alice.cookie, alice.id, { email: uniqueEmail("new"), role: "viewer" })).status).toBe(409);
    const member = await invite(alice.cookie, acme.id, { email: editor.email, role: "viewer" }, "fr");
    expect(member.status).toBe(409);
    expect(member.body.error.code).toBe("already_member");
    for (const body of [{ email: "nope", role: "viewer" }, { email: uniqueEmail("x"), role: "owner" }, {}]) {
      expect((await invite(alice.cookie, acme.id, body)).status, JSON.stringify(body)).toBe(422);
    }
    expect(await getDb().workspaceInvitation.count({ where: { workspaceId: acme.id } })).toBe(1);
  });

  it("never holds more than the bound, even sent many at once", async () => {
    const alice = await user();
    const acme = await createWorkspace(alice.id, "Acme");
    await getDb().workspaceInvitation.createMany({
      data: Array.from({ length: MAX_PENDING_INVITATIONS - 2 }, (_, i) => ({
        workspaceId: acme.id,
        email: `filler-${i}-${acme.id}@example.com`,
        role: "viewer",
        tokenHash: `filler-${i}-${acme.id}`,
        invitedById: alice.id,
        expiresAt: new Date(Date.now() + 86_400_000),
      })),
    });
    const answers = await Promise.all(Array.from({ length: 20 }, () => invite(alice.cookie, acme.id, { email: uniqueEmail("burst"), role: "viewer" })));
    expect(answers.filter((a) => a.status === 201)).toHaveLength(2);
    expect(answers.filter((a) => a.status === 409).every((a) => a.body.error.code === "invitation_limit_reached")).toBe(true);
    expect(await getDb().workspaceInvitation.count({ where: { workspaceId: acme.id } })).toBe(MAX_PENDING_INVITATIONS);
  });

  it("is used once even when accepted many times at once", async () => {
    const [alice, bob] = [await user(), await user()];
    const acme = await createWorkspace(alice.id, "Acme");
    await invite(alice.cookie, acme.id, { email: bob.email, role: "editor" });
    const token = mailedInvitationToken(bob.email);
    const answers = await Promise.all(Array.from({ length: 20 }, () => acceptWith(bob.cookie, token)));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.status !== 200).every((a) => a.status === 410)).toBe(true);
    expect(await getDb().workspaceMember.count({ where: { workspaceId: acme.id } })).toBe(2);
  });
});

describe("members", () => {
  it("change roles by the rules: admins for editors and below, the owner for admins, the owner never", async () => {
    const [alice, admin, bob] = [await user(), await user(), await user()];
    const acme = await createWorkspace(alice.id, "Acme");
    await getDb().workspaceMember.createMany({
      data: [
        { workspaceId: acme.id, userId: admin.id, role: "admin" },
        { workspaceId: acme.id, userId: bob.id, role: "writer" },
      ],
    });
    const promoted = await patchMember(admin.cookie, acme.id, bob.id, "editor");
    expect(promoted.status).toBe(200);
    expect(promoted.body.data).toMatchObject({ userId: bob.id, role: "editor" });
    expect((await patchMember(admin.cookie, acme.id, bob.id, "admin")).status).toBe(403);
    expect((await patchMember(admin.cookie, acme.id, alice.id, "viewer")).status).toBe(409);
    expect((await patchMember(alice.cookie, acme.id, admin.id, "viewer")).status).toBe(200);
    expect((await patchMember(alice.cookie, acme.id, alice.id, "admin")).status).toBe(409);
    expect((await patchMember(alice.cookie, acme.id, bob.id, "owner")).status).toBe(422);
    expect([await roleOf(acme.id, alice.id), await roleOf(acme.id, admin.id), await roleOf(acme.id, bob.id)]).toEqual(["owner", "viewer", "editor"]);
  });

  it("removed lose access at once, in their sessions and for their tokens; their posts stay", async () => {
    const [alice, bob] = [await user(), await user()];
    const acme = await createWorkspace(alice.id, "Acme");
    await getDb().workspaceMember.create({ data: { workspaceId: acme.id, userId: bob.id, role: "editor" } });
    await chooseWorkspace((await getDb().session.findFirstOrThrow({ where: { userId: bob.id } })).id, bob.id, acme.id);
    const { token } = await createApiToken({ userId: bob.id, workspaceId: acme.id, role: "editor" }, { name: "Script", scopes: ["posts:read", "posts:write"] });
    const made = await call(posts.action as Handler, {
      method: "POST",
      url: `${BASE}/api/posts`,
      cookie: bob.cookie,
      body: { platforms: ["linkedin"], linkedinText: "Bob's" },
    });
    expect(made.status).toBe(201);

    expect((await removeMember(alice.cookie, acme.id, bob.id)).status).toBe(204);
    expect((await requireMember(requestWithCookie(bob.cookie))).workspace.id).toBe(bob.id);
    const byToken = await call(posts.loader as Handler, { url: `${BASE}/api/posts`, headers: { Authorization: `Bearer ${token}` } });
    expect(byToken.status).toBe(401);
    expect(await getDb().post.count({ where: { id: made.body.data.id, workspaceId: acme.id } })).toBe(1);
    expect((await listMembers(bob.cookie, acme.id)).status).toBe(404);
  });

  it("leave on their own; the owner never leaves nor is removed; an admin removes no admin", async () => {
    const [alice, admin, other, bob] = [await user(), await user(), await user(), await user()];
    const acme = await createWorkspace(alice.id, "Acme");
    await getDb().workspaceMember.createMany({
      data: [
        { workspaceId: acme.id, userId: admin.id, role: "admin" },
        { workspaceId: acme.id, userId: other.id, role: "admin" },
        { workspaceId: acme.id, userId: bob.id, role: "viewer" },
      ],
    });
    expect((await removeMember(bob.cookie, acme.id, bob.id)).status).toBe(204);
    expect((await removeMember(alice.cookie, acme.id, alice.id)).status).toBe(409);
    expect((await removeMember(admin.cookie, acme.id, alice.id)).status).toBe(409);
    expect((await removeMember(admin.cookie, acme.id, other.id)).status).toBe(403);
    expect((await removeMember(alice.cookie, acme.id, other.id)).status).toBe(204);
    expect((await getDb().workspaceMember.findMany({ where: { workspaceId: acme.id }, select: { userId: true } })).map((m) => m.userId).sort()).toEqual(
      [alice.id, admin.id].sort(),
    );
  });
});
