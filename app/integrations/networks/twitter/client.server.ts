import { z } from "zod";
import { getEnv } from "~/core/env/env.server";
import { providerFetch, readAnswer, type ProviderCall } from "~/integrations/http.server";

// X (API v2) client, exactly as docs/providers.md ("X") describes the API. Base URLs come from the
// environment so tests run this code against server/fakes/x-server.ts.

const SCOPE = "tweet.read tweet.write users.read media.write offline.access";

export interface XTokens {
  accessToken: string;
  /** Single-use: each refresh returns a new one and the old one stops working. */
  refreshToken?: string;
  /** Seconds. */
  expiresIn: number;
  scope: string;
}

export interface XUser {
  id: string;
  name: string;
  username: string;
  profileImageUrl?: string;
}

export interface XTweet {
  id: string;
  /** As X shows it, not as it was sent: compare with isShownAs (x-text.ts). */
  text: string;
  createdAt: Date;
  /** The tweet it replies to (referenced_tweets replied_to), if it is a reply. */
  repliedTo?: string;
}

export interface XPublicMetrics {
  likes: number;
  reposts: number;
  replies: number;
  quotes: number;
  /** Absent when X leaves it out (it is documented as non-public). */
  impressions?: number;
}

export function xConfigured(): boolean {
  const env = getEnv();
  return Boolean(env.X_CLIENT_ID && env.X_CLIENT_SECRET);
}

function credentials(): { clientId: string; clientSecret: string } {
  const { X_CLIENT_ID: clientId, X_CLIENT_SECRET: clientSecret } = getEnv();
  // Callers check xConfigured() first: reaching this is a programming error, not X's.
  if (!clientId || !clientSecret) throw new Error("X is not configured (X_CLIENT_ID, X_CLIENT_SECRET)");
  return { clientId, clientSecret };
}

/** PKCE is shared by every network that needs it (networks/pkce.server.ts). */
export { createPkcePair } from "~/integrations/networks/pkce.server";

export function xAuthorizeUrl({ redirectUri, state, codeChallenge }: { redirectUri: string; state: string; codeChallenge: string }): string {
  const params = {
    response_type: "code",
    client_id: credentials().clientId,
    redirect_uri: redirectUri,
    scope: SCOPE,
    state,
    code_challenge: codeChallenge,
    code_challenge_method: "S256",
  };
  const query = Object.entries(params)
    .map(([key, value]) => `${encodeURIComponent(key)}=${encodeURIComponent(value)}`)
    .join("&");
  return `${getEnv().X_OAUTH_URL}/authorize?${query}`;
}

/** A form call to /2/oauth2/… as a confidential client (Basic auth, client_id in the body too). */
function oauthCall(operation: string, path: string, form: Record<string, string | undefined>): ProviderCall {
  const { clientId, clientSecret } = credentials();
  return {
    provider: "twitter",
    operation,
    url: `${getEnv().X_API_URL}/2/oauth2/${path}`,
    basic: { username: clientId, password: clientSecret },
    form: { ...form, client_id: clientId },
  };
}

const tokenSchema = z.object({
  access_token: z.string().min(1),
  refresh_token: z.string().min(1).optional(),
  expires_in: z.number(),
  scope: z.string().default(""),
});

async function tokenCall(operation: string, form: Record<string, string>): Promise<XTokens> {
  const call = oauthCall(operation, "token", form);
  const answer = readAnswer(call, await providerFetch(call), tokenSchema);
  return { accessToken: answer.access_token, refreshToken: answer.refresh_token, expiresIn: answer.expires_in, scope: answer.scope };
}

export function exchangeXCode({ code, redirectUri, codeVerifier }: { code: string; redirectUri: string; codeVerifier: string }): Promise<XTokens> {
  return tokenCall("token", { code, grant_type: "authorization_code", redirect_uri: redirectUri, code_verifier: codeVerifier });
}

/** Never run two refreshes of one connection at once: the loser's token is already spent. */
export function refreshXToken(refreshToken: string): Promise<XTokens> {
  return tokenCall("refresh", { grant_type: "refresh_token", refresh_token: refreshToken });
}

export async function revokeXToken(token: string, tokenTypeHint?: "access_token" | "refresh_token"): Promise<void> {
  await providerFetch(oauthCall("revoke", "revoke", { token, token_type_hint: tokenTypeHint }));
}

const meSchema = z.object({
  data: z.object({ id: z.string().min(1), name: z.string(), username: z.string().min(1), profile_image_url: z.string().optional() }),
});

export async function getXMe(accessToken: string): Promise<XUser> {
  const call: ProviderCall = {
    provider: "twitter",
    operation: "me",
    url: `${getEnv().X_API_URL}/2/users/me`,
    query: { "user.fields": "profile_image_url" },
    bearer: accessToken,
  };
  const { data } = readAnswer(call, await providerFetch(call), meSchema);
  return { id: data.id, name: data.name, username: data.username, profileImageUrl: data.profile_image_url || undefined };
}

