// LinkedIn company pages as channels (docs/decisions/0058), through the real routes against the
// LinkedIn fake: a member connected with the organization scopes, the pages they administer listed
// and added (a forged or no-longer-administered page refused at submit), a post with a first comment
// on a page sent by the real publisher and read back as the organization's, an uncertain page post
// and comment settled by reading them back (no duplicate), the page's metrics, the member's
// disconnection and reconnection, and, without the scopes, the plain message and no listing.
// Runs on SQLite and PostgreSQL.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { resetEnvCache } from "~/core/env/env.server";
import { flushServerEvents, shutdownServerEvents } from "~/integrations/posthog.server";
import { getNetwork } from "~/integrations/networks/registry.server";
import { connectionSelect, usableConnection } from "~/modules/connections/access-token.server";
import { disconnectChannel } from "~/modules/connections/disconnect.server";
import { unseal } from "~/modules/crypto/secrets.server";
import { getDb } from "~/modules/db/db.server";
import { createPost, schedulePost, setPostTargets } from "~/modules/posts/post.server";
import * as profile from "~/routes/_dashboard.profile";
import * as pagesRoute from "~/routes/_dashboard.profile_.channels.$channelId.pages";
import * as channelsApi from "~/routes/api.channels";
import * as organizationsApi from "~/routes/api.channels.linkedin.organizations";
import * as connect from "~/routes/auth.connect.$provider";
import * as callback from "~/routes/auth.callback.$provider";
import { followConsent, type LinkedInFakeOrganization } from "../fakes/linkedin-server";
import { startPostHogFake } from "../fakes/posthog-server";
import { publishAllDue, startFakes, timePasses, uniqueText, waitFor, type Fakes } from "../support/publishing";
import { signedInUser } from "./helpers";
import { call, type Handler } from "../support/route-call";

let fakes: Fakes;
const savedSwitch = process.env.LINKEDIN_ORGANIZATION_SCOPES;

function setSwitch(on: boolean) {
  process.env.LINKEDIN_ORGANIZATION_SCOPES = on ? "true" : "false";
  resetEnvCache();
}

beforeAll(async () => {
  fakes = await startFakes();
});
beforeEach(() => {
  setSwitch(true);
  fakes.linkedin.state.communityManagement = true;
});
afterAll(async () => {
  await fakes.close();
  if (savedSwitch === undefined) delete process.env.LINKEDIN_ORGANIZATION_SCOPES;
  else process.env.LINKEDIN_ORGANIZATION_SCOPES = savedSwitch;
  resetEnvCache();
});

/** The profile's "Connect LinkedIn" button, LinkedIn's consent as `sub`, and the callback: where it sends the user. */
async function connectLinkedIn(cookie: string, sub: string): Promise<{ location: string; scopeAsked: string }> {
  fakes.linkedin.signIn(sub);
  const started = await call(connect.action as Handler, { method: "POST", params: { provider: "linkedin" }, form: { returnTo: "/profile" }, cookie });
  expect(started.status).toBe(302);
  const authorize = started.headers.get("Location")!;
  const back = await followConsent(authorize, "Allow");
  const done = await call(callback.loader as Handler, {
    url: `http://localhost:3000/auth/callback/linkedin${back.search}`,
    params: { provider: "linkedin" },
    cookie,
  });
  expect(done.status).toBe(302);
  return { location: done.headers.get("Location")!, scopeAsked: new URL(authorize).searchParams.get("scope")! };
}

/** A member administering two pages (and a third page they do not administer). */
function adminOfTwo() {
  const member = fakes.linkedin.createUser({ givenName: "Pat", familyName: "Admin" });
  const acme = fakes.linkedin.createOrganization({ localizedName: "Acme Widgets", vanityName: "acme-widgets" });
  const globex = fakes.linkedin.createOrganization({ localizedName: "Globex", vanityName: "globex" });
  const other = fakes.linkedin.createOrganization({ localizedName: "Someone Else's", vanityName: "someone-else" });
  fakes.linkedin.grantRole(member.sub, acme.urn);
  fakes.linkedin.grantRole(member.sub, globex.urn);
  // Another role on the third page: not an administrator of it.
  fakes.linkedin.grantRole(member.sub, other.urn, "ANALYST");
  return { member, acme, globex, other };
}

const addPages = (cookie: string, memberId: string, pages: string[], lang?: string) => {
  const form = new URLSearchParams();
  for (const page of pages) form.append("pages", page);
  form.append("returnTo", "/profile");
  return call(pagesRoute.action as Handler, { method: "POST", params: { channelId: memberId }, form, cookie, lang });
};

