// A stand-in for X API v2 (docs/providers.md, "X"): OAuth 2.0 with PKCE (consent page, token, revoke),
// users/me, media upload, tweets and replies, lookups with metrics and a user's timeline, over real
// HTTP so the real client code runs against it. Refresh tokens are single-use, and reusing one kills
// the whole chain, as on X. Tweets come back (create answer, timeline) as X shows them: HTML-escaped,
// URLs and media as t.co links.
import { createHash, randomBytes } from "node:crypto";
import twitterText from "twitter-text";
import {
  avatarReply,
  basePathOf,
  consentPages,
  followConsent,
  json,
  oauthError,
  randomId,
  startFakeServer,
  type AvatarMode,
  type FakeControls,
  type FakeServer,
  type FakeStartOptions,
  type FaultOptions,
  type PendingConsent,
  type RecordedRequest,
  type Reply,
  type RequestMatcher,
  type RequestPayload,
  type Upload,
} from "./fake-kit";
import { accountLine, shownItem } from "./network-pages";

export { followConsent };
export type { FaultOptions, RecordedRequest, RequestMatcher };

export interface XFakeUser {
  id: string;
  name: string;
  username: string;
  profileImageUrl: string;
}

export interface XFakeToken {
  accessToken: string;
  userId: string;
  scope: string;
  chainId: string;
  expiresAt: number;
  revoked: boolean;
}

export interface XFakeRefreshToken {
  refreshToken: string;
  userId: string;
  scope: string;
  chainId: string;
  used: boolean;
  revoked: boolean;
}

export interface XFakeMedia {
  id: string;
  mediaKey: string;
  userId: string;
  bytes: Buffer;
  mimeType: string;
  category: string;
  expiresAt: number;
}

export interface XFakeTweet {
  id: string;
  userId: string;
  /** As sent. */
  text: string;
  /** As X shows it back (create answer, timeline): escaped, with t.co links. */
  shownText: string;
  mediaIds: string[];
  body: any;
  createdAt: Date;
  /** The tweet this one replies to (a thread's previous part). */
  repliedTo?: string;
  metrics: XFakeMetrics;
}

export interface XFakeMetrics {
  like_count: number;
  retweet_count: number;
  reply_count: number;
  quote_count: number;
  bookmark_count: number;
  impression_count: number;
}

interface AuthorizationCode {
  clientId: string;
  redirectUri: string;
  challenge: string;
  userId: string;
  scope: string;
  expiresAt: number;
}

export interface XFakeLimits {
  /** POST /2/tweets per user per 15 minutes. */
  tweetsPer15Min: number;
  /** POST /2/tweets per app per 24 hours. */
  appTweetsPer24h: number;
  /** Other endpoints, per user (or client) per 15 minutes. */
  otherPer15Min: number;
  maxImageBytes: number;
}

export interface XFakeState {
  clientId: string;
  clientSecret: string;
  users: Map<string, XFakeUser>;
  tokens: Map<string, XFakeToken>;
  refreshTokens: Map<string, XFakeRefreshToken>;
  /** Chains killed by a refresh-token reuse: every token in them is dead. */
  invalidatedChains: Set<string>;
  codes: Map<string, AuthorizationCode>;
  media: Map<string, XFakeMedia>;
  tweets: XFakeTweet[];
  requests: RecordedRequest[];
  /** The account "signed in" on the consent page (default: the first user created). */
  signedInUserId: string | null;
  limits: XFakeLimits;
  /** What the accounts' picture URLs answer (see AvatarMode; "png" by default). */
  avatarMode: AvatarMode;
}

