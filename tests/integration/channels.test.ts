// Several accounts per network, end to end: the real OAuth round trips against the fakes over HTTP,
// the callback and disconnect routes as the browser reaches them, on SQLite and PostgreSQL.
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listChannels, listServices } from "~/modules/connections/connection.server";
import { disconnect } from "~/modules/connections/disconnect.server";
import { startConnect } from "~/modules/connections/oauth.server";
import { reconnectNeed } from "~/modules/connections/reconnect.server";
import { unseal } from "~/modules/crypto/secrets.server";
import { getDb } from "~/modules/db/db.server";
import { createPost, createPostWithTargets, schedulePost } from "~/modules/posts/post.server";
import { getToast } from "~/modules/toast/toast.server";
import * as callbackRoute from "~/routes/auth.callback.$provider";
import * as disconnectRoute from "~/routes/_dashboard.profile_.channels.$channelId.disconnect";
import { followConsent } from "../fakes/linkedin-server";
import { startFakes, uniqueText, type Fakes } from "../support/publishing";
import { signedInUser } from "./helpers";

let fakes: Fakes;
beforeAll(async () => {
  fakes = await startFakes();
});
afterAll(async () => {
  await fakes.close();
});

const signedIn = () => signedInUser("channels", { trial: true });
type Signed = Awaited<ReturnType<typeof signedIn>>;

async function toastOf(response: Response) {
  const cookie = response.headers.get("Set-Cookie")!.split(";")[0]!;
  return (await getToast(new Request("http://localhost:3000/profile", { headers: { Cookie: cookie } }))).toast;
}

/** Consent at the fake as `accountId` (the account signed in there), then the callback route as the browser reaches it. */
async function connectAs(who: Signed, provider: "linkedin" | "twitter", accountId: string) {
  if (provider === "twitter") fakes.x.signIn(accountId);
  else fakes.linkedin.signIn(accountId);
  const back = await followConsent(await startConnect(who.user, who.sessionId, provider, { returnTo: "/profile" }), "Allow");
  const request = new Request(`http://localhost:3000/auth/callback/${provider}${back.search}`, { headers: { Cookie: who.cookie } });
  const response = (await callbackRoute.loader({ request, params: { provider }, context: {} } as unknown as LoaderFunctionArgs)) as Response;
  return toastOf(response);
}

const channelOf = (userId: string, providerUserId: string) => getDb().channel.findFirstOrThrow({ where: { userId, providerUserId } });

async function scheduledPost(userId: string, channelIds: string[]) {
  const text = uniqueText("Channels");
  const post = await createPostWithTargets(
    userId,
    channelIds.map((channelId) => ({ channelId, parts: [{ text }] })),
  );
  await schedulePost(userId, post.id, new Date(Date.now() + 3_600_000));
  return post.id;
}

async function disconnectByRoute(who: Signed, channelId: string) {
  const request = new Request(`http://localhost:3000/profile/channels/${channelId}/disconnect`, { method: "POST", headers: { Cookie: who.cookie } });
  const response = (await disconnectRoute.action({ request, params: { channelId }, context: {} } as unknown as ActionFunctionArgs)) as Response;
  expect(response.headers.get("Location")).toBe("/profile#connections");
  return toastOf(response);
}