/** A signed-in user with a member channel (connected through the routes) and the page `org` added. */
async function userWithPage(org: "acme" | "globex" = "acme") {
  const { user, cookie } = await signedInUser("pages", { trial: true });
  const admin = adminOfTwo();
  const { location } = await connectLinkedIn(cookie, admin.member.sub);
  const member = await getDb().channel.findFirstOrThrow({ where: { userId: user.id, network: "linkedin", kind: "member" } });
  expect(location).toBe(`/profile/channels/${member.id}/pages?returnTo=%2Fprofile`);
  const chosen: LinkedInFakeOrganization = admin[org];
  expect((await addPages(cookie, member.id, [chosen.urn])).status).toBe(302);
  const page = await getDb().channel.findFirstOrThrow({ where: { userId: user.id, kind: "page", providerUserId: chosen.urn } });
  return { user, cookie, admin, member, page, org: chosen };
}

/** A post on the channel with its parts, scheduled and made due now. */
async function duePagePost(userId: string, channelId: string, texts: string[]) {
  const post = await createPost(userId, { platforms: [] });
  await setPostTargets(userId, post.id, [{ channelId, parts: texts.map((text) => ({ text })) }]);
  await schedulePost(userId, post.id, new Date(Date.now() + 120_000));
  await timePasses(post.id);
  return post.id;
}

const partsOf = async (postId: string) =>
  (await getDb().postTarget.findFirstOrThrow({ where: { postId }, include: { parts: { orderBy: { position: "asc" } } } })).parts;