export interface XFake extends FakeControls {
  url: string;
  /** The request handler, for mounting the fake inside another server (the demo's). */
  handle: FakeServer["handle"];
  oauthUrl: string;
  apiUrl: string;
  state: XFakeState;
  createUser(profile?: Partial<XFakeUser>): XFakeUser;
  signIn(userId: string): void;
  issueTokens(userId: string, options?: { expiresIn?: number; scope?: string }): { accessToken: string; refreshToken: string };
  expireAccessToken(accessToken: string): void;
  revoke(token: string): void;
  /** Tweets stored with exactly this text (all tweets when omitted). */
  countTweets(text?: string): number;
  /** A tweet posted by the user outside the app (another account's tweet to reply to, …). */
  seedTweet(userId: string, text: string, options?: { repliedTo?: string }): XFakeTweet;
  /** What GET /2/tweets?tweet.fields=public_metrics gives for this tweet from now on. */
  setMetrics(tweetId: string, metrics: Partial<XFakeMetrics>): void;
}

const FULL_SCOPE = "tweet.read tweet.write users.read media.write offline.access";
const WINDOW_MS = 15 * 60_000;
const DAY_MS = 86_400_000;
const MEDIA_CATEGORIES = new Set(["tweet_image", "tweet_gif", "tweet_video", "dm_image", "dm_gif", "dm_video", "subtitles"]);
const TWEET_FIELDS = new Set(["text", "media", "reply", "quote_tweet_id", "reply_settings", "poll"]);

const problem = (status: number, title: string, detail: string) => json(status, { title, detail, type: "about:blank", status });
/** Since 2026-02-24 an ordinary app may reply only where the author engaged it (docs/providers.md, "X"). */
export const REPLY_NOT_ALLOWED =
  "Reply to this conversation is not allowed because you have not been mentioned or otherwise engaged by the author of the post you are replying to.";
/** A reply to a tweet that does not exist (or was deleted). */
export const REPLY_PARENT_MISSING = "You attempted to reply to a Tweet that is deleted or not visible to you.";
const ZERO_METRICS: XFakeMetrics = { like_count: 0, retweet_count: 0, reply_count: 0, quote_count: 0, bookmark_count: 0, impression_count: 0 };
const unauthorized = () => problem(401, "Unauthorized", "Unauthorized");
const invalidRequest = (message: string) =>
  json(400, {
    errors: [{ parameters: {}, message }],
    title: "Invalid Request",
    detail: "One or more parameters to your request was invalid.",
    type: "https://api.twitter.com/2/problems/invalid-request",
  });
const seconds = (ms: number) => String(Math.ceil(ms / 1000));

function defaultFaultBody(status: number): unknown {
  if (status === 401) return { title: "Unauthorized", type: "about:blank", status, detail: "Unauthorized" };
  if (status === 429) return { errors: [{ code: 88, message: "Rate limit exceeded" }] };
  if (status === 503) return { title: "Service Unavailable", type: "about:blank", status, detail: "Service Unavailable" };
  if (status >= 500) return { title: "Internal Server Error", type: "about:blank", status, detail: "Internal Server Error" };
  return { title: "Injected error", type: "about:blank", status, detail: `Injected error ${status}` };
}

const ALPHANUMERIC = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
const tcoLink = () => `https://t.co/${Array.from(randomBytes(10), (byte) => ALPHANUMERIC[byte % ALPHANUMERIC.length]).join("")}`;
const escapeHtml = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

/**
 * The text as X shows it back, not as it was sent: every URL (bare domains too, as twitter-text
 * finds them) becomes a t.co link, `&`, `<` and `>` are HTML-escaped, and a tweet with media ends
 * with one more t.co link for all of it.
 */
function shownAsX(text: string, withMedia: boolean): string {
  let shown = "";
  let at = 0;
  for (const { indices } of twitterText.extractUrlsWithIndices(text)) {
    shown += escapeHtml(text.slice(at, indices[0])) + tcoLink();
    at = indices[1];
  }
  shown += escapeHtml(text.slice(at));
  if (!withMedia) return shown;
  return shown ? `${shown} ${tcoLink()}` : tcoLink();
}

