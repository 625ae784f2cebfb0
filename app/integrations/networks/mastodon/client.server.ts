import { z } from "zod";
import { providerFetch, readAnswer, type ProviderCall } from "~/integrations/http.server";
import { isProviderError } from "~/integrations/provider-error";
import { assertCallableInstance } from "./instance.server";
import { MASTODON_DEFAULT_LIMITS, type MastodonInstanceLimits } from "./rules";

// Mastodon's REST API on one instance (`{origin}/api/...`), through http.server.ts like the other
// networks: its timeout, its ProviderErrors (status, message, X-RateLimit-Reset as retry time).
// Every call first checks that the instance may be called (instance.server.ts: no private address).

export const MASTODON_SCOPES = "write:statuses write:media read:accounts read:statuses";

async function call(
  origin: string,
  operation: string,
  path: string,
  rest: Omit<ProviderCall, "provider" | "operation" | "url"> = {},
): Promise<{ call: ProviderCall; answer: Awaited<ReturnType<typeof providerFetch>> }> {
  await assertCallableInstance(origin);
  const c: ProviderCall = { provider: "mastodon", operation, url: `${origin}${path}`, ...rest };
  return { call: c, answer: await providerFetch(c) };
}

// ---- Apps and OAuth ------------------------------------------------------------------------

export interface MastodonApp {
  clientId: string;
  clientSecret: string;
  redirectUri: string;
  scopes: string;
}

/** Registers Plume on the instance (once per instance: the caller keeps the answer). */
export async function registerApp(
  origin: string,
  { clientName, redirectUri, website }: { clientName: string; redirectUri: string; website?: string },
): Promise<MastodonApp> {
  const { call: c, answer } = await call(origin, "register_app", "/api/v1/apps", {
    json: { client_name: clientName, redirect_uris: redirectUri, scopes: MASTODON_SCOPES, ...(website ? { website } : {}) },
  });
  const app = readAnswer(c, answer, z.object({ client_id: z.string().min(1), client_secret: z.string().min(1) }));
  return { clientId: app.client_id, clientSecret: app.client_secret, redirectUri, scopes: MASTODON_SCOPES };
}

export function authorizeUrl(
  origin: string,
  app: MastodonApp,
  { redirectUri, state, codeChallenge, forceLogin }: { redirectUri: string; state: string; codeChallenge?: string; forceLogin?: boolean },
): string {
  const url = new URL(`${origin}/oauth/authorize`);
  url.searchParams.set("response_type", "code");
  url.searchParams.set("client_id", app.clientId);
  url.searchParams.set("redirect_uri", redirectUri);
  url.searchParams.set("scope", app.scopes);
  url.searchParams.set("state", state);
  if (codeChallenge) {
    url.searchParams.set("code_challenge", codeChallenge);
    url.searchParams.set("code_challenge_method", "S256");
  }
  if (forceLogin) url.searchParams.set("force_login", "true");
  return url.toString();
}

export async function exchangeCode(
  origin: string,
  app: MastodonApp,
  { code, redirectUri, codeVerifier }: { code: string; redirectUri: string; codeVerifier?: string },
) {
  const { call: c, answer } = await call(origin, "token", "/oauth/token", {
    form: {
      grant_type: "authorization_code",
      code,
      client_id: app.clientId,
      client_secret: app.clientSecret,
      redirect_uri: redirectUri,
      code_verifier: codeVerifier,
    },
  });
  return readAnswer(c, answer, z.object({ access_token: z.string().min(1), scope: z.string().default(app.scopes) }));
}

/**
 * Whether the instance still knows the app: a client_credentials token asked for with its id and
 * secret. invalid_client means it forgot the app (before Mastodon 4.3, unused apps are removed):
 * register again. Any other refusal (a scope, a grant type) still proves the client exists.
 */
