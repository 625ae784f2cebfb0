import { z } from "zod";
import { getEnv } from "~/core/env/env.server";
import { providerFetch, readAnswer, type ProviderCall } from "~/integrations/http.server";
import { ProviderError } from "~/integrations/provider-error";

// LinkedIn client, exactly as docs/providers.md ("LinkedIn") describes the API. Base URLs come from the
// environment so tests run this code against tests/fakes/linkedin-server.ts.

const SCOPE = "openid profile email w_member_social";

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
    scope: SCOPE,
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
  return `https://www.linkedin.com/feed/update/${urn}/`;
}

/** The earlier post a 422 DUPLICATE_POST names ("Content is a duplicate of urn:li:share:…"). */
export function duplicateUrnOf(error: ProviderError): string | null {
  if (error.provider !== "linkedin" || error.details.code !== "DUPLICATE_POST") return null;
  return /urn:li:(?:share|ugcPost):[A-Za-z0-9_-]+/.exec(error.message)?.[0] ?? null;
}
