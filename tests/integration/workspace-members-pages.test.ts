// The members section of a workspace's page and the invitation page (issue 30, step 4), through
// their routes on SQLite and PostgreSQL: inviting, the link's four states (a visitor, another
// account, the address unverified, the address ready), joining into the workspace, changing roles,
// removing, leaving and withdrawing, each answered with a toast; refusals change nothing.
import { describe, expect, it } from "vitest";
import { requireMember } from "~/modules/auth/guards.server";
import { getDb } from "~/modules/db/db.server";
import { getToast } from "~/modules/toast/toast.server";
import { createWorkspace } from "~/modules/workspaces/workspaces.server";
import * as settings from "~/routes/_dashboard.workspaces.$workspaceId";
import * as invitationPage from "~/routes/_auth.invitations.$token";
import { makeUser } from "../support/admin";
import { call, type Answer, type Handler } from "../support/route-call";
import { mailedInvitationToken, requestWithCookie, uniqueEmail } from "./helpers";

const BASE = "http://localhost:3000";
const user = (options?: { verified?: boolean }) => makeUser(uniqueEmail("member-pages"), options);

async function toastOf(answer: Answer) {
  const cookie = answer.headers.get("Set-Cookie")!.split(";")[0]!;
  return (await getToast(new Request(BASE, { headers: { Cookie: cookie } }))).toast!;
}
const post = (cookie: string, workspaceId: string, form: Record<string, string>, lang?: string) =>
  call(settings.action as Handler, { method: "POST", url: `${BASE}/workspaces/${workspaceId}`, params: { workspaceId }, cookie, form, lang });
const page = (token: string, cookie?: string) => call(invitationPage.loader as Handler, { url: `${BASE}/invitations/${token}`, params: { token }, cookie });
const join = (token: string, cookie: string) =>
  call(invitationPage.action as Handler, { method: "POST", url: `${BASE}/invitations/${token}`, params: { token }, cookie });

describe("the invitation page", () => {
  it("shows the invitation to a visitor, another account and the invited address, and joins the invited one into the workspace", async () => {
    const [alice, mallory] = [await user(), await user()];
    const bob = await user({ verified: false });
    const acme = await createWorkspace(alice.id, "Acme");
    const sent = await post(alice.cookie, acme.id, { intent: "invite", email: bob.email, role: "writer" });
    expect(sent.status).toBe(302);
    expect((await toastOf(sent)).title).toBe(`Invitation sent to ${bob.email}.`);
    const token = mailedInvitationToken(bob.email);

    const visitor = await page(token);
    expect(visitor.body).toMatchObject({ state: "signedOut", invitation: { workspace: "Acme", inviter: alice.email, role: "writer", email: bob.email } });
    expect((await page(token, mallory.cookie)).body.state).toBe("otherAccount");
    expect((await page(token, bob.cookie)).body.state).toBe("unverified");
    const tooSoon = await join(token, bob.cookie);
    expect((await toastOf(tooSoon)).title).toContain("confirm that address first");
    await getDb().user.update({ where: { id: bob.id }, data: { emailVerifiedAt: new Date() } });
    expect((await page(token, bob.cookie)).body.state).toBe("ready");

    const joined = await join(token, bob.cookie);
    expect(joined.status).toBe(302);
    expect(joined.headers.get("Location")).toBe("/posts");
    expect((await toastOf(joined)).title).toBe("Welcome to Acme: you are working in it now.");
    expect(await requireMember(requestWithCookie(bob.cookie)).then((m) => [m.workspace.id, m.workspace.role])).toEqual([acme.id, "writer"]);
    const gone = await page(token, bob.cookie);
    expect(gone.status).toBe(410);
    expect(gone.body.state).toBe("gone");
  });

  it("is a 404 for a token that cannot be one, and a 410 for one that is no invitation", async () => {
    expect((await page("short")).status).toBe(404);
    expect((await page("A".repeat(43))).status).toBe(410);
  });
});