describe("a member with the organization scopes adds the pages they administer", () => {
  it("connect → the Add pages screen lists both pages → a forged page is refused, nothing added → the chosen page is a channel", async () => {
    const { user, cookie } = await signedInUser("pages", { trial: true });
    const { member, acme, globex, other } = adminOfTwo();
    const { location, scopeAsked } = await connectLinkedIn(cookie, member.sub);
    expect(scopeAsked.split(" ")).toEqual(expect.arrayContaining(["w_organization_social", "r_organization_social", "rw_organization_admin"]));
    const memberRow = await getDb().channel.findFirstOrThrow({ where: { userId: user.id, network: "linkedin" } });
    expect(memberRow).toMatchObject({ kind: "member", providerUserId: member.sub });
    expect(memberRow.scopes.split(",")).toEqual(expect.arrayContaining(["w_organization_social", "r_organization_social", "rw_organization_admin"]));
    // Straight to the pages, then back where the connection started.
    expect(location).toBe(`/profile/channels/${memberRow.id}/pages?returnTo=%2Fprofile`);

    const listed = await call(pagesRoute.loader as Handler, { url: `http://localhost:3000${location}`, params: { channelId: memberRow.id }, cookie });
    expect(listed.status).toBe(200);
    expect(listed.body).toMatchObject({ returnTo: "/profile", problem: null, member: { id: memberRow.id, displayName: "Pat Admin" } });
    expect(listed.body.pages).toEqual([
      { providerUserId: acme.urn, displayName: "Acme Widgets", handle: "acme-widgets", added: false, logoUrl: `${acme.logoUrl}?size=400` },
      { providerUserId: globex.urn, displayName: "Globex", handle: "globex", added: false, logoUrl: `${globex.logoUrl}?size=400` },
    ]);

    // A page the member does not administer, posted by hand: refused, in the user's language, nothing added.
    const forged = await addPages(cookie, memberRow.id, [acme.urn, other.urn]);
    expect(forged.status).toBe(403);
    expect(forged.body.result.error[""]).toEqual(["You can only add pages this account administers right now. Nothing was added."]);
    const forgedFr = await addPages(cookie, memberRow.id, ["urn:li:organization:999999"], "fr");
    expect(forgedFr.body.result.error[""]).toEqual(["Vous ne pouvez ajouter que les pages que ce compte administre en ce moment. Rien n'a été ajouté."]);
    const none = await addPages(cookie, memberRow.id, []);
    expect(none.status).toBe(400);
    expect(none.body.result.error.pages).toEqual(["connections.pages.noneChosen"]);
    expect(await getDb().channel.count({ where: { userId: user.id, kind: "page" } })).toBe(0);
    // Another user cannot list or add through this member: 404, as if it did not exist.
    const stranger = await signedInUser("stranger");
    expect((await call(pagesRoute.loader as Handler, { params: { channelId: memberRow.id }, cookie: stranger.cookie })).status).toBe(404);
    expect((await addPages(stranger.cookie, memberRow.id, [acme.urn])).status).toBe(404);

    const added = await addPages(cookie, memberRow.id, [acme.urn]);
    expect(added.status).toBe(302);
    expect(added.headers.get("Location")).toBe("/profile");
    const page = await getDb().channel.findFirstOrThrow({ where: { userId: user.id, kind: "page" } });
    expect(page).toMatchObject({
      network: "linkedin",
      providerUserId: acme.urn,
      displayName: "Acme Widgets",
      handle: "acme-widgets",
      managedBy: member.sub,
      status: "active",
    });
    // The member's token, sealed; the logo copied into the app like members' pictures.
    expect(unseal(page.accessTokenEnc!)).toBe(unseal(memberRow.accessTokenEnc!));
    expect(page.avatarKey).not.toBeNull();
    expect(page.avatarUrl).toBe(`${acme.logoUrl}?size=400`);

    // Listed again: the added page says so; the API names its kind "organization".
    const again = await call(pagesRoute.loader as Handler, { params: { channelId: memberRow.id }, cookie });
    expect(again.body.pages.map((p: { added: boolean }) => p.added)).toEqual([true, false]);
    const api = await call(channelsApi.loader as Handler, { cookie });
    expect(api.body.data).toEqual([
      expect.objectContaining({ id: memberRow.id, kind: "member" }),
      expect.objectContaining({
        id: page.id,
        kind: "organization",
        displayName: "Acme Widgets",
        handle: "acme-widgets",
        avatarUrl: expect.stringMatching(/^\/channels\//),
      }),
    ]);
    // The profile lists the page with the member it publishes through.
    const shown = await call(profile.loader as Handler, { cookie });
    expect(shown.body.channels).toEqual([
      expect.objectContaining({ id: memberRow.id, kind: "member", pages: "available" }),
      expect.objectContaining({ id: page.id, kind: "page", via: "Pat Admin" }),
    ]);

    // Administration is asked of LinkedIn at submit: a role taken away since the list was shown is refused.
    fakes.linkedin.revokeRoles(member.sub, globex.urn);
    expect((await addPages(cookie, memberRow.id, [globex.urn])).status).toBe(403);
    expect(await getDb().channel.count({ where: { userId: user.id, kind: "page" } })).toBe(1);
  });
});

describe("publishing on a page", () => {
  it("a post and its first comment go out as the organization, through the real publisher", async () => {
    const { user, page, org } = await userWithPage();
    const text = uniqueText("Acme launches (today) #news");
    const comment = uniqueText("Details in the first comment");
    const postId = await duePagePost(user.id, page.id, [text, comment]);
    await publishAllDue();

    const parts = await partsOf(postId);
    expect(parts.map((part) => part.status)).toEqual(["published", "published"]);
    const stored = fakes.linkedin.state.posts.find((p) => p.urn === parts[0]!.externalId)!;
    expect(stored).toMatchObject({ author: org.urn, text });
    const sentComment = fakes.linkedin.state.comments.find((c) => c.urn === parts[1]!.externalId)!;
    expect(sentComment).toMatchObject({ actor: org.urn, text: comment });
    expect(parts[1]!.url).toBe(`https://www.linkedin.com/feed/update/${stored.urn}/`);
  });

  it("an uncertain page post and comment are found by reading them back: nothing is posted twice", async () => {
    const { user, page, org } = await userWithPage();
    const text = uniqueText("Page post whose answer is lost");
    const comment = uniqueText("Page comment whose answer is lost");
    const postId = await duePagePost(user.id, page.id, [text, comment]);

    fakes.linkedin.dropConnectionAfterHandling("POST /rest/posts");
    await publishAllDue();
    expect(fakes.linkedin.countPosts(text)).toBe(1);
    expect((await partsOf(postId))[0]!.status).not.toBe("published");

    const finderBefore = fakes.linkedin.state.requests.filter((r) => r.method === "GET" && r.path === "/rest/posts").length;
    fakes.linkedin.dropConnectionAfterHandling((r) => r.method === "POST" && r.path.endsWith("/comments"));
    await timePasses(postId);
    await publishAllDue();
    const finder = fakes.linkedin.state.requests.filter((r) => r.method === "GET" && r.path === "/rest/posts");
    expect(finder.length).toBeGreaterThan(finderBefore);
    expect(finder.at(-1)!.query).toMatchObject({ author: org.urn, q: "author" });
    expect(finder.at(-1)!.headers["x-restli-method"]).toBe("FINDER");
    // Found, not resent: one post on LinkedIn, the part holding its URN.
    expect(fakes.linkedin.countPosts(text)).toBe(1);
    const created = fakes.linkedin.state.posts.find((p) => p.text === text)!;
    expect((await partsOf(postId))[0]).toMatchObject({ status: "published", externalId: created.urn });

    await timePasses(postId);
    await publishAllDue();
    const parts = await partsOf(postId);
    // The comment too: read back among the post's comments (r_organization_social), never "unknown".
    expect(parts.map((part) => part.status)).toEqual(["published", "published"]);
    const comments = fakes.linkedin.state.comments.filter((c) => c.text === comment);
    expect(comments).toHaveLength(1);
    expect(comments[0]).toMatchObject({ actor: org.urn, urn: parts[1]!.externalId });
    expect(fakes.linkedin.state.requests.some((r) => r.method === "GET" && r.path === `/rest/socialActions/${encodeURIComponent(created.urn)}/comments`)).toBe(
      true,
    );
  });

  it("a page's metrics are read: likes and comments, impressions and reshares", async () => {
    const { user, page } = await userWithPage();
    const postId = await duePagePost(user.id, page.id, [uniqueText("Measured page post"), "A comment"]);
    await publishAllDue();
    const [post] = await partsOf(postId);
    fakes.linkedin.setPostStatistics(post!.externalId!, { likes: 12, impressionCount: 480, shareCount: 3 });
    const row = await getDb().channel.findUniqueOrThrow({ where: { id: page.id }, select: connectionSelect });
    const connection = await usableConnection(user.id, "linkedin", row);
    const ctx = { accessToken: connection.accessToken, providerUserId: connection.providerUserId, handle: connection.handle, kind: "page" as const };
    const metrics = await getNetwork("linkedin").fetchMetrics(ctx, [post!.externalId!]);
    expect(metrics.get(post!.externalId!)).toEqual({ likes: 12, replies: 1, reposts: 3, impressions: 480, quotes: null });
  });
});

describe("the page lives with its member's access", () => {
  it("disconnecting the member stops the page (no token left); reconnecting the member revives it with the new token", async () => {
    const { user, cookie, admin, member, page } = await userWithPage();
    // Scheduled while the member was there; due after the disconnection.
    const postId = await duePagePost(user.id, page.id, [uniqueText("Not sent while the member is gone")]);
    await disconnectChannel(user.id, member.id);
    const stopped = await getDb().channel.findUniqueOrThrow({ where: { id: page.id } });
    expect(stopped).toMatchObject({ status: "needs_reconnect", accessTokenEnc: null, refreshTokenEnc: null });
    await expect(
      usableConnection(user.id, "linkedin", await getDb().channel.findUniqueOrThrow({ where: { id: page.id }, select: connectionSelect })),
    ).rejects.toThrow(/not_connected|needs_reconnect/);
    const postsBefore = fakes.linkedin.state.posts.length;
    await publishAllDue();
    expect((await partsOf(postId))[0]!.status).not.toBe("published");
    expect(fakes.linkedin.state.posts.length).toBe(postsBefore);

    await connectLinkedIn(cookie, admin.member.sub);
    const newMember = await getDb().channel.findFirstOrThrow({ where: { userId: user.id, kind: "member" } });
    const revived = await getDb().channel.findUniqueOrThrow({ where: { id: page.id } });
    expect(revived.status).toBe("active");
    expect(unseal(revived.accessTokenEnc!)).toBe(unseal(newMember.accessTokenEnc!));
  });

  it("the member reconnected without the page scopes: the page stops rather than post with a token that cannot", async () => {
    const { cookie, admin, page } = await userWithPage();
    fakes.linkedin.state.communityManagement = false;
    const { location } = await connectLinkedIn(cookie, admin.member.sub);
    expect(location).toBe("/profile");
    expect(await getDb().channel.findUniqueOrThrow({ where: { id: page.id } })).toMatchObject({ status: "needs_reconnect", accessTokenEnc: null });
  });
});

describe("without the organization scopes", () => {
  it("the switch off: not asked, no pages screen, the profile says pages are not available, and the screen refuses", async () => {
    setSwitch(false);
    const { user, cookie } = await signedInUser("nopages", { trial: true });
    const { member } = adminOfTwo();
    const aclCalls = () => fakes.linkedin.state.requests.filter((r) => r.path === "/rest/organizationAcls").length;
    const before = aclCalls();
    const { location, scopeAsked } = await connectLinkedIn(cookie, member.sub);
    expect(scopeAsked).toBe("openid profile email w_member_social");
    expect(location).toBe("/profile");
    const row = await getDb().channel.findFirstOrThrow({ where: { userId: user.id, network: "linkedin" } });
    const shown = await call(profile.loader as Handler, { cookie });
    expect(shown.body.networks).toEqual(expect.arrayContaining([expect.objectContaining({ network: "linkedin", pages: "disabled" })]));
    const listed = await call(pagesRoute.loader as Handler, { params: { channelId: row.id }, cookie });
    expect(listed.body).toMatchObject({ pages: [], problem: "Adding pages is not available for this account." });
    const fr = await call(pagesRoute.loader as Handler, { params: { channelId: row.id }, cookie, lang: "fr" });
    expect(fr.body.problem).toBe("L'ajout de pages n'est pas disponible pour ce compte.");
    expect((await addPages(cookie, row.id, ["urn:li:organization:1"])).status).toBe(409);
    expect(aclCalls()).toBe(before);
    expect(await getDb().channel.count({ where: { userId: user.id, kind: "page" } })).toBe(0);
  });

  it("asked but not granted (an app without the Community Management API): read from the token answer, no listing", async () => {
    fakes.linkedin.state.communityManagement = false;
    const { user, cookie } = await signedInUser("notgranted", { trial: true });
    const { member } = adminOfTwo();
    const aclCalls = () => fakes.linkedin.state.requests.filter((r) => r.path === "/rest/organizationAcls").length;
    const before = aclCalls();
    const { location, scopeAsked } = await connectLinkedIn(cookie, member.sub);
    expect(scopeAsked).toContain("w_organization_social");
    expect(location).toBe("/profile");
    const row = await getDb().channel.findFirstOrThrow({ where: { userId: user.id, network: "linkedin" } });
    expect(row.scopes).toBe("email,openid,profile,w_member_social");
    const shown = await call(profile.loader as Handler, { cookie });
    expect(shown.body.channels).toEqual([expect.objectContaining({ id: row.id, kind: "member", pages: "not_granted" })]);
    expect((await call(pagesRoute.loader as Handler, { params: { channelId: row.id }, cookie })).body.problem).toBe(
      "Adding pages is not available for this account.",
    );
    expect(aclCalls()).toBe(before);
  });
});

describe("the version 2 API: /api/channels/linkedin/organizations", () => {
  it("lists the member's pages, adds one by its numeric id (201, kind organization), refuses another's; 409 without the scopes", async () => {
    const { user, cookie } = await signedInUser("pagesapi", { trial: true });
    const { member, acme, globex, other } = adminOfTwo();
    await connectLinkedIn(cookie, member.sub);
    const listed = await call(organizationsApi.loader as Handler, { cookie });
    expect(listed.status).toBe(200);
    expect(listed.body.data).toEqual([
      { id: acme.urn, name: "Acme Widgets", logoUrl: `${acme.logoUrl}?size=400`, added: false },
      { id: globex.urn, name: "Globex", logoUrl: `${globex.logoUrl}?size=400`, added: false },
    ]);
    const refused = await call(organizationsApi.action as Handler, { method: "POST", cookie, body: { organizationId: other.id } });
    expect(refused.status).toBe(403);
    expect(refused.body.error.code).toBe("forbidden");
    const invalid = await call(organizationsApi.action as Handler, { method: "POST", cookie, body: { organizationId: "acme" } });
    expect(invalid.status).toBe(422);
    const created = await call(organizationsApi.action as Handler, { method: "POST", cookie, body: { organizationId: globex.id } });
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({ network: "linkedin", kind: "organization", displayName: "Globex", handle: "globex", status: "active" });
    expect(await getDb().channel.count({ where: { userId: user.id, kind: "page" } })).toBe(1);

    setSwitch(false);
    const off = await call(organizationsApi.loader as Handler, { cookie });
    expect(off.status).toBe(409);
    expect(off.body.error.code).toBe("pages_unavailable");
  });
});

describe("PostHog", () => {
  it("adding pages is one 'pages added' event under the user's address, with the network and the count", async () => {
    const posthog = await startPostHogFake();
    process.env.POSTHOG_KEY = posthog.projectKey;
    process.env.POSTHOG_HOST = posthog.url;
    resetEnvCache();
    try {
      const { user } = await userWithPage();
      await waitFor(async () => {
        await flushServerEvents();
        return posthog.named("pages added").some((e) => e.distinct_id === user.email);
      });
      expect(posthog.named("pages added").filter((e) => e.distinct_id === user.email)).toEqual([
        expect.objectContaining({ properties: expect.objectContaining({ network: "linkedin", count: 1, user_id: user.id }) }),
      ]);
    } finally {
      await shutdownServerEvents();
      delete process.env.POSTHOG_KEY;
      delete process.env.POSTHOG_HOST;
      resetEnvCache();
      await posthog.close();
    }
  });
});