export async function appIsKnown(origin: string, app: MastodonApp): Promise<boolean> {
  try {
    await call(origin, "verify_app", "/oauth/token", {
      form: { grant_type: "client_credentials", client_id: app.clientId, client_secret: app.clientSecret, scope: "read:accounts" },
    });
    return true;
  } catch (error) {
    if (isProviderError(error) && error.kind === "http" && (error.details.code === "invalid_client" || error.details.status === 401)) return false;
    if (isProviderError(error) && error.kind === "http" && error.details.status === 400) return true;
    throw error;
  }
}

export async function revokeToken(origin: string, app: MastodonApp, token: string): Promise<void> {
  await call(origin, "revoke", "/oauth/revoke", { form: { client_id: app.clientId, client_secret: app.clientSecret, token } });
}

export interface MastodonAccount {
  id: string;
  username: string;
  acct: string;
  display_name: string;
  avatar: string | null;
}

export async function verifyCredentials(origin: string, accessToken: string): Promise<MastodonAccount> {
  const { call: c, answer } = await call(origin, "userinfo", "/api/v1/accounts/verify_credentials", { bearer: accessToken });
  const schema = z.object({
    id: z.string(),
    username: z.string(),
    acct: z.string(),
    display_name: z.string().default(""),
    avatar: z.string().nullable().default(null),
  });
  return readAnswer(c, answer, schema);
}

// ---- Instance limits -----------------------------------------------------------------------

const positive = z.number().int().positive();

/**
 * An instance's limits from its /api/v2/instance (or v1's) answer: each value read where it is
 * valid, Mastodon's default where it is absent or nonsensical (forks leave fields out).
 */
export function parseInstanceLimits(body: unknown): MastodonInstanceLimits {
  type Fields = Record<string, unknown>;
  const fields = (value: unknown): Fields => (value && typeof value === "object" ? (value as Fields) : {});
  const root = fields(body);
  const configuration = fields(root.configuration);
  const statuses = fields(configuration.statuses);
  const media = fields(configuration.media_attachments);
  const read = (value: unknown, fallback: number) => {
    const parsed = positive.safeParse(value);
    return parsed.success ? parsed.data : fallback;
  };
  const d = MASTODON_DEFAULT_LIMITS;
  const types = z.array(z.string()).safeParse(media.supported_mime_types);
  return {
    // Some forks (Pleroma, Glitch) say max_toot_chars at the top of v1.
    maxCharacters: read(statuses.max_characters ?? root.max_toot_chars, d.maxCharacters),
    charactersReservedPerUrl: read(statuses.characters_reserved_per_url, d.charactersReservedPerUrl),
    maxMediaAttachments: read(statuses.max_media_attachments, d.maxMediaAttachments),
    imageSizeLimit: read(media.image_size_limit, d.imageSizeLimit),
    imageMatrixLimit: read(media.image_matrix_limit, d.imageMatrixLimit ?? 0) || undefined,
    supportedMimeTypes: types.success && types.data.length > 0 ? types.data : d.supportedMimeTypes,
  };
}

/** GET /api/v2/instance (Mastodon 4.0+), else /api/v1/instance. Public: no token. */
export async function fetchInstanceLimits(origin: string): Promise<MastodonInstanceLimits> {
  try {
    const { answer } = await call(origin, "instance", "/api/v2/instance");
    return parseInstanceLimits(answer.body);
  } catch (error) {
    if (!isProviderError(error) || error.kind !== "http" || error.details.status !== 404) throw error;
  }
  const { answer } = await call(origin, "instance", "/api/v1/instance");
  return parseInstanceLimits(answer.body);
}

// ---- Media ---------------------------------------------------------------------------------

const mediaSchema = z.object({ id: z.string(), url: z.string().nullable().default(null), description: z.string().nullable().optional() });
export type MastodonMedia = z.infer<typeof mediaSchema>;

