// Channels connected into a shared workspace (issue 30), on SQLite and PostgreSQL: the OAuth state
// carries the workspace the connection started in, the callback files the channel there only if
// the user is still a member, one account may be a channel in two workspaces, and reading,
// disconnecting or showing a channel is for its workspace's members.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listChannels } from "~/modules/connections/connection.server";
import { disconnectChannel } from "~/modules/connections/disconnect.server";
import { completeConnect, startConnect } from "~/modules/connections/oauth.server";
import { getDb } from "~/modules/db/db.server";
import { createWorkspace } from "~/modules/workspaces/workspaces.server";
import * as channelsApi from "~/routes/api.channels";
import * as oneWorkspace from "~/routes/api.workspaces.$workspaceId";
import * as urlRoute from "~/routes/api.auth.$provider.url";
import { followConsent } from "../fakes/linkedin-server";
import { startFakes, type Fakes } from "../support/publishing";
import { call, type Handler } from "../support/route-call";
import { signedInUser } from "./helpers";

let fakes: Fakes;
beforeAll(async () => {
  fakes = await startFakes();
});
afterAll(async () => {
  await fakes.close();
});

const query = (url: URL) => ({ code: url.searchParams.get("code"), state: url.searchParams.get("state"), error: url.searchParams.get("error") });

async function agency() {
  const owner = await signedInUser("channels-owner");
  const acme = await createWorkspace(owner.user.id, "Acme");
  return { owner, acme };
}

describe("connecting into a workspace", () => {
  it("files the channel in the workspace the connection started in, and the same account may also be a channel of another", async () => {
    const { owner, acme } = await agency();
    const { user, sessionId } = owner;
    const intoAcme = await followConsent(await startConnect(user, sessionId, "linkedin", { workspaceId: acme.id }), "Allow");
    expect((await completeConnect("linkedin", query(intoAcme), { userId: user.id, sessionId })).ok).toBe(true);
    const [acmeChannel] = await listChannels(acme.id);
    expect(acmeChannel).toMatchObject({ network: "linkedin" });
    expect(await listChannels(user.id)).toEqual([]);

    // The same LinkedIn member (still the one signed in at the fake) connected in the personal workspace: a channel of its own.
    fakes.linkedin.signIn((await getDb().channel.findFirstOrThrow({ where: { id: acmeChannel!.id } })).providerUserId);
    const intoOwn = await followConsent(await startConnect(user, sessionId, "linkedin"), "Allow");
    expect((await completeConnect("linkedin", query(intoOwn), { userId: user.id, sessionId })).ok).toBe(true);
    const rows = await getDb().channel.findMany({ where: { userId: user.id }, select: { workspaceId: true, providerUserId: true } });
    expect(rows.map((row) => row.workspaceId).sort()).toEqual([acme.id, user.id].sort());
    expect(new Set(rows.map((row) => row.providerUserId)).size).toBe(1);
  });

  it("files nothing when the user left the workspace before coming back from the network", async () => {
    const { owner, acme } = await agency();
    const admin = await signedInUser("channels-admin");
    await getDb().workspaceMember.create({ data: { workspaceId: acme.id, userId: admin.user.id, role: "admin" } });
    const back = await followConsent(await startConnect(admin.user, admin.sessionId, "linkedin", { workspaceId: acme.id }), "Allow");
    await getDb().workspaceMember.delete({ where: { workspaceId_userId: { workspaceId: acme.id, userId: admin.user.id } } });
    expect((await completeConnect("linkedin", query(back), { userId: admin.user.id, sessionId: admin.sessionId })).ok).toBe(false);
    expect(await getDb().channel.count({ where: { userId: admin.user.id } })).toBe(0);
    expect(await listChannels(acme.id)).toEqual([]);
    expect(owner.user.id).not.toBe(admin.user.id);
  });

  it("is for the workspace's admins and owner: an editor cannot start, and an admin demoted on the way files nothing", async () => {
    const { acme } = await agency();
    const member = await signedInUser("channels-member");
    await getDb().workspaceMember.create({ data: { workspaceId: acme.id, userId: member.user.id, role: "editor" } });
    await expect(startConnect(member.user, member.sessionId, "linkedin", { workspaceId: acme.id })).rejects.toMatchObject({ code: "forbidden" });
    expect(await getDb().oAuthState.count({ where: { userId: member.user.id } })).toBe(0);

    await getDb().workspaceMember.update({ where: { workspaceId_userId: { workspaceId: acme.id, userId: member.user.id } }, data: { role: "admin" } });
    const back = await followConsent(await startConnect(member.user, member.sessionId, "linkedin", { workspaceId: acme.id }), "Allow");
    await getDb().workspaceMember.update({ where: { workspaceId_userId: { workspaceId: acme.id, userId: member.user.id } }, data: { role: "editor" } });
    expect((await completeConnect("linkedin", query(back), { userId: member.user.id, sessionId: member.sessionId })).ok).toBe(false);
    expect(await listChannels(acme.id)).toEqual([]);
  });

  it("the API's connect address carries the header's workspace; another's workspace is a 404", async () => {
    const { owner, acme } = await agency();
    const outsider = await signedInUser("channels-outsider");
    const asked = await call(urlRoute.loader as Handler, {
      url: "http://localhost:3000/api/auth/linkedin/url",
      params: { provider: "linkedin" },
      cookie: owner.cookie,
      headers: { "Plume-Workspace": acme.id },
    });
    expect(asked.status).toBe(200);
    const state = new URL(asked.body.data.url).searchParams.get("state")!;
    const row = await getDb().oAuthState.findFirstOrThrow({ where: { userId: owner.user.id }, orderBy: { createdAt: "desc" } });
    expect(row.workspaceId).toBe(acme.id);
    expect(state).toContain(".");
    const refused = await call(urlRoute.loader as Handler, {
      url: "http://localhost:3000/api/auth/linkedin/url",
      params: { provider: "linkedin" },
      cookie: outsider.cookie,
      headers: { "Plume-Workspace": acme.id },
    });
    expect(refused.status).toBe(404);
  });
});

