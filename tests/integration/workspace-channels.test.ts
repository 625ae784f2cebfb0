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
    const editor = await signedInUser("channels-editor");
    await getDb().workspaceMember.create({ data: { workspaceId: acme.id, userId: editor.user.id, role: "editor" } });
    const back = await followConsent(await startConnect(editor.user, editor.sessionId, "linkedin", { workspaceId: acme.id }), "Allow");
    await getDb().workspaceMember.delete({ where: { workspaceId_userId: { workspaceId: acme.id, userId: editor.user.id } } });
    expect((await completeConnect("linkedin", query(back), { userId: editor.user.id, sessionId: editor.sessionId })).ok).toBe(false);
    expect(await getDb().channel.count({ where: { userId: editor.user.id } })).toBe(0);
    expect(await listChannels(acme.id)).toEqual([]);
    expect(owner.user.id).not.toBe(editor.user.id);
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
    await disconnectChannel({ userId: owner.user.id, workspaceId: acme.id }, channel!.id);
    expect(await getDb().channel.count({ where: { id: channel!.id } })).toBe(0);
  });
});