describe("the members section", () => {
  it("refuses a bad address in the user's language and invites nobody", async () => {
    const alice = await user();
    const acme = await createWorkspace(alice.id, "Acme");
    const refused = await post(alice.cookie, acme.id, { intent: "invite", email: "not an address", role: "editor" });
    expect(refused.status).toBe(400);
    expect(refused.body.result.error.email).toBeDefined();
    expect(await getDb().workspaceInvitation.count({ where: { workspaceId: acme.id } })).toBe(0);
  });

  it("changes a role, removes a member, withdraws an invitation, and lets a member leave", async () => {
    const [alice, admin, bob, carol] = [await user(), await user(), await user(), await user()];
    const acme = await createWorkspace(alice.id, "Acme");
    await getDb().workspaceMember.createMany({
      data: [
        { workspaceId: acme.id, userId: admin.id, role: "admin" },
        { workspaceId: acme.id, userId: bob.id, role: "viewer" },
        { workspaceId: acme.id, userId: carol.id, role: "writer" },
      ],
    });
    const loaded = await call(settings.loader as Handler, { url: `${BASE}/workspaces/${acme.id}`, params: { workspaceId: acme.id }, cookie: admin.cookie });
    expect(loaded.body.members.map((m: { role: string }) => m.role)).toEqual(["owner", "admin", "writer", "viewer"]);

    const changed = await post(admin.cookie, acme.id, { intent: "changeRole", userId: bob.id, role: "editor" });
    expect((await toastOf(changed)).title).toBe(`${bob.email} is now Editor.`);
    const notAdmins = await post(admin.cookie, acme.id, { intent: "changeRole", userId: bob.id, role: "admin" }, "fr");
    expect((await toastOf(notAdmins)).color).toBe("error");
    expect((await toastOf(notAdmins)).title).toContain("propriétaire");

    const removed = await post(admin.cookie, acme.id, { intent: "remove", userId: bob.id });
    expect((await toastOf(removed)).title).toBe(`${bob.email} no longer has access to this workspace.`);
    const left = await post(carol.cookie, acme.id, { intent: "leave" });
    expect(left.headers.get("Location")).toBe("/workspaces");
    expect((await toastOf(left)).title).toBe("You left the workspace.");
    const ownerStays = await post(alice.cookie, acme.id, { intent: "leave" });
    expect((await toastOf(ownerStays)).color).toBe("error");

    await post(alice.cookie, acme.id, { intent: "invite", email: uniqueEmail("later"), role: "viewer" });
    const invitation = await getDb().workspaceInvitation.findFirstOrThrow({ where: { workspaceId: acme.id } });
    const withdrawn = await post(alice.cookie, acme.id, { intent: "withdraw", invitationId: invitation.id });
    expect((await toastOf(withdrawn)).title).toBe("Invitation withdrawn: its link no longer works.");
    expect((await getDb().workspaceMember.findMany({ where: { workspaceId: acme.id } })).map((m) => [m.userId, m.role]).sort()).toEqual(
      [
        [alice.id, "owner"],
        [admin.id, "admin"],
      ].sort(),
    );
    expect(await getDb().workspaceInvitation.count({ where: { workspaceId: acme.id } })).toBe(0);
  });

  it("is refused to a viewer, who can still read the members", async () => {
    const [alice, bob] = [await user(), await user()];
    const acme = await createWorkspace(alice.id, "Acme");
    await getDb().workspaceMember.create({ data: { workspaceId: acme.id, userId: bob.id, role: "viewer" } });
    const loaded = await call(settings.loader as Handler, { url: `${BASE}/workspaces/${acme.id}`, params: { workspaceId: acme.id }, cookie: bob.cookie });
    expect(loaded.body.members).toHaveLength(2);
    expect(loaded.body.invitations).toEqual([]);
    const refused = await post(bob.cookie, acme.id, { intent: "invite", email: uniqueEmail("x"), role: "viewer" });
    expect(refused.status).toBe(403);
    expect(await getDb().workspaceInvitation.count({ where: { workspaceId: acme.id } })).toBe(0);
  });
});
