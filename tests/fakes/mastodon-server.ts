// A stand-in for one Mastodon instance (docs/decisions/0055-mastodon.md; Mastodon's API documentation): app
// registration, OAuth (consent page, token with optional PKCE, revoke), verify_credentials, the v2
// instance with its limits, media uploads processed in the background (202, then 206 while
// processing, then 200), statuses with Idempotency-Key (the same key within an hour answers the
// status it made, whatever the body), in_reply_to_id checks, Mastodon's own counting (URLs 23,
// @user@domain as @user, graphemes), rate limits with X-RateLimit-Reset, an account's statuses,
// each status's source and counts. Start one per instance: each has its own limits and state.
import { createHash } from "node:crypto";
import twitterText from "twitter-text";
import {
  consentPages,
  followConsent,
  json,
  oauthError,
  randomId,
  startFakeServer,
  type FakeControls,
  type FaultOptions,
  type PendingConsent,
  type RecordedRequest,
  type Reply,
  type RequestMatcher,
  type RequestPayload,
} from "./fake-kit";

export { followConsent };
export type { FaultOptions, RecordedRequest, RequestMatcher };

export interface MastodonFakeLimits {
  maxCharacters: number;
  charactersReservedPerUrl: number;
  maxMediaAttachments: number;
  imageSizeLimit: number;
  /** POST /api/v1/statuses per account per window (Mastodon: 300 per 3 hours). */
  statusesPerWindow: number;
  windowMs: number;
}

export interface MastodonFakeAccount {
  id: string;
  username: string;
  displayName: string;
}

export interface MastodonFakeApp {
  clientId: string;
  clientSecret: string;
  name: string;
  redirectUris: string[];
  scopes: string[];
}

export interface MastodonFakeMedia {
  id: string;
  accountId: string;
  bytes: number;
  mimeType: string;
  description: string | null;
  /** Looks left before it is processed (0: ready). */
  pendingPolls: number;
  statusId: string | null;
}

export interface MastodonFakeStatus {
  id: string;
  accountId: string;
  /** The source text, as written. */
  text: string;
  createdAt: Date;
  inReplyToId: string | null;
  mediaIds: string[];
  visibility: string;
  idempotencyKey: string | null;
  applicationName: string | null;
  favourites: number;
  reblogs: number;
  replies: number;
}

export interface MastodonFakeState {
  domain: string;
  limits: MastodonFakeLimits;
  apps: Map<string, MastodonFakeApp>;
  accounts: Map<string, MastodonFakeAccount>;
  tokens: Map<string, { accountId: string; scopes: string[]; clientId: string; revoked: boolean }>;
  codes: Map<string, { clientId: string; redirectUri: string; accountId: string; scope: string; challenge: string | null }>;
  media: Map<string, MastodonFakeMedia>;
  statuses: MastodonFakeStatus[];
  requests: RecordedRequest[];
  signedInAccountId: string | null;
  /** How many looks an upload stays processing (0: answered 200 with its url at once). */
  processingPolls: number;
  /** Whether /api/v2/instance exists (before Mastodon 4.0 only v1 does). */
  hasV2Instance: boolean;
  /** Added to the clock: the hour an Idempotency-Key lasts can pass in a test. */
  clockOffsetMs: number;
}

export interface MastodonFake extends FakeControls {
  url: string;
  state: MastodonFakeState;
  createAccount(profile?: Partial<MastodonFakeAccount>): MastodonFakeAccount;
  signIn(accountId: string): void;
  /** A token as the instance would give this account (all scopes of a registered app). */
  issueToken(accountId: string): string;
  revokeToken(token: string): void;
  /** The instance forgets an app (before Mastodon 4.3, unused apps are removed): invalid_client from now on. */
  forgetApp(clientId: string): void;
  /** Statuses of the account (all when omitted), oldest first. */
  statusesOf(accountId?: string): MastodonFakeStatus[];
  /** What GET /api/v1/statuses/:id counts from now on. */
  setCounts(statusId: string, counts: Partial<Pick<MastodonFakeStatus, "favourites" | "reblogs" | "replies">>): void;
  advanceClock(ms: number): void;
}

const IDEMPOTENCY_MS = 3_600_000;
const SCOPES = new Set(["read", "write", "follow", "push", "profile", "read:accounts", "read:statuses", "write:statuses", "write:media"]);

const mastodonError = (status: number, error: string) => json(status, { error });
const unauthorized = () => mastodonError(401, "The access token is invalid");