function isImage(bytes: Buffer): boolean {
  const hex = bytes.subarray(0, 4).toString("hex");
  const ascii = bytes.subarray(0, 12).toString("latin1");
  return hex.startsWith("ffd8ff") || hex === "89504e47" || ascii.startsWith("GIF8") || (ascii.startsWith("RIFF") && ascii.endsWith("WEBP"));
}

export interface XFakeStartOptions extends FakeStartOptions {
  /** Lifetime of the access tokens X issues (`expires_in`); X's is two hours. */
  accessTokenSeconds?: number;
}

export async function startXFake({
  port: wantedPort = 0,
  latencyMs = 0,
  clientId = "x-test-client",
  clientSecret = "x-test-secret",
  accessTokenSeconds = 7200,
  mountAt,
}: XFakeStartOptions = {}): Promise<XFake> {
  const state: XFakeState = {
    clientId,
    clientSecret,
    users: new Map(),
    tokens: new Map(),
    refreshTokens: new Map(),
    invalidatedChains: new Set(),
    codes: new Map(),
    media: new Map(),
    tweets: [],
    requests: [],
    signedInUserId: null,
    limits: { tweetsPer15Min: 100, appTweetsPer24h: 10_000, otherPer15Min: 900, maxImageBytes: 5 * 1024 * 1024 },
    avatarMode: "png",
  };
  const consent = consentPages<PendingConsent & { challenge: string }>({
    title: mountAt ? "X (demo)" : "X (fake)",
    decidePath: `${basePathOf(mountAt)}/i/oauth2/authorize/decide`,
    look: { name: "X", accent: "#1d9bf0" },
    demo: Boolean(mountAt),
  });
  const windows = new Map<string, { count: number; resetAt: number }>();
  let counter = 0;
  let baseUrl = "";

  function createUser(profile: Partial<XFakeUser> = {}): XFakeUser {
    counter++;
    const user: XFakeUser = {
      id: String(1_400_000_000 + counter),
      name: `X User ${counter}`,
      username: `xuser${counter}`,
      profileImageUrl: `${baseUrl}/profile_images/${counter}_normal.png`,
      ...profile,
    };
    state.users.set(user.id, user);
    state.signedInUserId ??= user.id;
    return user;
  }

  function issueTokens(userId: string, { expiresIn = accessTokenSeconds, scope = FULL_SCOPE, chainId = randomId(8) } = {}) {
    const accessToken = `xat-${randomId(36)}`;
    state.tokens.set(accessToken, { accessToken, userId, scope, chainId, expiresAt: Date.now() + expiresIn * 1000, revoked: false });
    const refreshToken = `xrt-${randomId(36)}`;
    state.refreshTokens.set(refreshToken, { refreshToken, userId, scope, chainId, used: false, revoked: false });
    return { accessToken, refreshToken };
  }

  function tokenAnswer(userId: string, scope: string, chainId?: string): Reply {
    const pair = issueTokens(userId, { scope, chainId });
    const offline = scope.split(" ").includes("offline.access");
    if (!offline) state.refreshTokens.delete(pair.refreshToken);
    return json(200, {
      token_type: "bearer",
      expires_in: accessTokenSeconds,
      access_token: pair.accessToken,
      scope,
      ...(offline ? { refresh_token: pair.refreshToken } : {}),
    });
  }

  function bearerUser(request: RecordedRequest, scope?: string): { user: XFakeUser } | Reply {
    const header = request.headers.authorization ?? "";
    const token = header.startsWith("Bearer ") ? state.tokens.get(header.slice(7)) : undefined;
    if (!token || token.revoked || token.expiresAt <= Date.now() || state.invalidatedChains.has(token.chainId)) return unauthorized();
    const user = state.users.get(token.userId);
    if (!user) return unauthorized();
    if (scope && !token.scope.split(" ").includes(scope)) return problem(403, "Forbidden", `Missing scope ${scope}`);
    return { user };
  }

  function clientAuthenticated(request: RecordedRequest): boolean {
    const header = request.headers.authorization ?? "";
    if (!header.startsWith("Basic ")) return false;
    return Buffer.from(header.slice(6), "base64").toString("utf8") === `${state.clientId}:${state.clientSecret}`;
  }

  /** Counts the request in its 15-minute window; the x-rate-limit-* headers every answer carries. */
  function rateLimit(request: RecordedRequest, subject: string, consume: boolean): { headers: Record<string, string>; exceeded: boolean } {
    const isTweet = request.method === "POST" && request.path === "/2/tweets";
    const limit = isTweet ? state.limits.tweetsPer15Min : state.limits.otherPer15Min;
    const key = `${request.method} ${request.path.replace(/\/\d+\//, "/:id/")} ${subject}`;
    const now = Date.now();
    let window = windows.get(key);
    if (!window || window.resetAt <= now) windows.set(key, (window = { count: 0, resetAt: now + WINDOW_MS }));
    if (consume) window.count++;
    const headers: Record<string, string> = {
      "x-rate-limit-limit": String(limit),
      "x-rate-limit-remaining": String(Math.max(0, limit - window.count)),
      "x-rate-limit-reset": seconds(window.resetAt),
    };
    let exceeded = window.count > limit;
    if (isTweet) {
      let app = windows.get("app-24h");
      if (!app || app.resetAt <= now) windows.set("app-24h", (app = { count: 0, resetAt: now + DAY_MS }));
      if (consume) app.count++;
      headers["x-app-limit-24hour-limit"] = String(state.limits.appTweetsPer24h);
      headers["x-app-limit-24hour-remaining"] = String(Math.max(0, state.limits.appTweetsPer24h - app.count));
      headers["x-app-limit-24hour-reset"] = seconds(app.resetAt);
      exceeded ||= app.count > state.limits.appTweetsPer24h;
    }
    return { headers, exceeded };
  }

  function authorizePage(request: RecordedRequest): Reply {
    const q = request.query;
    const invalid = consent.invalid(q, state.clientId);
    if (invalid) return invalid;
    if (!q.code_challenge || q.code_challenge_method !== "S256")
      return consent.page(400, "<h1>code_challenge with code_challenge_method=S256 is required</h1>");
    if (!q.state) return consent.page(400, "<h1>state is required</h1>");
    const txn = consent.open({ clientId: q.client_id!, redirectUri: q.redirect_uri!, state: q.state, scope: q.scope ?? "", challenge: q.code_challenge });
    const userId = state.signedInUserId ?? createUser().id;
    const user = state.users.get(userId);
    const scopes = (q.scope ?? "").split(" ").filter(Boolean);
    return consent.ask(
      txn,
      `<h1>Authorize app to access your X account?</h1><p class="muted">Signed in as</p>${accountLine(user?.name ?? userId, `@${user?.username ?? userId}`, user?.profileImageUrl ?? "")}` +
        `<p>The app will be able to:</p><ul>${scopes.map((scope) => `<li>${scope.replace(/[^\w.]/g, "")}</li>`).join("")}</ul>`,
    );
  }

  function decide(request: RecordedRequest): Reply {
    return consent.decide(request, (pending, allowed): Record<string, string> => {
      if (!allowed) return { error: "access_denied" };
      const userId = state.signedInUserId ?? createUser().id;
      const code = randomId(30);
      state.codes.set(code, {
        clientId: pending.clientId,
        redirectUri: pending.redirectUri,
        challenge: pending.challenge,
        userId,
        scope: pending.scope,
        expiresAt: Date.now() + 10 * 60_000,
      }); // X says 30 s; longer here so slow test runs never flake
      return { code };
    });
  }

  function token(request: RecordedRequest): Reply {
    if (!clientAuthenticated(request)) return oauthError(401, "unauthorized_client", "Missing valid authorization header");
    const form = (request.body ?? {}) as Record<string, string>;
    if (form.client_id !== undefined && form.client_id !== state.clientId) return oauthError(400, "invalid_request", "client_id does not match");
    if (form.grant_type === "authorization_code") {
      const code = state.codes.get(form.code ?? "");
      const verifier = form.code_verifier ?? "";
      const challenge = createHash("sha256").update(verifier).digest("base64url");
      const valid =
        code &&
        code.expiresAt > Date.now() &&
        code.redirectUri === form.redirect_uri &&
        /^[A-Za-z0-9\-._~]{43,128}$/.test(verifier) &&
        challenge === code.challenge;
      if (!valid) return oauthError(400, "invalid_request", "Value passed for the authorization code was invalid.");
      state.codes.delete(form.code ?? ""); // single-use
      return tokenAnswer(code.userId, code.scope);
    }
    if (form.grant_type === "refresh_token") {
      const refresh = state.refreshTokens.get(form.refresh_token ?? "");
      if (!refresh || refresh.revoked || state.invalidatedChains.has(refresh.chainId)) {
        return oauthError(400, "invalid_request", "Value passed for the token was invalid.");
      }
      if (refresh.used) {
        state.invalidatedChains.add(refresh.chainId); // reuse looks like theft: the whole chain dies
        return oauthError(400, "invalid_request", "Value passed for the token was invalid.");
      }
      refresh.used = true;
      return tokenAnswer(refresh.userId, refresh.scope, refresh.chainId);
    }
    return oauthError(400, "unsupported_grant_type", "Unsupported grant type");
  }

  function revokeToken(request: RecordedRequest): Reply {
    if (!clientAuthenticated(request)) return oauthError(401, "unauthorized_client", "Missing valid authorization header");
    const value = String(request.body?.token ?? "");
    if (!value) return oauthError(400, "invalid_request", "Missing required parameter [token].");
    revoke(value);
    return json(200, { revoked: true });
  }

  function revoke(value: string): void {
    const access = state.tokens.get(value);
    if (access) access.revoked = true;
    const refresh = state.refreshTokens.get(value);
    if (refresh) refresh.revoked = true;
  }

  function me(user: XFakeUser, request: RecordedRequest): Reply {
    const fields = (request.query["user.fields"] ?? "").split(",");
    return json(200, {
      data: {
        id: user.id,
        name: user.name,
        username: user.username,
        ...(fields.includes("profile_image_url") ? { profile_image_url: user.profileImageUrl } : {}),
      },
    });
  }

  function uploadMedia(user: XFakeUser, upload: Upload | undefined): Reply {
    if (!upload) return invalidRequest("A multipart/form-data body with media is required");
    const file = upload.files.media;
    if (!file) return invalidRequest("The `media` field is required");
    const category = upload.fields.media_category;
    if (!category || !MEDIA_CATEGORIES.has(category)) return invalidRequest("The `media_category` field must be one of tweet_image, tweet_gif, …");
    if (file.bytes.length > state.limits.maxImageBytes)
      return problem(413, "Payload Too Large", `Image file size must be <= ${state.limits.maxImageBytes} bytes`);
    if (!isImage(file.bytes)) return invalidRequest("Unsupported media type: JPG, PNG, GIF or WEBP expected");
    counter++;
    const id = String(1_880_000_000_000_000_000n + BigInt(counter));
    const media: XFakeMedia = { id, mediaKey: `3_${id}`, userId: user.id, bytes: file.bytes, mimeType: file.type, category, expiresAt: Date.now() + DAY_MS };
    state.media.set(id, media);
    return json(200, { data: { id, media_key: media.mediaKey, size: file.bytes.length, expires_after_secs: 86_400 } });
  }

  function createTweet(user: XFakeUser, body: any): Reply {
    if (!body || typeof body !== "object") return invalidRequest("A JSON body is required");
    const unknown = Object.keys(body).find((key) => !TWEET_FIELDS.has(key));
    if (unknown) return invalidRequest(`The \`${unknown}\` field is not allowed`);
    if (body.text !== undefined && typeof body.text !== "string") return invalidRequest("The `text` field must be a string");
    const text: string = body.text ?? "";
    const mediaIds: unknown = body.media?.media_ids;
    if (body.media !== undefined && (!Array.isArray(mediaIds) || mediaIds.length < 1 || mediaIds.length > 4 || mediaIds.some((m) => typeof m !== "string"))) {
      return invalidRequest("`media.media_ids` must hold 1 to 4 media id strings");
    }
    const ids = (mediaIds ?? []) as string[];
    if (!text && ids.length === 0) return invalidRequest("Tweet text or media is required");
    const foreign = ids.find((id) => {
      const media = state.media.get(id);
      return !media || media.userId !== user.id || media.expiresAt <= Date.now();
    });
    if (foreign) return invalidRequest(`Your media IDs are invalid: ${foreign}`);
    if (twitterText.parseTweet(text).weightedLength > 280) return invalidRequest("Your Tweet text is too long.");
    const reply = replyProblem(user, body.reply);
    if (typeof reply !== "string" && reply !== undefined) return reply;
    const duplicate = text && state.tweets.some((t) => t.userId === user.id && t.text === text && Date.now() - t.createdAt.getTime() < DAY_MS);
    if (duplicate) return problem(403, "Forbidden", "You are not allowed to create a Tweet with duplicate content.");
    const id = String(1_900_000_000_000_000_000n + BigInt(state.tweets.length + 1));
    const shownText = shownAsX(text, ids.length > 0);
    state.tweets.push({ id, userId: user.id, text, shownText, mediaIds: ids, body, createdAt: new Date(), repliedTo: reply, metrics: { ...ZERO_METRICS } });
    return json(201, { data: { id, text: shownText, edit_history_tweet_ids: [id] } });
  }

  /** The parent id of a valid `reply`, undefined without one, or X's refusal. */
  function replyProblem(user: XFakeUser, reply: any): string | undefined | Reply {
    if (reply === undefined) return undefined;
    const parentId = reply?.in_reply_to_tweet_id;
    if (typeof parentId !== "string" || !/^\d+$/.test(parentId)) return invalidRequest("`reply.in_reply_to_tweet_id` must be a tweet id");
    const parent = state.tweets.find((t) => t.id === parentId);
    if (!parent) return problem(403, "Forbidden", REPLY_PARENT_MISSING);
    // Own tweets (a thread) are fine; another author's only if it mentioned this account.
    const mentioned = new RegExp(`(^|[^\\w])@${user.username}\\b`, "i").test(parent.text);
    if (parent.userId !== user.id && !mentioned) return problem(403, "Forbidden", REPLY_NOT_ALLOWED);
    return parentId;
  }

  function lookupTweets(request: RecordedRequest): Reply {
    const ids = (request.query.ids ?? "").split(",").filter(Boolean);
    if (ids.length < 1 || ids.length > 100 || ids.some((id) => !/^\d{1,19}$/.test(id))) {
      return invalidRequest("The `ids` query parameter value must be 1 to 100 comma-separated tweet ids");
    }
    const withMetrics = (request.query["tweet.fields"] ?? "").split(",").includes("public_metrics");
    const data = [];
    const errors = [];
    // One pass over the stored tweets, not one per id (the metrics bench stores 10,000).
    const wanted = new Set(ids);
    const byId = new Map(state.tweets.filter((t) => wanted.has(t.id)).map((t) => [t.id, t]));
    for (const id of ids) {
      const tweet = byId.get(id);
      if (!tweet) {
        errors.push({
          value: id,
          detail: `Could not find tweet with ids: [${id}].`,
          title: "Not Found Error",
          resource_type: "tweet",
          parameter: "ids",
          resource_id: id,
          type: "https://api.twitter.com/2/problems/resource-not-found",
        });
        continue;
      }
      data.push({ id, text: tweet.shownText, edit_history_tweet_ids: [id], ...(withMetrics ? { public_metrics: { ...tweet.metrics } } : {}) });
    }
    // Like X: `data` only when something was found, `errors` only when something was not.
    return json(200, { ...(data.length > 0 ? { data } : {}), ...(errors.length > 0 ? { errors } : {}) });
  }

  function timeline(userId: string, request: RecordedRequest): Reply {
    if (!state.users.has(userId)) return problem(404, "Not Found Error", `Could not find user with id: [${userId}].`);
    const max = Number(request.query.max_results ?? 10);
    if (!Number.isInteger(max) || max < 5 || max > 100) return invalidRequest("`max_results` must be between 5 and 100");
    const since = request.query.start_time ? Date.parse(request.query.start_time) : 0;
    if (Number.isNaN(since)) return invalidRequest("`start_time` must be an RFC 3339 date-time");
    const fields = (request.query["tweet.fields"] ?? "").split(",");
    const withDate = fields.includes("created_at");
    const withReferences = fields.includes("referenced_tweets");
    const found = state.tweets
      .filter((t) => t.userId === userId && t.createdAt.getTime() >= since)
      .reverse()
      .slice(0, max)
      .map((t) => ({
        id: t.id,
        text: t.shownText,
        edit_history_tweet_ids: [t.id],
        ...(withDate ? { created_at: t.createdAt.toISOString() } : {}),
        ...(withReferences && t.repliedTo ? { referenced_tweets: [{ type: "replied_to", id: t.repliedTo }] } : {}),
      }));
    // X leaves `data` out when there is nothing.
    if (found.length === 0) return json(200, { meta: { result_count: 0 } });
    return json(200, { data: found, meta: { result_count: found.length, newest_id: found[0]!.id, oldest_id: found[found.length - 1]!.id } });
  }

  function api(request: RecordedRequest, upload: Upload | undefined): Reply {
    const { method, path } = request;
    const scope =
      method === "POST" && path === "/2/tweets"
        ? "tweet.write"
        : path === "/2/media/upload"
          ? "media.write"
          : path === "/2/users/me"
            ? "users.read"
            : "tweet.read";
    const auth = bearerUser(request, scope);
    if ("status" in auth) return auth;
    const { headers, exceeded } = rateLimit(request, auth.user.id, true);
    const reply = exceeded
      ? json(429, { errors: [{ code: 88, message: "Rate limit exceeded" }] })
      : method === "GET" && path === "/2/users/me"
        ? me(auth.user, request)
        : method === "POST" && path === "/2/media/upload"
          ? uploadMedia(auth.user, upload)
          : method === "POST" && path === "/2/tweets"
            ? createTweet(auth.user, request.body)
            : method === "GET" && path === "/2/tweets"
              ? lookupTweets(request)
              : method === "GET" && /^\/2\/users\/[^/]+\/tweets$/.test(path)
                ? timeline(decodeURIComponent(path.split("/")[3] ?? ""), request)
                : problem(404, "Not Found Error", `No route ${method} ${path}`);
    return { ...reply, headers: { ...headers, ...reply.headers } };
  }

  /** A tweet's page at the address the app links to (x.com/{username}/status/{id}): the thread up to it, it, and the replies under it. */
  function tweetPage(id: string): Reply {
    const tweet = state.tweets.find((t) => t.id === id);
    if (!tweet) return consent.page(404, "<h1>Hmm...this page doesn’t exist.</h1><p>Try searching for something else.</p>");
    const shown = (t: XFakeTweet) => {
      const user = state.users.get(t.userId);
      const handle = user?.username ?? t.userId;
      return shownItem({
        author: user?.name ?? handle,
        handle: `@${handle}`,
        picture: user?.profileImageUrl ?? "",
        text: t.text,
        at: t.createdAt,
        here: t.id === id,
        href: `${baseUrl}/${handle}/status/${t.id}`,
      });
    };
    const before: XFakeTweet[] = [];
    for (let parent = state.tweets.find((t) => t.id === tweet.repliedTo); parent; parent = state.tweets.find((t) => t.id === parent!.repliedTo))
      before.unshift(parent);
    const after: XFakeTweet[] = [];
    for (let reply = state.tweets.find((t) => t.repliedTo === tweet.id); reply; reply = state.tweets.find((t) => t.repliedTo === reply!.id)) after.push(reply);
    return consent.page(200, [...before, tweet, ...after].map(shown).join(""));
  }

  function route(request: RecordedRequest, { upload }: RequestPayload): Reply | Promise<Reply> {
    const { method, path } = request;
    const status = /^\/([A-Za-z0-9_]{1,15})\/status\/(\d+)$/.exec(path);
    if (status && method === "GET") return tweetPage(status[2]!);
    if (method === "GET" && path === "/i/oauth2/authorize") return authorizePage(request);
    if (method === "GET" && path === "/i/oauth2/authorize/decide") return decide(request);
    // The accounts' pictures (pbs.twimg.com at X): public, no token.
    if (method === "GET" && path.startsWith("/profile_images/")) return avatarReply(state.avatarMode, path);
    const reply =
      method === "POST" && path === "/2/oauth2/token"
        ? token(request)
        : method === "POST" && path === "/2/oauth2/revoke"
          ? revokeToken(request)
          : api(request, upload);
    // Every API answer carries the rate-limit headers, errors included.
    return { ...reply, headers: { ...rateLimit(request, "client", false).headers, ...reply.headers } };
  }

  /** X's rate-limit headers on injected faults too; an injected 429 says the window is spent. */
  function faultHeaders(request: RecordedRequest, status: number): Record<string, string> {
    const headers = request.path.startsWith("/2/") ? rateLimit(request, "fault", false).headers : {};
    if (status === 429) {
      headers["x-rate-limit-remaining"] = "0";
      headers["x-rate-limit-reset"] = seconds(Date.now() + WINDOW_MS);
    }
    return headers;
  }

  const server = await startFakeServer({
    mountAt,
    port: wantedPort,
    latencyMs,
    jsonType: "application/json; charset=utf-8",
    multipart: true,
    record: (request) => state.requests.push(request),
    route,
    faultBody: defaultFaultBody,
    faultHeaders,
    errorReply: (message) => problem(500, "Internal Server Error", message),
  });
  baseUrl = server.url;

  return {
    ...server,
    oauthUrl: `${baseUrl}/i/oauth2`,
    apiUrl: baseUrl,
    state,
    createUser,
    signIn(userId) {
      state.signedInUserId = userId;
    },
    issueTokens: (userId, options) => issueTokens(userId, options),
    expireAccessToken(accessToken) {
      const record = state.tokens.get(accessToken);
      if (record) record.expiresAt = Date.now() - 1000;
    },
    revoke,
    countTweets: (text) => (text === undefined ? state.tweets.length : state.tweets.filter((t) => t.text === text).length),
    seedTweet(userId, text, { repliedTo } = {}) {
      const id = String(1_900_000_000_000_000_000n + BigInt(state.tweets.length + 1));
      const tweet: XFakeTweet = {
        id,
        userId,
        text,
        shownText: shownAsX(text, false),
        mediaIds: [],
        body: { text },
        createdAt: new Date(),
        repliedTo,
        metrics: { ...ZERO_METRICS },
      };
      state.tweets.push(tweet);
      return tweet;
    },
    setMetrics(tweetId, metrics) {
      const tweet = state.tweets.find((t) => t.id === tweetId);
      if (!tweet) throw new Error(`No tweet ${tweetId}`);
      tweet.metrics = { ...tweet.metrics, ...metrics };
    },
  };
}
