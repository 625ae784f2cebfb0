import sharp from "sharp";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { followConsent, startLinkedInFake, type LinkedInFake } from "../../../../tests/fakes/linkedin-server";
import { providerEnv } from "../../../../tests/support/provider-env";
import { getNetwork } from "~/integrations/networks/registry.server";
import type { PartToSend, PublishContext } from "~/integrations/networks/types";
import { isProviderError } from "~/integrations/provider-error";
import { getOrganizationShareStatistics, hasOrganizationScopes, listAdministeredOrganizations } from "./client.server";

// LinkedIn company pages (docs/decisions/0058) against the fake over real HTTP: the scopes asked and
// granted, the pages a member administers, a page's post, image and first comment as the
// organization, their lookup after an uncertain attempt, and their metrics.

const linkedin = getNetwork("linkedin");
let fake: LinkedInFake;
let png: Buffer;
let organizationScopes = "true";

const env = providerEnv({
  name: "linkedin-pages",
  keys: ["LINKEDIN_CLIENT_ID", "LINKEDIN_CLIENT_SECRET", "LINKEDIN_API_VERSION", "LINKEDIN_OAUTH_URL", "LINKEDIN_API_URL", "LINKEDIN_ORGANIZATION_SCOPES"],
  values: () => ({
    LINKEDIN_CLIENT_ID: fake.state.clientId,
    LINKEDIN_CLIENT_SECRET: fake.state.clientSecret,
    LINKEDIN_API_VERSION: "202610",
    LINKEDIN_OAUTH_URL: fake.oauthUrl,
    LINKEDIN_API_URL: fake.apiUrl,
    LINKEDIN_ORGANIZATION_SCOPES: organizationScopes,
  }),
});

const ORG_SCOPE = "email,openid,profile,r_organization_social,rw_organization_admin,w_member_social,w_organization_social";
const part = (text: string, position: number, parent: string | null, images: PartToSend["images"] = []): PartToSend => ({ text, position, parent, images });

/** A member who administers one page, with a token holding the organization scopes, acting as the page. */
function pageAdmin(scope = ORG_SCOPE): { ctx: PublishContext; sub: string; org: string } {
  const user = fake.createUser();
  const org = fake.createOrganization({ localizedName: "Acme Widgets", vanityName: "acme-widgets" });
  fake.grantRole(user.sub, org.urn);
  return {
    ctx: { accessToken: fake.issueToken(user.sub, { scope }), providerUserId: org.urn, handle: "acme-widgets", kind: "page" },
    sub: user.sub,
    org: org.urn,
  };
}

beforeAll(async () => {
  fake = await startLinkedInFake();
  png = await sharp({ create: { width: 4, height: 4, channels: 3, background: "#0a66c2" } })
    .png()
    .toBuffer();
});

beforeEach(() => {
  organizationScopes = "true";
  fake.state.communityManagement = true;
  env.configure();
});

afterAll(async () => {
  await fake.close();
  env.restore();
});

async function consentScope(): Promise<string> {
  const user = fake.createUser();
  fake.signIn(user.sub);
  const url = linkedin.oauth.authorizeUrl({ redirectUri: "http://localhost:3000/cb", state: "s" });
  const back = await followConsent(url, "Allow");
  return (await linkedin.oauth.exchangeCode({ code: back.searchParams.get("code")!, redirectUri: "http://localhost:3000/cb" })).scope;
}

describe("the organization scopes", () => {
  it("are asked only when the switch says the app has the Community Management API", async () => {
    const asked = () => new URL(linkedin.oauth.authorizeUrl({ redirectUri: "http://localhost:3000/cb", state: "s" })).searchParams.get("scope");
    expect(asked()).toBe("openid profile email w_member_social w_organization_social r_organization_social rw_organization_admin");
    expect(linkedin.pages?.enabled()).toBe(true);
    organizationScopes = "false";
    env.configure();
    expect(asked()).toBe("openid profile email w_member_social");
    expect(linkedin.pages?.enabled()).toBe(false);
  });

  it("are read from the token answer: an app without the product is not granted them, even when it asks", async () => {
    expect(linkedin.pages?.granted(await consentScope())).toBe(true);
    fake.state.communityManagement = false;
    const scope = await consentScope();
    expect(scope).toBe("email,openid,profile,w_member_social");
    expect(linkedin.pages?.granted(scope)).toBe(false);
    expect(hasOrganizationScopes("w_organization_social r_organization_social")).toBe(false);
  });
});