function defaultFaultBody(status: number): unknown {
  if (status === 401) return { error: "The access token is invalid" };
  if (status === 429) return { error: "Too many requests" };
  if (status === 404) return { error: "Record not found" };
  if (status >= 500) return { error: "We're sorry, but something went wrong on our end." };
  return { error: `Injected error ${status}` };
}

/** Whether a scope granted covers the one needed ("write" covers "write:statuses"). */
const covers = (granted: string[], needed: string) => granted.includes(needed) || granted.includes(needed.split(":")[0]!);

// Mastodon's own mention pattern (Account::MENTION_RE): "@user" or "@user@domain".
const MENTION = /(?<![=/\p{L}\p{N}_])@(([a-z0-9_]+(?:[a-z0-9_.-]+[a-z0-9_]+)?)(?:@[\p{L}\p{N}_.-]+[\p{L}\p{N}_])?)/giu;
const graphemes = new Intl.Segmenter(undefined, { granularity: "grapheme" });

/**
 * StatusLengthValidator: URLs with a scheme (twitter-text's extractor, as Mastodon uses) count as
 * the reserved characters, mentions as their local part; then grapheme clusters.
 */
export function mastodonCount(text: string, reserved: number): number {
  const urls = twitterText.extractUrlsWithIndices(text, { extractUrlsWithoutProtocol: false }).filter(({ url }) => /^https?:\/\//i.test(url));
  let countable = "";
  let at = 0;
  for (const { indices } of urls) {
    countable += text.slice(at, indices[0]) + "x".repeat(reserved);
    at = indices[1];
  }
  countable += text.slice(at);
  countable = countable.replace(MENTION, (_m, _full: string, user: string) => `@${user}`);
  let count = 0;
  for (const _ of graphemes.segment(countable)) count++;
  return count;
}

const escapeHtml = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

function isImage(bytes: Buffer): boolean {
  const hex = bytes.subarray(0, 4).toString("hex");
  const ascii = bytes.subarray(0, 12).toString("latin1");
  return hex.startsWith("ffd8ff") || hex === "89504e47" || ascii.startsWith("GIF8") || (ascii.startsWith("RIFF") && ascii.endsWith("WEBP"));
}

export interface MastodonFakeStartOptions {
  port?: number;
  latencyMs?: number;
  limits?: Partial<MastodonFakeLimits>;
  processingPolls?: number;
  hasV2Instance?: boolean;
}

export async function startMastodonFake({
  port = 0,
  latencyMs = 0,
  limits = {},
  processingPolls = 0,
  hasV2Instance = true,
}: MastodonFakeStartOptions = {}): Promise<MastodonFake> {
  const state: MastodonFakeState = {
    domain: "",
    limits: {
      maxCharacters: 500,
      charactersReservedPerUrl: 23,
      maxMediaAttachments: 4,
      imageSizeLimit: 16 * 1024 * 1024,
      statusesPerWindow: 300,
      windowMs: 3 * 3_600_000,
      ...limits,
    },
    apps: new Map(),
    accounts: new Map(),
    tokens: new Map(),
    codes: new Map(),
    media: new Map(),
    statuses: [],
    requests: [],
    signedInAccountId: null,
    processingPolls,
    hasV2Instance,
    clockOffsetMs: 0,
  };
  const consent = consentPages<PendingConsent & { challenge: string | null }>({ title: "Mastodon (fake)", decidePath: "/oauth/authorize/decide" });
  const idempotency = new Map<string, { statusId: string; at: number }>();
  const windows = new Map<string, { count: number; resetAt: number }>();
  let counter = 0;
  let baseUrl = "";
  const now = () => Date.now() + state.clockOffsetMs;
  // Mastodon's ids are snowflakes: they grow with time, as strings.
  const nextId = () => String(110_000_000_000_000_000n + BigInt(++counter));

  function createAccount(profile: Partial<MastodonFakeAccount> = {}): MastodonFakeAccount {
    const account: MastodonFakeAccount = { id: nextId(), username: `user${counter}`, displayName: `User ${counter}`, ...profile };
    state.accounts.set(account.id, account);
    state.signedInAccountId ??= account.id;
    return account;
  }

  function issueToken(accountId: string, scopes = ["read", "write"], clientId = "seeded"): string {
    const token = `mat-${randomId(30)}`;
    state.tokens.set(token, { accountId, scopes, clientId, revoked: false });
    return token;
  }

  function bearer(request: RecordedRequest, scope: string): { account: MastodonFakeAccount } | Reply {
    const header = request.headers.authorization ?? "";
    const token = header.startsWith("Bearer ") ? state.tokens.get(header.slice(7)) : undefined;
    const account = token && !token.revoked ? state.accounts.get(token.accountId) : undefined;
    if (!token || !account) return unauthorized();
    if (!covers(token.scopes, scope)) return mastodonError(403, "This action is outside the authorized scopes");
    return { account };
  }

  const accountJson = (account: MastodonFakeAccount) => ({
    id: account.id,
    username: account.username,
    acct: account.username,
    display_name: account.displayName,
    url: `${baseUrl}/@${account.username}`,
    avatar: `${baseUrl}/avatars/original/missing.png`,
  });

  const mediaJson = (media: MastodonFakeMedia) => ({
    id: media.id,
    type: "image",
    url: media.pendingPolls > 0 ? null : `${baseUrl}/system/media_attachments/${media.id}.png`,
    preview_url: `${baseUrl}/system/media_attachments/small/${media.id}.png`,
    description: media.description,
  });

  function statusJson(status: MastodonFakeStatus) {
    const account = state.accounts.get(status.accountId)!;
    const paragraphs = status.text.split(/\n{2,}/).map((p) => `<p>${escapeHtml(p).replace(/\n/g, "<br />")}</p>`);
    return {
      id: status.id,
      created_at: status.createdAt.toISOString(),
      in_reply_to_id: status.inReplyToId,
      in_reply_to_account_id: status.inReplyToId ? (state.statuses.find((s) => s.id === status.inReplyToId)?.accountId ?? null) : null,
      visibility: status.visibility,
      uri: `${baseUrl}/users/${account.username}/statuses/${status.id}`,
      url: `${baseUrl}/@${account.username}/${status.id}`,
      content: paragraphs.join(""),
      media_attachments: status.mediaIds.map((id) => mediaJson(state.media.get(id)!)),
      application: status.applicationName ? { name: status.applicationName } : null,
      account: accountJson(account),
      favourites_count: status.favourites,
      reblogs_count: status.reblogs,
      replies_count: status.replies,
    };
  }

  /** Counts the request in its window; the X-RateLimit-* headers (Reset in ISO 8601). */
  function rateLimit(accountId: string): { headers: Record<string, string>; exceeded: boolean } {
    const at = now();
    let window = windows.get(accountId);
    if (!window || window.resetAt <= at) windows.set(accountId, (window = { count: 0, resetAt: at + state.limits.windowMs }));
    window.count++;
    const limit = state.limits.statusesPerWindow;
    const headers = {
      "X-RateLimit-Limit": String(limit),
      "X-RateLimit-Remaining": String(Math.max(0, limit - window.count)),
      "X-RateLimit-Reset": new Date(window.resetAt).toISOString(),
    };
    return { headers, exceeded: window.count > limit };
  }

  // ---- Apps and OAuth ----

  function registerApp(body: Record<string, unknown> | null): Reply {
    const name = typeof body?.client_name === "string" ? body.client_name : "";
    if (!name) return mastodonError(422, "Validation failed: Application name can't be blank");
    const redirects = (Array.isArray(body?.redirect_uris) ? body.redirect_uris : String(body?.redirect_uris ?? "").split(/\s+/)).filter(Boolean).map(String);
    if (redirects.length === 0 || redirects.some((uri) => !/^[a-z][a-z0-9+.-]*:\/\/\S+$/i.test(uri) && uri !== "urn:ietf:wg:oauth:2.0:oob"))
      return mastodonError(422, "Validation failed: Redirect URI must be an absolute URI.");
    const scopes = String(body?.scopes ?? "read")
      .split(/\s+/)
      .filter(Boolean);
    if (scopes.some((scope) => !SCOPES.has(scope))) return mastodonError(422, "Validation failed: Scopes are invalid");
    const app: MastodonFakeApp = { clientId: randomId(30), clientSecret: randomId(30), name, redirectUris: redirects, scopes };
    state.apps.set(app.clientId, app);
    return json(200, {
      id: String(state.apps.size),
      name,
      website: body?.website ?? null,
      scopes,
      redirect_uri: redirects.join("\n"),
      redirect_uris: redirects,
      client_id: app.clientId,
      client_secret: app.clientSecret,
    });
  }

  function authorizePage(request: RecordedRequest): Reply {
    const q = request.query;
    const app = state.apps.get(q.client_id ?? "");
    if (!app) return consent.page(401, "<h1>Client authentication failed due to unknown client</h1>");
    if (!q.redirect_uri || !app.redirectUris.includes(q.redirect_uri)) return consent.page(400, "<h1>The redirect uri included is not valid.</h1>");
    if (q.response_type !== "code") return consent.page(400, "<h1>unsupported_response_type</h1>");
    const scope = q.scope ?? "read";
    if (scope.split(/\s+/).some((s) => !app.scopes.includes(s) && !app.scopes.includes(s.split(":")[0]!)))
      return consent.page(400, "<h1>invalid_scope: The requested scope is invalid, unknown, or malformed.</h1>");
    if (q.code_challenge && q.code_challenge_method !== "S256") return consent.page(400, "<h1>Only S256 is supported</h1>");
    const txn = consent.open({ clientId: app.clientId, redirectUri: q.redirect_uri, state: q.state ?? "", scope, challenge: q.code_challenge ?? null });
    const accountId = state.signedInAccountId ?? createAccount().id;
    return consent.ask(
      txn,
      `<h1>${escapeHtml(app.name)} would like to access your account</h1><p>Signed in as @${state.accounts.get(accountId)!.username}</p>`,
    );
  }

  function decide(request: RecordedRequest): Reply {
    return consent.decide(request, (pending, allowed): Record<string, string> => {
      if (!allowed) return { error: "access_denied", error_description: "The resource owner or authorization server denied the request." };
      const accountId = state.signedInAccountId ?? createAccount().id;
      const code = randomId(30);
      state.codes.set(code, { clientId: pending.clientId, redirectUri: pending.redirectUri, accountId, scope: pending.scope, challenge: pending.challenge });
      return { code };
    });
  }

  function token(body: Record<string, string> | null): Reply {
    const form = body ?? {};
    const app = state.apps.get(form.client_id ?? "");
    if (!app || app.clientSecret !== form.client_secret)
      return oauthError(
        401,
        "invalid_client",
        "Client authentication failed due to unknown client, no client authentication included, or unsupported authentication method.",
      );
    // An app token (Mastodon: client_credentials, scopes within the app's).
    if (form.grant_type === "client_credentials") {
      const scopes = String(form.scope ?? "read")
        .split(/\s+/)
        .filter(Boolean);
      if (scopes.some((s) => !app.scopes.includes(s) && !app.scopes.includes(s.split(":")[0]!)))
        return oauthError(400, "invalid_scope", "The requested scope is invalid, unknown, or malformed.");
      return json(200, { access_token: `app-${randomId(30)}`, token_type: "Bearer", scope: scopes.join(" "), created_at: Math.floor(now() / 1000) });
    }
    if (form.grant_type !== "authorization_code")
      return oauthError(400, "unsupported_grant_type", "The authorization grant type is not supported by the authorization server.");
    const code = state.codes.get(form.code ?? "");
    const verifierOk =
      !code?.challenge ||
      createHash("sha256")
        .update(form.code_verifier ?? "")
        .digest("base64url") === code.challenge;
    if (!code || code.clientId !== app.clientId || code.redirectUri !== form.redirect_uri || !verifierOk)
      return oauthError(
        400,
        "invalid_grant",
        "The provided authorization grant is invalid, expired, revoked, does not match the redirection URI used in the authorization request, or was issued to another client.",
      );
    state.codes.delete(form.code ?? "");
    const scopes = code.scope.split(/\s+/);
    const accessToken = issueToken(code.accountId, scopes, app.clientId);
    return json(200, { access_token: accessToken, token_type: "Bearer", scope: code.scope, created_at: Math.floor(now() / 1000) });
  }

  function revokeRoute(body: Record<string, string> | null): Reply {
    const app = state.apps.get(body?.client_id ?? "");
    if (!app || app.clientSecret !== body?.client_secret) return oauthError(403, "unauthorized_client", "You are not authorized to revoke this token");
    const entry = state.tokens.get(body.token ?? "");
    if (entry && entry.clientId === app.clientId) entry.revoked = true;
    return json(200, {});
  }

  // ---- Instance, media, statuses ----

  function instance(version: 1 | 2): Reply {
    const { limits } = state;
    const configuration = {
      statuses: {
        max_characters: limits.maxCharacters,
        max_media_attachments: limits.maxMediaAttachments,
        characters_reserved_per_url: limits.charactersReservedPerUrl,
      },
      media_attachments: {
        supported_mime_types: ["image/jpeg", "image/png", "image/gif", "image/webp", "video/mp4"],
        image_size_limit: limits.imageSizeLimit,
        image_matrix_limit: 33_177_600,
      },
    };
    return version === 2
      ? json(200, { domain: state.domain, title: "Fake Mastodon", version: "4.3.0", configuration })
      : json(200, { uri: state.domain, title: "Fake Mastodon", version: "3.5.0", configuration });
  }

  function upload(account: MastodonFakeAccount, payload: RequestPayload): Reply {
    const file = payload.upload?.files.file;
    if (!file) return mastodonError(422, "Validation failed: File can't be blank");
    if (!isImage(file.bytes)) return mastodonError(422, "Validation failed: File content type is invalid, File is invalid");
    if (file.bytes.length > state.limits.imageSizeLimit)
      return mastodonError(422, `Validation failed: File file size must be less than ${Math.floor(state.limits.imageSizeLimit / 1024 / 1024)} MB`);
    const media: MastodonFakeMedia = {
      id: nextId(),
      accountId: account.id,
      bytes: file.bytes.length,
      mimeType: file.type,
      description: payload.upload?.fields.description ?? null,
      pendingPolls: state.processingPolls,
      statusId: null,
    };
    state.media.set(media.id, media);
    return json(media.pendingPolls > 0 ? 202 : 200, mediaJson(media));
  }

  function mediaStatus(account: MastodonFakeAccount, id: string): Reply {
    const media = state.media.get(id);
    if (!media || media.accountId !== account.id || media.statusId) return mastodonError(404, "Record not found");
    if (media.pendingPolls > 0) {
      media.pendingPolls--;
      return json(206, { ...mediaJson({ ...media, pendingPolls: 1 }) });
    }
    return json(200, mediaJson(media));
  }

  function createStatus(account: MastodonFakeAccount, request: RecordedRequest): Reply {
    const limit = rateLimit(account.id);
    if (limit.exceeded) return json(429, { error: "Too many requests" }, limit.headers);
    const key = typeof request.headers["idempotency-key"] === "string" ? request.headers["idempotency-key"] : null;
    const slot = key ? `${account.id}:${key}` : null;
    const earlier = slot ? idempotency.get(slot) : undefined;
    // The same key within the hour: the status it made, whatever this body says.
    if (earlier && earlier.at + IDEMPOTENCY_MS > now()) return json(200, statusJson(state.statuses.find((s) => s.id === earlier.statusId)!), limit.headers);
    const body = (request.body ?? {}) as Record<string, unknown>;
    const text = typeof body.status === "string" ? body.status : "";
    const mediaIds = (Array.isArray(body.media_ids) ? body.media_ids : body["media_ids[]"] ? [body["media_ids[]"]] : []).map(String);
    if (!text.trim() && mediaIds.length === 0) return mastodonError(422, "Validation failed: Text can't be blank");
    if (mastodonCount(text, state.limits.charactersReservedPerUrl) > state.limits.maxCharacters)
      return mastodonError(422, `Validation failed: Text character limit of ${state.limits.maxCharacters} exceeded`);
    if (mediaIds.length > state.limits.maxMediaAttachments) return mastodonError(422, `Cannot attach more than ${state.limits.maxMediaAttachments} files`);
    const media = mediaIds.map((id) => state.media.get(id));
    if (media.some((m) => !m || m.accountId !== account.id || m.statusId)) return mastodonError(422, "Validation failed: Media attachments are invalid");
    if (media.some((m) => m!.pendingPolls > 0)) return mastodonError(422, "Cannot attach files that have not finished processing. Try again in a moment!");
    const inReplyToId = typeof body.in_reply_to_id === "string" && body.in_reply_to_id ? body.in_reply_to_id : null;
    const parent = inReplyToId ? state.statuses.find((s) => s.id === inReplyToId) : null;
    if (inReplyToId && !parent) return mastodonError(404, "Record not found");
    const token = state.tokens.get(String(request.headers.authorization).slice(7));
    const status: MastodonFakeStatus = {
      id: nextId(),
      accountId: account.id,
      text,
      createdAt: new Date(now()),
      inReplyToId,
      mediaIds,
      visibility: typeof body.visibility === "string" ? body.visibility : "public",
      idempotencyKey: key,
      applicationName: state.apps.get(token?.clientId ?? "")?.name ?? null,
      favourites: 0,
      reblogs: 0,
      replies: 0,
    };
    for (const m of media) m!.statusId = status.id;
    if (parent) parent.replies++;
    state.statuses.push(status);
    if (slot) idempotency.set(slot, { statusId: status.id, at: now() });
    return json(200, statusJson(status), limit.headers);
  }

  function accountStatuses(accountId: string, query: Record<string, string>): Reply {
    if (!state.accounts.has(accountId)) return mastodonError(404, "Record not found");
    const limit = Math.min(Number(query.limit ?? 20) || 20, 40);
    const newestFirst = state.statuses.filter((s) => s.accountId === accountId && (!query.max_id || BigInt(s.id) < BigInt(query.max_id))).reverse();
    return json(200, newestFirst.slice(0, limit).map(statusJson));
  }

  async function route(request: RecordedRequest, payload: RequestPayload): Promise<Reply> {
    const { method, path } = request;
    if (method === "POST" && path === "/api/v1/apps") return registerApp(request.body);
    if (method === "GET" && path === "/oauth/authorize") return authorizePage(request);
    if (method === "GET" && path === "/oauth/authorize/decide") return decide(request);
    if (method === "POST" && path === "/oauth/token") return token(request.body);
    if (method === "POST" && path === "/oauth/revoke") return revokeRoute(request.body);
    if (method === "GET" && path === "/api/v2/instance") return state.hasV2Instance ? instance(2) : mastodonError(404, "Record not found");
    if (method === "GET" && path === "/api/v1/instance") return instance(1);
    const scopeOf = (): string | null => {
      if (path === "/api/v1/accounts/verify_credentials") return "read:accounts";
      if (method === "POST" && path === "/api/v2/media") return "write:media";
      if (path.startsWith("/api/v1/media/")) return "write:media";
      if (method === "POST" && path === "/api/v1/statuses") return "write:statuses";
      if (method === "GET" && (path.startsWith("/api/v1/statuses/") || /^\/api\/v1\/accounts\/[^/]+\/statuses$/.test(path))) return "read:statuses";
      return null;
    };
    const scope = scopeOf();
    if (!scope) return mastodonError(404, "Record not found");
    const auth = bearer(request, scope);
    if (!("account" in auth)) return auth;
    const { account } = auth;
    if (path === "/api/v1/accounts/verify_credentials") return json(200, accountJson(account));
    if (path === "/api/v2/media") return upload(account, payload);
    if (path.startsWith("/api/v1/media/")) return mediaStatus(account, decodeURIComponent(path.slice("/api/v1/media/".length)));
    if (path === "/api/v1/statuses") return createStatus(account, request);
    const accountMatch = /^\/api\/v1\/accounts\/([^/]+)\/statuses$/.exec(path);
    if (accountMatch) return accountStatuses(decodeURIComponent(accountMatch[1]!), request.query);
    const statusMatch = /^\/api\/v1\/statuses\/([^/]+)(\/source)?$/.exec(path);
    const status = statusMatch ? state.statuses.find((s) => s.id === decodeURIComponent(statusMatch[1]!)) : undefined;
    if (!status) return mastodonError(404, "Record not found");
    if (statusMatch?.[2]) return json(200, { id: status.id, text: status.text, spoiler_text: "" });
    return json(200, statusJson(status));
  }

  const server = await startFakeServer({
    port,
    latencyMs,
    jsonType: "application/json; charset=utf-8",
    multipart: true,
    record: (request) => state.requests.push(request),
    route,
    faultBody: defaultFaultBody,
    faultHeaders: (_request, status): Record<string, string> =>
      status === 429 ? { "X-RateLimit-Limit": "300", "X-RateLimit-Remaining": "0", "X-RateLimit-Reset": new Date(now() + 300_000).toISOString() } : {},
    errorReply: (message) => json(500, { error: message }),
  });
  baseUrl = server.url;
  state.domain = new URL(baseUrl).host;

  return {
    ...server,
    state,
    createAccount,
    signIn(accountId) {
      state.signedInAccountId = accountId;
    },
    issueToken: (accountId) => issueToken(accountId),
    revokeToken(tokenValue) {
      const entry = state.tokens.get(tokenValue);
      if (entry) entry.revoked = true;
    },
    forgetApp(clientId) {
      state.apps.delete(clientId);
    },
    statusesOf: (accountId) => state.statuses.filter((s) => !accountId || s.accountId === accountId),
    setCounts(statusId, counts) {
      const status = state.statuses.find((s) => s.id === statusId);
      if (!status) throw new Error(`No status ${statusId}`);
      Object.assign(status, counts);
    },
    advanceClock(ms) {
      state.clockOffsetMs += ms;
    },
  };
}