const mediaSchema = z.object({ data: z.object({ id: z.string().min(1) }) });

/** Uploads one image (simple upload: images up to 5 MB) and returns its media id. */
export async function uploadXMedia(accessToken: string, { bytes, mimeType }: { bytes: Uint8Array; mimeType: string }): Promise<string> {
  const form = new FormData();
  form.append("media", new Blob([new Uint8Array(bytes)], { type: mimeType }), "image");
  form.append("media_category", "tweet_image");
  const call: ProviderCall = {
    provider: "twitter",
    operation: "upload",
    url: `${getEnv().X_API_URL}/2/media/upload`,
    bearer: accessToken,
    multipart: form,
  };
  return readAnswer(call, await providerFetch(call), mediaSchema).data.id;
}

const tweetSchema = z.object({ data: z.object({ id: z.string().min(1) }) });

/** Posts a tweet; `replyTo` makes it the next tweet of a thread (a reply to that tweet). */
export async function createTweet(
  accessToken: string,
  { text, mediaIds, replyTo }: { text: string; mediaIds: string[]; replyTo?: string | null },
): Promise<{ id: string }> {
  const call: ProviderCall = {
    provider: "twitter",
    operation: "post",
    url: `${getEnv().X_API_URL}/2/tweets`,
    bearer: accessToken,
    json: {
      text,
      ...(mediaIds.length > 0 ? { media: { media_ids: mediaIds } } : {}),
      ...(replyTo ? { reply: { in_reply_to_tweet_id: replyTo } } : {}),
    },
  };
  // `creates`: an unreadable 201 may still be a published tweet.
  return { id: readAnswer(call, await providerFetch(call), tweetSchema, true).data.id };
}

export function tweetUrl(username: string, id: string): string {
  return `${getEnv().X_WEB_URL}/${encodeURIComponent(username)}/status/${encodeURIComponent(id)}`;
}

const timelineSchema = z.object({
  data: z
    .array(
      z.object({
        id: z.string(),
        text: z.string(),
        created_at: z.string(),
        referenced_tweets: z.array(z.object({ type: z.string(), id: z.string() })).optional(),
      }),
    )
    .default([]),
});

/** The account's latest tweets, newest first: how an uncertain post is found again. */
export async function listRecentTweets(accessToken: string, userId: string, { sinceTime }: { sinceTime?: Date } = {}): Promise<XTweet[]> {
  const call: ProviderCall = {
    provider: "twitter",
    operation: "timeline",
    url: `${getEnv().X_API_URL}/2/users/${encodeURIComponent(userId)}/tweets`,
    query: {
      max_results: "20",
      "tweet.fields": "created_at,referenced_tweets",
      // X wants RFC 3339 without milliseconds.
      start_time: sinceTime ? sinceTime.toISOString().replace(/\.\d{3}Z$/, "Z") : undefined,
    },
    bearer: accessToken,
  };
  const { data } = readAnswer(call, await providerFetch(call), timelineSchema);
  return data.map((tweet) => ({
    id: tweet.id,
    text: tweet.text,
    createdAt: new Date(tweet.created_at),
    repliedTo: tweet.referenced_tweets?.find((ref) => ref.type === "replied_to")?.id,
  }));
}

const metricsSchema = z.object({
  data: z
    .array(
      z.object({
        id: z.string(),
        public_metrics: z
          .object({
            like_count: z.number(),
            retweet_count: z.number(),
            reply_count: z.number(),
            quote_count: z.number(),
            impression_count: z.number().optional(),
          })
          .optional(),
      }),
    )
    .default([]),
});

/** X takes at most 100 ids per lookup. */
export const X_METRICS_BATCH = 100;

/**
 * Public metrics of up to 100 tweets by id. Deleted or unknown ids are left out (X lists them
 * under `errors`, with a 200).
 */
export async function getTweetMetrics(accessToken: string, ids: readonly string[]): Promise<Map<string, XPublicMetrics>> {
  if (ids.length > X_METRICS_BATCH) throw new Error(`At most ${X_METRICS_BATCH} ids per call`);
  const found = new Map<string, XPublicMetrics>();
  if (ids.length === 0) return found;
  const call: ProviderCall = {
    provider: "twitter",
    operation: "metrics",
    url: `${getEnv().X_API_URL}/2/tweets`,
    query: { ids: ids.join(","), "tweet.fields": "public_metrics" },
    bearer: accessToken,
  };
  for (const tweet of readAnswer(call, await providerFetch(call), metricsSchema).data) {
    const m = tweet.public_metrics;
    if (!m) continue;
    found.set(tweet.id, { likes: m.like_count, reposts: m.retweet_count, replies: m.reply_count, quotes: m.quote_count, impressions: m.impression_count });
  }
  return found;
}