describe("the pages a member administers", () => {
  it("lists approved ADMINISTRATOR roles only, every page of the answer, with name, vanity name and logo", async () => {
    const user = fake.createUser();
    const orgs = Array.from({ length: 103 }, (_, i) => fake.createOrganization({ localizedName: `Org ${i}` }));
    for (const org of orgs) fake.grantRole(user.sub, org.urn);
    const analyst = fake.createOrganization();
    fake.grantRole(user.sub, analyst.urn, "ANALYST");
    const requested = fake.createOrganization();
    fake.grantRole(user.sub, requested.urn, "ADMINISTRATOR", "REQUESTED");
    const token = fake.issueToken(user.sub, { scope: ORG_SCOPE });
    const urns = await listAdministeredOrganizations(token);
    expect(urns).toEqual(orgs.map((org) => org.urn));
    const aclCalls = fake.state.requests.filter((r) => r.path === "/rest/organizationAcls");
    expect(aclCalls.at(-1)?.query).toMatchObject({ q: "roleAssignee", role: "ADMINISTRATOR", state: "APPROVED", start: "100" });

    const one = fake.createUser();
    const acme = fake.createOrganization({ localizedName: "Acme", vanityName: "acme" });
    fake.grantRole(one.sub, acme.urn);
    const pages = await linkedin.pages!.administered(fake.issueToken(one.sub, { scope: ORG_SCOPE }));
    expect(pages).toEqual([{ providerUserId: acme.urn, displayName: "Acme", handle: "acme", avatarUrl: `${acme.logoUrl}?size=400`, kind: "page" }]);
  });

  it("a member of none has none; a token without the admin scope is refused (403)", async () => {
    const none = fake.createUser();
    expect(await linkedin.pages!.administered(fake.issueToken(none.sub, { scope: ORG_SCOPE }))).toEqual([]);
    const error = await linkedin.pages!.administered(fake.issueToken(none.sub)).catch((e: unknown) => e);
    expect(isProviderError(error) && error.status).toBe(403);
  });
});

describe("publishing on a page", () => {
  it("the post, its image and its first comment are the organization's", async () => {
    const { ctx, org } = pageAdmin();
    const text = `Page news ${Date.now()} (with #tags)`;
    const image = { bytes: new Uint8Array(png), mimeType: "image/png", width: 4, height: 4, altText: "logo" };
    const post = await linkedin.publishPart(ctx, part(text, 1, null, [image]));
    const stored = fake.state.posts.find((p) => p.urn === post.externalId)!;
    expect(stored.author).toBe(org);
    expect(stored.text).toBe(text);
    expect(fake.state.images.get(stored.imageUrns[0]!)?.ownerUrn).toBe(org);
    const comment = await linkedin.publishPart(ctx, part("First comment from the page", 2, post.externalId));
    expect(fake.state.comments.find((c) => c.urn === comment.externalId)).toMatchObject({ actor: org, text: "First comment from the page" });
  });

  it("is refused (403) to a member who is no longer its administrator, and without w_organization_social", async () => {
    const { ctx, sub, org } = pageAdmin();
    fake.revokeRoles(sub, org);
    const notAdmin = await linkedin.publishPart(ctx, part(`No longer admin ${Date.now()}`, 1, null)).catch((e: unknown) => e);
    expect(isProviderError(notAdmin) && notAdmin.status).toBe(403);
    const { ctx: memberScopes } = pageAdmin("email,openid,profile,w_member_social");
    const noScope = await linkedin.publishPart(memberScopes, part(`No scope ${Date.now()}`, 1, null)).catch((e: unknown) => e);
    expect(isProviderError(noScope) && noScope.status).toBe(403);
    expect(linkedin.classifyError(noScope).kind).toBe("permanent");
  });
});