describe("a workspace's channels", () => {
  it("are listed and disconnected by its members only", async () => {
    const { owner, acme } = await agency();
    const back = await followConsent(await startConnect(owner.user, owner.sessionId, "linkedin", { workspaceId: acme.id }), "Allow");
    await completeConnect("linkedin", query(back), { userId: owner.user.id, sessionId: owner.sessionId });
    const [channel] = await listChannels(acme.id);
    const outsider = await signedInUser("channels-outsider");
    const listed = await call(channelsApi.loader as Handler, {
      url: "http://localhost:3000/api/channels",
      cookie: owner.cookie,
      headers: { "Plume-Workspace": acme.id },
    });
    expect(listed.body.data.map((c: { id: string }) => c.id)).toEqual([channel!.id]);
    expect((await call(channelsApi.loader as Handler, { url: "http://localhost:3000/api/channels", cookie: owner.cookie })).body.data).toEqual([]);
    // From the personal workspace, or by someone else, the channel does not exist.
    await expect(disconnectChannel(owner.user.id, channel!.id)).rejects.toMatchObject({ code: "not_found" });
    await expect(disconnectChannel(outsider.user.id, channel!.id)).rejects.toMatchObject({ code: "not_found" });
    expect(await getDb().channel.count({ where: { id: channel!.id } })).toBe(1);
    await disconnectChannel({ userId: owner.user.id, workspaceId: acme.id, role: "owner" }, channel!.id);
    expect(await getDb().channel.count({ where: { id: channel!.id } })).toBe(0);
  });
});

describe("deleting a workspace", () => {
  it("is for its owner, never the personal one; it disconnects the channels (tokens revoked) and takes everything it holds", async () => {
    const { owner, acme } = await agency();
    const editor = await signedInUser("channels-editor");
    const outsider = await signedInUser("channels-outsider");
    await getDb().workspaceMember.create({ data: { workspaceId: acme.id, userId: editor.user.id, role: "editor" } });
    // X: a network that revokes tokens (LinkedIn offers no revocation).
    const back = await followConsent(await startConnect(owner.user, owner.sessionId, "twitter", { workspaceId: acme.id }), "Allow");
    expect((await completeConnect("twitter", query(back), { userId: owner.user.id, sessionId: owner.sessionId })).ok).toBe(true);
    const channel = await getDb().channel.findFirstOrThrow({ where: { workspaceId: acme.id } });
    const revokesBefore = fakes.x.state.requests.filter((r) => r.path === "/2/oauth2/revoke").length;
    await getDb().post.create({ data: { userId: editor.user.id, workspaceId: acme.id, platforms: "linkedin", linkedinText: "Acme's", status: "draft" } });
    await getDb().session.updateMany({ where: { userId: editor.user.id }, data: { workspaceId: acme.id } });
    const remove = (cookie: string, workspaceId = acme.id, lang?: string) =>
      call(oneWorkspace.action as Handler, {
        method: "DELETE",
        url: `http://localhost:3000/api/workspaces/${workspaceId}`,
        params: { workspaceId },
        cookie,
        lang,
      });

    expect((await remove(editor.cookie)).status).toBe(403);
    expect((await remove(outsider.cookie)).status).toBe(404);
    const personal = await remove(owner.cookie, owner.user.id, "fr");
    expect(personal.status).toBe(409);
    expect(personal.body.error.code).toBe("personal_workspace");
    expect(await getDb().workspace.count({ where: { id: { in: [acme.id, owner.user.id] } } })).toBe(2);

    expect((await remove(owner.cookie)).status).toBe(204);
    expect(await getDb().workspace.count({ where: { id: acme.id } })).toBe(0);
    expect(await getDb().post.count({ where: { workspaceId: acme.id } })).toBe(0);
    expect(await getDb().channel.count({ where: { id: channel.id } })).toBe(0);
    expect(fakes.x.state.requests.filter((r) => r.path === "/2/oauth2/revoke").length).toBeGreaterThan(revokesBefore);
    // The editor's session had it chosen: back in their own workspace.
    expect((await getDb().session.findFirstOrThrow({ where: { userId: editor.user.id } })).workspaceId).toBeNull();
  });

  it("is refused while one of its posts is being published, and nothing goes", async () => {
    const { owner, acme } = await agency();
    await getDb().post.create({
      data: { userId: owner.user.id, workspaceId: acme.id, platforms: "linkedin", linkedinText: "Going out", status: "publishing" },
    });
    const answer = await call(oneWorkspace.action as Handler, {
      method: "DELETE",
      url: `http://localhost:3000/api/workspaces/${acme.id}`,
      params: { workspaceId: acme.id },
      cookie: owner.cookie,
    });
    expect(answer.status).toBe(409);
    expect(answer.body.error.code).toBe("post_publishing");
    expect(await getDb().post.count({ where: { workspaceId: acme.id } })).toBe(1);
  });
});
