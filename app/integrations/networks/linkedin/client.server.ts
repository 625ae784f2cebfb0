import { z } from "zod";
import { getEnv } from "~/core/env/env.server";
import { providerFetch, readAnswer, type ProviderCall } from "~/integrations/http.server";
import { ProviderError } from "~/integrations/provider-error";

// LinkedIn client, exactly as docs/providers.md ("LinkedIn") describes the API. Base URLs come from the
// environment so tests run this code against server/fakes/linkedin-server.ts.

const SCOPE = "openid profile email w_member_social";
/**
 * The Community Management API's scopes (company pages): post and comment as a page, read its posts
 * and comments, its administrators and statistics. Asked only when LINKEDIN_ORGANIZATION_SCOPES says
 * the app has that product; whether they were granted is read from the token answer.
 */
export const ORGANIZATION_SCOPES = ["w_organization_social", "r_organization_social", "rw_organization_admin"] as const;

/** Whether the server's LinkedIn app has the Community Management API (the operator's switch). */
export function linkedinPagesEnabled(): boolean {
  return getEnv().LINKEDIN_ORGANIZATION_SCOPES;
}

/** Whether a token answer's `scope` (comma- or space-separated) holds every organization scope. */
export function hasOrganizationScopes(scope: string): boolean {
  const granted = new Set(scope.split(/[\s,]+/).filter(Boolean));
  return ORGANIZATION_SCOPES.every((name) => granted.has(name));
}

export interface LinkedinTokens {
  accessToken: string;
  /** Seconds. */
  expiresIn: number;
  /** Only for approved partners; not rotated. */
  refreshToken?: string;
  refreshTokenExpiresIn?: number;
  scope: string;
}

export interface LinkedinUserInfo {
  sub: string;
  name: string;
  picture?: string;
  email?: string;
}

export interface LinkedinImageRef {
  urn: string;
  altText: string;
}

export function linkedinConfigured(): boolean {
  const env = getEnv();
  return Boolean(env.LINKEDIN_CLIENT_ID && env.LINKEDIN_CLIENT_SECRET);
}

function credentials(): { clientId: string; clientSecret: string } {
  const { LINKEDIN_CLIENT_ID: clientId, LINKEDIN_CLIENT_SECRET: clientSecret } = getEnv();
  // Callers check linkedinConfigured() first: reaching this is a programming error, not LinkedIn's.
  if (!clientId || !clientSecret) throw new Error("LinkedIn is not configured (LINKEDIN_CLIENT_ID, LINKEDIN_CLIENT_SECRET)");
  return { clientId, clientSecret };
}

/** Spaces as %20 (not "+"), as LinkedIn's own examples send the scope. */
function query(params: Record<string, string>): string {
  return Object.entries(params)
    .map(([key, value]) => `${encodeURIComponent(key)}=${encodeURIComponent(value)}`)
    .join("&");
}

export function linkedinAuthorizeUrl({ redirectUri, state, prompt }: { redirectUri: string; state: string; prompt?: "login" }): string {
  const params: Record<string, string> = {
    response_type: "code",
    client_id: credentials().clientId,
    redirect_uri: redirectUri,
    state,
    scope: linkedinPagesEnabled() ? `${SCOPE} ${ORGANIZATION_SCOPES.join(" ")}` : SCOPE,
  };
  if (prompt) params.prompt = prompt;
  return `${getEnv().LINKEDIN_OAUTH_URL}/authorization?${query(params)}`;
}

const tokenSchema = z.object({
  access_token: z.string().min(1),
  expires_in: z.number(),
  refresh_token: z.string().min(1).optional(),
  refresh_token_expires_in: z.number().optional(),
  scope: z.string().default(""),
});

async function tokenCall(operation: string, form: Record<string, string>): Promise<LinkedinTokens> {
  const { clientId, clientSecret } = credentials();
  const call: ProviderCall = {
    provider: "linkedin",
    operation,
    url: `${getEnv().LINKEDIN_OAUTH_URL}/accessToken`,
    form: { ...form, client_id: clientId, client_secret: clientSecret },
  };
  const answer = readAnswer(call, await providerFetch(call), tokenSchema);
  return {
    accessToken: answer.access_token,
    expiresIn: answer.expires_in,
    refreshToken: answer.refresh_token,
    refreshTokenExpiresIn: answer.refresh_token_expires_in,
    scope: answer.scope,
  };
}