describe("an uncertain page part is looked up, never unknown", () => {
  it("the post: found among the page's latest by its text and time, else absent", async () => {
    const { ctx } = pageAdmin();
    expect(linkedin.reconciliation(1, ctx)).toBe("lookup");
    expect(linkedin.reconciliation(2, ctx)).toBe("lookup");
    expect(linkedin.reconciliation(1)).toBe("resend");
    expect(linkedin.reconciliation(2)).toBe("unknowable");
    const sentAt = new Date();
    const text = `Uncertain page post ${Date.now()} <3`;
    const post = await linkedin.publishPart(ctx, part(text, 1, null));
    const before = fake.state.requests.length;
    expect(await linkedin.reconcilePart(ctx, part(text, 1, null), { sentAt, parent: null })).toEqual({ outcome: "found", ...post });
    const finder = fake.state.requests.slice(before).find((r) => r.method === "GET" && r.path === "/rest/posts")!;
    expect(finder.query).toMatchObject({ author: ctx.providerUserId, q: "author", count: "10", sortBy: "LAST_MODIFIED" });
    expect(finder.headers["x-restli-method"]).toBe("FINDER");
    expect(fake.state.requests.slice(before).some((r) => r.method === "POST")).toBe(false);
    expect(await linkedin.reconcilePart(ctx, part(`Never sent ${Date.now()}`, 1, null), { sentAt, parent: null })).toEqual({ outcome: "absent" });
    // The same text posted long before this attempt is another post.
    const later = new Date(Date.now() + 3_600_000);
    expect(await linkedin.reconcilePart(ctx, part(text, 1, null), { sentAt: later, parent: null })).toEqual({ outcome: "absent" });
  });

  it("the comment: found among the post's comments by the organization and its text, else absent", async () => {
    const { ctx } = pageAdmin();
    const post = await linkedin.publishPart(ctx, part(`Post for a comment ${Date.now()}`, 1, null));
    const comment = await linkedin.publishPart(ctx, part("The page's first comment", 2, post.externalId));
    const sentAt = new Date(Date.now() - 1000);
    expect(await linkedin.reconcilePart(ctx, part("The page's first comment", 2, post.externalId), { sentAt, parent: post.externalId })).toEqual({
      outcome: "found",
      externalId: comment.externalId,
      url: post.url,
    });
    expect(await linkedin.reconcilePart(ctx, part("Another comment", 2, post.externalId), { sentAt, parent: post.externalId })).toEqual({
      outcome: "absent",
    });
  });
});

describe("a page's metrics", () => {
  it("likes and comments from socialActions, impressions and reshares from the share statistics; a deleted post left out", async () => {
    const { ctx } = pageAdmin();
    const post = await linkedin.publishPart(ctx, part(`Measured ${Date.now()}`, 1, null));
    await linkedin.publishPart(ctx, part("A comment", 2, post.externalId));
    fake.setPostStatistics(post.externalId, { likes: 7, impressionCount: 321, shareCount: 2 });
    const gone = "urn:li:share:1";
    const metrics = await linkedin.fetchMetrics(ctx, [post.externalId, gone]);
    expect(metrics.get(post.externalId)).toEqual({ likes: 7, replies: 1, reposts: 2, impressions: 321, quotes: null });
    expect(metrics.has(gone)).toBe(false);
    const stats = fake.state.requests.filter((r) => r.path === "/rest/organizationalEntityShareStatistics").at(-1)!;
    expect(stats.query).toMatchObject({ q: "organizationalEntity", organizationalEntity: ctx.providerUserId, shares: `List(${post.externalId})` });
  });

  it("a member's posts stay unknown, without a call", async () => {
    const { ctx } = pageAdmin();
    const before = fake.state.requests.length;
    const metrics = await linkedin.fetchMetrics({ ...ctx, kind: "member" }, ["urn:li:share:9"]);
    expect(metrics.get("urn:li:share:9")).toEqual({ likes: null, replies: null, reposts: null, impressions: null, quotes: null });
    expect(fake.state.requests.length).toBe(before);
  });

  it("the statistics are refused to a member who does not administer the page", async () => {
    const { ctx, sub, org } = pageAdmin();
    const post = await linkedin.publishPart(ctx, part(`Stats refused ${Date.now()}`, 1, null));
    fake.revokeRoles(sub, org);
    const error = await getOrganizationShareStatistics(ctx.accessToken, org, [post.externalId]).catch((e: unknown) => e);
    expect(isProviderError(error) && error.status).toBe(403);
  });
});