/** POST /api/v2/media: 200 with its url, or 202 with url null (still processing). */
export async function uploadMedia(
  origin: string,
  accessToken: string,
  image: { bytes: Uint8Array; mimeType: string; altText: string },
): Promise<MastodonMedia> {
  const form = new FormData();
  const extension = image.mimeType.split("/")[1]?.replace("jpeg", "jpg") ?? "bin";
  form.append("file", new Blob([new Uint8Array(image.bytes)], { type: image.mimeType }), `image.${extension}`);
  if (image.altText) form.append("description", image.altText);
  const { call: c, answer } = await call(origin, "upload", "/api/v2/media", { bearer: accessToken, multipart: form });
  return readAnswer(c, answer, mediaSchema);
}

/** GET /api/v1/media/:id: 206 while processing (url null), then 200 with the url. */
export async function getMedia(origin: string, accessToken: string, id: string): Promise<MastodonMedia> {
  const { call: c, answer } = await call(origin, "upload", `/api/v1/media/${encodeURIComponent(id)}`, { bearer: accessToken });
  return readAnswer(c, answer, mediaSchema);
}

// ---- Statuses ------------------------------------------------------------------------------

const statusSchema = z.object({
  id: z.string(),
  created_at: z.string(),
  url: z.string().nullable().default(null),
  uri: z.string().optional(),
  in_reply_to_id: z.string().nullable().default(null),
  media_attachments: z.array(z.object({ id: z.string() })).default([]),
  favourites_count: z.number().default(0),
  reblogs_count: z.number().default(0),
  replies_count: z.number().default(0),
  quotes_count: z.number().optional(),
});
export type MastodonStatus = z.infer<typeof statusSchema>;

/**
 * POST /api/v1/statuses with the part's Idempotency-Key: within an hour of a success the same key
 * answers the status it created (even for a different body), so a resend after a lost answer
 * publishes nothing twice.
 */
export async function createStatus(
  origin: string,
  accessToken: string,
  { status, mediaIds, inReplyToId, idempotencyKey }: { status: string; mediaIds: string[]; inReplyToId: string | null; idempotencyKey: string },
): Promise<MastodonStatus> {
  const { call: c, answer } = await call(origin, "post", "/api/v1/statuses", {
    bearer: accessToken,
    headers: { "Idempotency-Key": idempotencyKey },
    json: { status, media_ids: mediaIds, visibility: "public", ...(inReplyToId ? { in_reply_to_id: inReplyToId } : {}) },
  });
  // `creates`: an unreadable 200 may still be a published status.
  return readAnswer(c, answer, statusSchema, true);
}

/** A status by id; null once deleted (404). */
export async function getStatus(origin: string, accessToken: string, id: string): Promise<MastodonStatus | null> {
  try {
    const { call: c, answer } = await call(origin, "metrics", `/api/v1/statuses/${encodeURIComponent(id)}`, { bearer: accessToken });
    return readAnswer(c, answer, statusSchema);
  } catch (error) {
    if (isProviderError(error) && error.kind === "http" && error.details.status === 404) return null;
    throw error;
  }
}

/** The account's own statuses, newest first (40 a page; `maxId` for the page after). */
export async function accountStatuses(origin: string, accessToken: string, accountId: string, { maxId }: { maxId?: string } = {}): Promise<MastodonStatus[]> {
  const { call: c, answer } = await call(origin, "lookup", `/api/v1/accounts/${encodeURIComponent(accountId)}/statuses`, {
    bearer: accessToken,
    query: { limit: "40", exclude_reblogs: "true", max_id: maxId },
  });
  return readAnswer(c, answer, z.array(statusSchema));
}

/** The status's text as it was written (the API shows it as HTML). */
export async function statusSource(origin: string, accessToken: string, id: string): Promise<string> {
  const { call: c, answer } = await call(origin, "lookup", `/api/v1/statuses/${encodeURIComponent(id)}/source`, { bearer: accessToken });
  return readAnswer(c, answer, z.object({ text: z.string() })).text;
}