export function exchangeLinkedinCode({ code, redirectUri }: { code: string; redirectUri: string }): Promise<LinkedinTokens> {
  return tokenCall("token", { grant_type: "authorization_code", code, redirect_uri: redirectUri });
}

export function refreshLinkedinToken(refreshToken: string): Promise<LinkedinTokens> {
  return tokenCall("refresh", { grant_type: "refresh_token", refresh_token: refreshToken });
}

const userInfoSchema = z.object({
  sub: z.string().min(1),
  name: z.string().optional(),
  given_name: z.string().optional(),
  family_name: z.string().optional(),
  picture: z.string().optional(),
  email: z.string().optional(),
});

export async function getLinkedinUserInfo(accessToken: string): Promise<LinkedinUserInfo> {
  const call: ProviderCall = {
    provider: "linkedin",
    operation: "userinfo",
    url: `${getEnv().LINKEDIN_API_URL}/v2/userinfo`,
    bearer: accessToken,
  };
  const info = readAnswer(call, await providerFetch(call), userInfoSchema);
  const name = info.name ?? [info.given_name, info.family_name].filter(Boolean).join(" ");
  return { sub: info.sub, name: name || info.sub, picture: info.picture || undefined, email: info.email || undefined };
}

/** LinkedIn "little text": unescaped, these characters silently cut the post (docs/providers.md). */
export function escapeLinkedinCommentary(text: string): string {
  // One pass, so the backslashes added here are never escaped again.
  return text.replace(/[\\|{}@[\]()<>#*_~]/g, (char) => `\\${char}`);
}

/** The headers every /rest call needs. */
function restHeaders(): Record<string, string> {
  return { "LinkedIn-Version": getEnv().LINKEDIN_API_VERSION, "X-Restli-Protocol-Version": "2.0.0" };
}

const initializeUploadSchema = z.object({
  value: z.object({ uploadUrl: z.string().min(1), image: z.string().startsWith("urn:li:image:") }),
});

/** Uploads one image for the member and returns its URN (urn:li:image:…). */
export async function uploadLinkedinImage(
  accessToken: string,
  { ownerUrn, bytes, mimeType }: { ownerUrn: string; bytes: Uint8Array; mimeType: string },
): Promise<string> {
  const init: ProviderCall = {
    provider: "linkedin",
    operation: "upload",
    url: `${getEnv().LINKEDIN_API_URL}/rest/images`,
    query: { action: "initializeUpload" },
    bearer: accessToken,
    headers: restHeaders(),
    json: { initializeUploadRequest: { owner: ownerUrn } },
  };
  const { value } = readAnswer(init, await providerFetch(init), initializeUploadSchema);
  await providerFetch({
    provider: "linkedin",
    operation: "upload",
    method: "PUT",
    url: value.uploadUrl,
    bearer: accessToken,
    bytes: { data: bytes, contentType: mimeType },
  });
  return value.image;
}

export function linkedinPostBody({ authorUrn, commentary, images }: { authorUrn: string; commentary: string; images: LinkedinImageRef[] }) {
  const [only] = images;
  const content =
    images.length === 0
      ? undefined
      : images.length === 1 && only
        ? { media: { id: only.urn, altText: only.altText } }
        : { multiImage: { images: images.map((image) => ({ id: image.urn, altText: image.altText })) } };
  return {
    author: authorUrn,
    commentary: escapeLinkedinCommentary(commentary),
    visibility: "PUBLIC",
    distribution: { feedDistribution: "MAIN_FEED", targetEntities: [], thirdPartyDistributionChannels: [] },
    lifecycleState: "PUBLISHED",
    isReshareDisabledByAuthor: false,
    ...(content ? { content } : {}),
  };
}

/** Publishes a post. `commentary` is the raw text: it is escaped here. */
export async function createLinkedinPost(
  accessToken: string,
  post: { authorUrn: string; commentary: string; images: LinkedinImageRef[] },
): Promise<{ urn: string; url: string }> {
  const answer = await providerFetch({
    provider: "linkedin",
    operation: "post",
    url: `${getEnv().LINKEDIN_API_URL}/rest/posts`,
    bearer: accessToken,
    headers: restHeaders(),
    json: linkedinPostBody(post),
  });
  const urn = answer.headers.get("x-restli-id")?.trim();
  if (!urn) {
    // Created, but we cannot say which post: uncertain, so the publisher will not blindly retry
    // (a retry would come back as DUPLICATE_POST naming it).
    throw new ProviderError("linkedin", "network", "LinkedIn accepted the post without naming it (no x-restli-id)", {
      sent: true,
      operation: "post",
    });
  }
  return { urn, url: linkedinPostUrl(urn) };
}

const commentSchema = z.object({ id: z.string().optional(), commentUrn: z.string().optional() }).nullable();

/**
 * Comments on a post as its author (the first comment). `postUrn` is the URN the post was created
 * with (urn:li:share:… or urn:li:ugcPost:…); `text` is plain (attributes, not little text), sent as
 * it is. The comment's id comes from the body's commentUrn or id, else the x-restli-id header.
 */
export async function createLinkedinComment(
  accessToken: string,
  { postUrn, actorUrn, text }: { postUrn: string; actorUrn: string; text: string },
): Promise<{ commentUrn: string }> {
  const call: ProviderCall = {
    provider: "linkedin",
    operation: "comment",
    url: `${getEnv().LINKEDIN_API_URL}/rest/socialActions/${encodeURIComponent(postUrn)}/comments`,
    bearer: accessToken,
    headers: restHeaders(),
    json: { actor: actorUrn, object: postUrn, message: { text } },
  };
  const answer = await providerFetch(call);
  const body = commentSchema.safeParse(answer.body);
  const header = answer.headers.get("x-restli-id")?.trim();
  const named = (body.success ? body.data?.commentUrn : undefined) ?? header ?? (body.success ? body.data?.id : undefined);
  if (!named) {
    // Created, but unnamed: uncertain. A comment cannot be read back, so it will show as unknown.
    throw new ProviderError("linkedin", "network", "LinkedIn accepted the comment without naming it", { sent: true, operation: "comment" });
  }
  return { commentUrn: named };
}

export function linkedinPostUrl(urn: string): string {
  return `${getEnv().LINKEDIN_WEB_URL}/feed/update/${urn}/`;
}

/** The earlier post a 422 DUPLICATE_POST names ("Content is a duplicate of urn:li:share:…"). */
export function duplicateUrnOf(error: ProviderError): string | null {
  if (error.provider !== "linkedin" || error.details.code !== "DUPLICATE_POST") return null;
  return /urn:li:(?:share|ugcPost):[A-Za-z0-9_-]+/.exec(error.message)?.[0] ?? null;
}

// ---- Company pages (Community Management API), docs/decisions/0058 ----------------------------

export const ORGANIZATION_URN_PREFIX = "urn:li:organization:";

export function organizationUrn(id: string): string {
  return `${ORGANIZATION_URN_PREFIX}${id}`;
}

const aclPageSchema = z.object({
  elements: z.array(z.object({ organization: z.string().optional(), role: z.string().optional(), state: z.string().optional() })).default([]),
  paging: z.object({ start: z.number().optional(), count: z.number().optional(), total: z.number().optional() }).optional(),
});

/** At most this many ACL pages are read (100 organizations each): a bound, not a limit anyone meets. */
const MAX_ACL_PAGES = 10;
const ACL_PAGE_SIZE = 100;

/** The organization URNs the token's member is an approved ADMINISTRATOR of, every page of the answer read. */
export async function listAdministeredOrganizations(accessToken: string): Promise<string[]> {
  const urns: string[] = [];
  for (let page = 0, start = 0; page < MAX_ACL_PAGES; page++) {
    const call: ProviderCall = {
      provider: "linkedin",
      operation: "organization_acls",
      url: `${getEnv().LINKEDIN_API_URL}/rest/organizationAcls`,
      query: { q: "roleAssignee", role: "ADMINISTRATOR", state: "APPROVED", start: String(start), count: String(ACL_PAGE_SIZE) },
      bearer: accessToken,
      headers: restHeaders(),
    };
    const answer = readAnswer(call, await providerFetch(call), aclPageSchema);
    for (const element of answer.elements) {
      // The answer is filtered by role and state already; checked again, as it costs nothing.
      if (element.organization?.startsWith(ORGANIZATION_URN_PREFIX) && element.role === "ADMINISTRATOR" && element.state === "APPROVED") {
        if (!urns.includes(element.organization)) urns.push(element.organization);
      }
    }
    start += answer.elements.length;
    const total = answer.paging?.total;
    if (answer.elements.length === 0 || (total !== undefined ? start >= total : answer.elements.length < ACL_PAGE_SIZE)) break;
  }
  return urns;
}

const identifierSchema = z.object({ identifier: z.string().optional() });
const organizationSchema = z.object({
  id: z.union([z.number(), z.string()]).optional(),
  localizedName: z.string().optional(),
  vanityName: z.string().optional(),
  logoV2: z
    .object({ "original~": z.object({ elements: z.array(z.object({ identifiers: z.array(identifierSchema).default([]) })).default([]) }).optional() })
    .optional(),
});

export interface LinkedinOrganization {
  urn: string;
  name: string;
  vanityName: string | null;
  /** The logo's address (the largest rendition), or null. */
  logoUrl: string | null;
}

/**
 * One organization's name, vanity name and logo. The logo is a digital media asset: its address
 * comes from the `original~:playableStreams` projection (the renditions, smallest first).
 */
export async function getOrganization(accessToken: string, urn: string): Promise<LinkedinOrganization> {
  const id = urn.slice(ORGANIZATION_URN_PREFIX.length);
  const call: ProviderCall = {
    provider: "linkedin",
    operation: "organization",
    // The projection as Rest.li writes it (URLSearchParams would encode its parentheses).
    url: `${getEnv().LINKEDIN_API_URL}/rest/organizations/${encodeURIComponent(id)}?projection=(id,localizedName,vanityName,logoV2(original~:playableStreams))`,
    bearer: accessToken,
    headers: restHeaders(),
  };
  const answer = readAnswer(call, await providerFetch(call), organizationSchema);
  const renditions = answer.logoV2?.["original~"]?.elements ?? [];
  const logoUrl =
    renditions
      .flatMap((r) => r.identifiers.map((i) => i.identifier ?? ""))
      .filter((u) => /^https?:\/\//.test(u))
      .at(-1) ?? null;
  return { urn, name: answer.localizedName || answer.vanityName || urn, vanityName: answer.vanityName || null, logoUrl };
}

const postsFinderSchema = z.object({
  elements: z
    .array(
      z.object({
        id: z.string(),
        author: z.string().optional(),
        commentary: z.string().optional(),
        createdAt: z.number().optional(),
        publishedAt: z.number().optional(),
      }),
    )
    .default([]),
});

export interface LinkedinFoundPost {
  urn: string;
  author: string | null;
  /** As LinkedIn stores it (little text, escaped). */
  commentary: string;
  createdAt: Date | null;
}

/** The author's latest posts (an organization's: a member's posts cannot be listed by a member app). */
export async function findLinkedinPostsByAuthor(accessToken: string, authorUrn: string, count = 10): Promise<LinkedinFoundPost[]> {
  const call: ProviderCall = {
    provider: "linkedin",
    operation: "posts_finder",
    url: `${getEnv().LINKEDIN_API_URL}/rest/posts`,
    query: { author: authorUrn, q: "author", count: String(count), sortBy: "LAST_MODIFIED" },
    bearer: accessToken,
    headers: { ...restHeaders(), "X-RestLi-Method": "FINDER" },
  };
  const answer = readAnswer(call, await providerFetch(call), postsFinderSchema);
  return answer.elements.map((post) => ({
    urn: post.id,
    author: post.author ?? null,
    commentary: post.commentary ?? "",
    createdAt: post.createdAt !== undefined ? new Date(post.createdAt) : post.publishedAt !== undefined ? new Date(post.publishedAt) : null,
  }));
}

const commentsSchema = z.object({
  elements: z
    .array(
      z.object({
        id: z.string().optional(),
        commentUrn: z.string().optional(),
        $URN: z.string().optional(),
        actor: z.string().optional(),
        message: z.object({ text: z.string().optional() }).optional(),
      }),
    )
    .default([]),
});

/** A post's comments (needs r_organization_social for a page's post; refused to member apps). */
export async function listLinkedinComments(accessToken: string, postUrn: string): Promise<{ urn: string; actor: string | null; text: string }[]> {
  const call: ProviderCall = {
    provider: "linkedin",
    operation: "comments",
    url: `${getEnv().LINKEDIN_API_URL}/rest/socialActions/${encodeURIComponent(postUrn)}/comments`,
    bearer: accessToken,
    headers: restHeaders(),
  };
  const answer = readAnswer(call, await providerFetch(call), commentsSchema);
  return answer.elements.flatMap((c) => {
    const urn = c.commentUrn ?? c.$URN ?? c.id;
    return urn ? [{ urn, actor: c.actor ?? null, text: c.message?.text ?? "" }] : [];
  });
}

const socialActionsSchema = z.object({
  likesSummary: z.object({ totalLikes: z.number().optional() }).optional(),
  commentsSummary: z.object({ totalFirstLevelComments: z.number().optional(), aggregatedTotalComments: z.number().optional() }).optional(),
});

/** A post's likes and first-level comments (GET /rest/socialActions/{urn}). */
export async function getLinkedinSocialActions(accessToken: string, postUrn: string): Promise<{ likes: number | null; comments: number | null }> {
  const call: ProviderCall = {
    provider: "linkedin",
    operation: "social_actions",
    url: `${getEnv().LINKEDIN_API_URL}/rest/socialActions/${encodeURIComponent(postUrn)}`,
    bearer: accessToken,
    headers: restHeaders(),
  };
  const answer = readAnswer(call, await providerFetch(call), socialActionsSchema);
  return { likes: answer.likesSummary?.totalLikes ?? null, comments: answer.commentsSummary?.totalFirstLevelComments ?? null };
}

const shareStatisticsSchema = z.object({
  elements: z
    .array(
      z.object({
        share: z.string().optional(),
        ugcPost: z.string().optional(),
        totalShareStatistics: z.object({ impressionCount: z.number().optional(), shareCount: z.number().optional() }).optional(),
      }),
    )
    .default([]),
});

/** Rest.li 2.0's list: `List(a,b)`, each item URL-encoded, the parentheses and commas as they are. */
const restliList = (items: readonly string[]) => `List(${items.map(encodeURIComponent).join(",")})`;

/**
 * An organization's posts' lifetime statistics (organic, last 12 months): impressions and reshares
 * by post URN. Shares and ugcPosts are asked under their own parameter.
 */
export async function getOrganizationShareStatistics(
  accessToken: string,
  organization: string,
  postUrns: readonly string[],
): Promise<Map<string, { impressions: number | null; shares: number | null }>> {
  const shares = postUrns.filter((urn) => urn.startsWith("urn:li:share:"));
  const ugcPosts = postUrns.filter((urn) => urn.startsWith("urn:li:ugcPost:"));
  const result = new Map<string, { impressions: number | null; shares: number | null }>();
  if (shares.length === 0 && ugcPosts.length === 0) return result;
  // Built by hand: URLSearchParams would encode List( ) and the commas, which Rest.li reads as part of the values.
  const params = [
    "q=organizationalEntity",
    `organizationalEntity=${encodeURIComponent(organization)}`,
    ...(shares.length ? [`shares=${restliList(shares)}`] : []),
    ...(ugcPosts.length ? [`ugcPosts=${restliList(ugcPosts)}`] : []),
  ];
  const call: ProviderCall = {
    provider: "linkedin",
    operation: "share_statistics",
    url: `${getEnv().LINKEDIN_API_URL}/rest/organizationalEntityShareStatistics?${params.join("&")}`,
    bearer: accessToken,
    headers: restHeaders(),
  };
  const answer = readAnswer(call, await providerFetch(call), shareStatisticsSchema);
  for (const element of answer.elements) {
    const urn = element.share ?? element.ugcPost;
    if (!urn) continue;
    result.set(urn, { impressions: element.totalShareStatistics?.impressionCount ?? null, shares: element.totalShareStatistics?.shareCount ?? null });
  }
  return result;
}