describe("several accounts per network", () => {
  it("two X accounts and LinkedIn are three channels; the first X account again updates its own", async () => {
    const who = await signedIn();
    const [xa, xb] = [fakes.x.createUser(), fakes.x.createUser()];
    const member = fakes.linkedin.createUser();

    expect(await connectAs(who, "twitter", xa.id)).toMatchObject({ color: "success", title: "X (Twitter) connected", description: xa.name });
    expect(await connectAs(who, "twitter", xb.id)).toMatchObject({ color: "success", title: "X (Twitter) connected", description: xb.name });
    expect(await connectAs(who, "linkedin", member.sub)).toMatchObject({ color: "success", title: "LinkedIn connected" });
    const channels = await listChannels(who.user.id);
    expect(channels.map((c) => [c.network, c.displayName, c.handle])).toEqual([
      ["twitter", xa.name, xa.username],
      ["twitter", xb.name, xb.username],
      ["linkedin", member.name, member.email],
    ]);

    const before = await channelOf(who.user.id, xa.id);
    fakes.x.state.users.set(xa.id, { ...xa, name: "Renamed at X" });
    expect(await connectAs(who, "twitter", xa.id)).toMatchObject({ color: "success", title: "X (Twitter) account updated", description: "Renamed at X" });
    const after = await channelOf(who.user.id, xa.id);
    expect(await getDb().channel.count({ where: { userId: who.user.id } })).toBe(3);
    expect(after.id).toBe(before.id);
    expect(after.displayName).toBe("Renamed at X");
    // Its tokens were replaced by ones X issued to that account; the other X account's are untouched.
    const token = unseal(after.accessTokenEnc!);
    expect(token).not.toBe(unseal(before.accessTokenEnc!));
    expect(fakes.x.state.tokens.get(token)?.userId).toBe(xa.id);
    const other = await channelOf(who.user.id, xb.id);
    expect(fakes.x.state.tokens.get(unseal(other.accessTokenEnc!))?.userId).toBe(xb.id);

    // Version 1's services list keeps its shape: one entry per network, the first channel.
    expect((await listServices(who.user.id)).map((s) => [s.serviceName, s.userIdProvider])).toEqual([
      ["linkedin", member.sub],
      ["twitter", xa.id],
    ]);
  });

  it("disconnecting the second X account revokes its tokens at X, deletes only it, flags only the posts targeting it", async () => {
    const who = await signedIn();
    const [xa, xb] = [fakes.x.createUser(), fakes.x.createUser()];
    const member = fakes.linkedin.createUser();
    await connectAs(who, "twitter", xa.id);
    await connectAs(who, "twitter", xb.id);
    await connectAs(who, "linkedin", member.sub);
    const [a, b, linkedin] = await Promise.all([channelOf(who.user.id, xa.id), channelOf(who.user.id, xb.id), channelOf(who.user.id, member.sub)]);
    const onA = await scheduledPost(who.user.id, [a.id]);
    const onB = await scheduledPost(who.user.id, [b.id]);
    const onBAndLinkedIn = await scheduledPost(who.user.id, [b.id, linkedin.id]);
    const targetsBefore = await getDb().postTarget.findMany({ where: { postId: onBAndLinkedIn }, include: { parts: true }, orderBy: { position: "asc" } });

    const bTokens = [unseal(b.accessTokenEnc!), unseal(b.refreshTokenEnc!)];
    const revokedBefore = fakes.x.state.requests.filter((r) => r.path === "/2/oauth2/revoke").length;
    const toast = await disconnectByRoute(who, b.id);
    expect(toast).toMatchObject({
      color: "success",
      title: `${xb.name} (@${xb.username}) disconnected`,
      description: "2 scheduled posts need it: connect it again before they are due.",
    });

    const revokes = fakes.x.state.requests.filter((r) => r.path === "/2/oauth2/revoke").slice(revokedBefore);
    expect(revokes.map((r) => (r.body as Record<string, string>).token).sort()).toEqual([...bTokens].sort());
    const me = (token: string) => fetch(`${fakes.x.apiUrl}/2/users/me`, { headers: { Authorization: `Bearer ${token}` } }).then((r) => r.status);
    expect(await me(bTokens[0]!)).toBe(401);
    expect(await me(unseal(a.accessTokenEnc!))).toBe(200);
    expect((await getDb().channel.findMany({ where: { userId: who.user.id }, select: { id: true } })).map((c) => c.id).sort()).toEqual(
      [a.id, linkedin.id].sort(),
    );

    const post = (id: string) => getDb().post.findUniqueOrThrow({ where: { id } });
    expect(await post(onA)).toMatchObject({ status: "scheduled", errorCode: null });
    expect(await post(onB)).toMatchObject({ status: "scheduled", errorCode: "platform_disconnected", errorMessage: "twitter" });
    expect(await post(onBAndLinkedIn)).toMatchObject({ status: "scheduled", errorCode: "platform_disconnected", errorMessage: "twitter" });
    // Not lost: the targets and their texts are all there; only the link to the gone channel is.
    const targetsAfter = await getDb().postTarget.findMany({ where: { postId: onBAndLinkedIn }, include: { parts: true }, orderBy: { position: "asc" } });
    expect(targetsAfter.map((t) => [t.network, t.channelId, t.parts.map((p) => p.text)])).toEqual([
      ["twitter", null, targetsBefore[0]!.parts.map((p) => p.text)],
      ["linkedin", linkedin.id, targetsBefore[1]!.parts.map((p) => p.text)],
    ]);

    // Another user's channel, or one already gone, is "not connected", and nothing changes.
    const stranger = await signedIn();
    expect(await disconnectByRoute(stranger, a.id)).toMatchObject({ color: "error", title: "This account is not connected (any more)." });
    expect(await disconnectByRoute(who, b.id)).toMatchObject({ color: "error", title: "This account is not connected (any more)." });
    expect(await getDb().channel.count({ where: { id: a.id } })).toBe(1);
  });

  it("version 1's disconnect takes the network's first channel, or the account it names", async () => {
    const who = await signedIn();
    const [xa, xb, xc] = [fakes.x.createUser(), fakes.x.createUser(), fakes.x.createUser()];
    for (const account of [xa, xb, xc]) await connectAs(who, "twitter", account.id);
    await disconnect(who.user.id, "twitter", { providerUserId: xc.id });
    await disconnect(who.user.id, "twitter");
    expect((await listChannels(who.user.id)).map((c) => c.handle)).toEqual([xb.username]);
  });

  it("reconnecting after a disconnection: the only account of the network takes the flagged posts back; with several, they stay flagged", async () => {
    const who = await signedIn();
    const [xa, xb] = [fakes.x.createUser(), fakes.x.createUser()];
    await connectAs(who, "twitter", xa.id);
    const a = await channelOf(who.user.id, xa.id);
    const postId = await scheduledPost(who.user.id, [a.id]);
    await disconnectByRoute(who, a.id);
    await connectAs(who, "twitter", xa.id);
    const again = await channelOf(who.user.id, xa.id);
    expect(await getDb().post.findUniqueOrThrow({ where: { id: postId } })).toMatchObject({ errorCode: null });
    expect((await getDb().postTarget.findFirstOrThrow({ where: { postId } })).channelId).toBe(again.id);

    await connectAs(who, "twitter", xb.id);
    await disconnectByRoute(who, again.id);
    await connectAs(who, "twitter", xa.id);
    // Two X accounts now: nobody can tell which one the post meant, so it says so until edited.
    expect(await getDb().post.findUniqueOrThrow({ where: { id: postId } })).toMatchObject({ errorCode: "platform_disconnected" });
  });

  it("a draft started before its network was connected gets the account connected for it (the wizard's 'connect first')", async () => {
    const who = await signedIn();
    const draft = await createPost(who.user.id, { platforms: ["twitter"], twitterText: uniqueText("Draft") });
    expect((await getDb().postTarget.findFirstOrThrow({ where: { postId: draft.id } })).channelId).toBeNull();
    const account = fakes.x.createUser();
    await connectAs(who, "twitter", account.id);
    const channel = await channelOf(who.user.id, account.id);
    expect((await getDb().postTarget.findFirstOrThrow({ where: { postId: draft.id } })).channelId).toBe(channel.id);
    await schedulePost(who.user.id, draft.id, new Date(Date.now() + 3_600_000));
    expect((await getDb().post.findUniqueOrThrow({ where: { id: draft.id } })).status).toBe("scheduled");
  });

  it("the reconnect warning names the account that needs it, and signing in as another member adds a channel", async () => {
    const who = await signedIn();
    const [first, second, third] = [fakes.linkedin.createUser(), fakes.linkedin.createUser(), fakes.linkedin.createUser()];
    const xa = fakes.x.createUser();
    await connectAs(who, "linkedin", first.sub);
    await connectAs(who, "linkedin", second.sub);
    await connectAs(who, "twitter", xa.id);
    const [one, two, x] = await Promise.all([channelOf(who.user.id, first.sub), channelOf(who.user.id, second.sub), channelOf(who.user.id, xa.id)]);
    expect(await reconnectNeed(who.user.id)).toBeNull();

    // The second member is more than 7 days old: it, not the first, is named.
    await getDb().channel.update({ where: { id: two.id }, data: { connectedAt: new Date(Date.now() - 8 * 24 * 3_600_000) } });
    expect(await reconnectNeed(who.user.id)).toEqual({
      provider: "linkedin",
      method: "oauth",
      reason: "age",
      channel: { id: two.id, displayName: second.name, handle: second.email, instance: null },
    });
    // Coming back as another member does not renew it: that member is another channel.
    await connectAs(who, "linkedin", third.sub);
    expect(await getDb().channel.count({ where: { userId: who.user.id, network: "linkedin" } })).toBe(3);
    expect((await reconnectNeed(who.user.id))?.channel.id).toBe(two.id);
    // As the same member: renewed, nothing left to ask.
    expect(await connectAs(who, "linkedin", second.sub)).toMatchObject({ title: "LinkedIn account updated" });
    expect(await reconnectNeed(who.user.id)).toBeNull();

    // An X account whose access X revoked is named the same way.
    await getDb().channel.update({ where: { id: x.id }, data: { status: "needs_reconnect" } });
    expect(await reconnectNeed(who.user.id)).toEqual({
      provider: "twitter",
      method: "oauth",
      reason: "expired",
      channel: { id: x.id, displayName: xa.name, handle: xa.username, instance: null },
    });
    expect(one.id).not.toBe(two.id);
  });
});
